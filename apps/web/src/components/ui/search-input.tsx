import type { InputHTMLAttributes, Ref } from 'react';
import { cx } from '../../lib/cx.ts';
import { SearchIcon } from './icons/search.tsx';
import { Spinner } from './spinner.tsx';

export interface SearchInputProps
  extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'size' | 'className'> {
  /** Classes of the box's wrapper: its place in the layout (`flex-1` in a row). */
  className?: string;
  /** `sm` for narrow panels (the chat's lists). */
  size?: 'md' | 'sm';
  /** Results are on their way: a spinner shows at the end of the box. */
  busy?: boolean;
  ref?: Ref<HTMLInputElement>;
}

const sizes = {
  md: { input: 'h-11 ps-11 pe-10 text-base sm:text-sm', icon: 'start-3.5 size-5' },
  sm: { input: 'h-10 ps-9 pe-9 text-sm', icon: 'start-3 size-4' },
};

/**
 * A search box: the magnifier at its start, a spinner at its end while busy. It takes the page's
 * direction, not dir="auto": the icon and the padding beside it must stay on one side. Its label is the
 * caller's (a `<label htmlFor>` or `aria-label`).
 */
export function SearchInput({ size = 'md', busy = false, className, ...props }: SearchInputProps) {
  return (
    <div className={cx('relative', className)}>
      <SearchIcon
        className={cx(
          'pointer-events-none absolute top-1/2 -translate-y-1/2 text-slate-500',
          sizes[size].icon,
        )}
      />
      <input
        type="search"
        autoComplete="off"
        className={cx(
          'w-full rounded-xl border border-slate-300 bg-white text-slate-900 shadow-sm placeholder:text-slate-500',
          'focus-visible:border-primary-600 focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-primary-600/40',
          'dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 dark:focus-visible:border-primary-300 dark:focus-visible:outline-primary-300/40',
          sizes[size].input,
        )}
        {...props}
      />
      {busy && (
        <span className="absolute end-3.5 top-1/2 -translate-y-1/2 text-primary-700 dark:text-primary-300">
          <Spinner size="sm" decorative />
        </span>
      )}
    </div>
  );
}
