import { type FormEvent, type KeyboardEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ClockIcon } from '../../components/ui/icons/clock.tsx';
import { SearchInput } from '../../components/ui/search-input.tsx';
import { cx } from '../../lib/cx.ts';
import { readRecentSearches, saveRecentSearch } from '../../lib/recent-searches.ts';

/** Where a search goes: the search page with the keyword, or without one (it then lists the recent ones). */
function searchPath(keyword: string): string {
  const trimmed = keyword.trim();
  return trimmed ? `/search?${new URLSearchParams({ q: trimmed })}` : '/search';
}

/**
 * The header's search box (wide screens): posts by keyword, with the recent searches of this device
 * (the search page's list, lib/recent-searches.ts) under it while it has focus and is empty.
 */
export function HeaderSearchBox({ className }: { className?: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = useId();
  const wrapper = useRef<HTMLFormElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [recent, setRecent] = useState<string[]>([]);
  const shown = open && text.trim() === '' ? recent : [];

  const go = (keyword: string) => {
    saveRecentSearch(keyword);
    setOpen(false);
    setText('');
    input.current?.blur();
    navigate(searchPath(keyword));
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    go(text);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !open) return;
    setOpen(false);
    input.current?.focus();
  };

  return (
    <search className={cx('relative', className)}>
      <form
        ref={wrapper}
        onSubmit={onSubmit}
        onKeyDown={onKeyDown}
        onBlur={(event) => {
          // Focus moving to one of the recent searches keeps the list open.
          const next = event.relatedTarget;
          if (!(next instanceof Node && wrapper.current?.contains(next))) setOpen(false);
        }}
        data-testid="header-search"
      >
        <SearchInput
          ref={input}
          size="sm"
          value={text}
          onChange={(event) => setText(event.target.value)}
          onFocus={() => {
            setRecent(readRecentSearches());
            setOpen(true);
          }}
          placeholder={t('header.searchPlaceholder')}
          aria-label={t('header.searchLabel')}
          aria-controls={shown.length > 0 ? `${id}-recent` : undefined}
          aria-expanded={shown.length > 0}
          maxLength={200}
          enterKeyHint="search"
          data-testid="header-search-input"
        />
        {shown.length > 0 && (
          <div
            id={`${id}-recent`}
            className="absolute inset-x-0 top-full z-50 mt-1 overflow-hidden rounded-xl border border-slate-200 bg-white py-1 shadow-lg dark:border-slate-700 dark:bg-slate-900"
            data-testid="header-recent-searches"
          >
            <p
              id={`${id}-recent-title`}
              className="px-3 pt-1 pb-1.5 text-xs font-semibold text-slate-600 dark:text-slate-400"
            >
              {t('header.recentSearches')}
            </p>
            <ul aria-labelledby={`${id}-recent-title`}>
              {shown.map((item) => (
                <li key={item}>
                  <button
                    type="button"
                    // Keeps the focus in the box until the click lands (its blur would close the list first).
                    onMouseDown={(event) => event.preventDefault()}
                    onClick={() => go(item)}
                    className="flex w-full items-center gap-2 px-3 py-2 text-start text-sm text-slate-800 hover:bg-slate-100 focus-visible:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800 dark:focus-visible:bg-slate-800"
                    data-testid="header-recent-search"
                  >
                    <ClockIcon className="size-4 shrink-0 text-slate-500" />
                    <span dir="auto" className="truncate">
                      {item}
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          </div>
        )}
      </form>
    </search>
  );
}
