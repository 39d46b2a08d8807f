import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { PencilIcon } from '../../../components/ui/icons/pencil.tsx';
import { cx } from '../../../lib/cx.ts';
import { useStoredUser } from '../../../lib/stored-user.ts';

/**
 * On a phone, the home page's way into the post form: one line that opens it (the full form took the
 * whole first screen). Wider screens show the form itself.
 */
export function ComposerStart({
  formId,
  onStart,
  className,
  ref,
}: {
  /** The form it opens. */
  formId: string;
  onStart: () => void;
  className?: string;
  ref?: Ref<HTMLButtonElement>;
}) {
  const { t } = useTranslation();
  const me = useStoredUser();
  return (
    <button
      ref={ref}
      type="button"
      onClick={onStart}
      aria-controls={formId}
      aria-expanded={false}
      data-testid="composer-start"
      className={cx(
        'flex min-h-16 w-full items-center gap-3 rounded-2xl border border-slate-200 bg-white p-3 text-start shadow-sm hover:bg-slate-50 dark:border-slate-800 dark:bg-slate-900 dark:hover:bg-slate-800',
        className,
      )}
    >
      {me && <Avatar name={me.name} src={me.avatar} size="sm" />}
      <span className="min-w-0 flex-1 truncate rounded-full border border-slate-300 px-4 py-2 text-sm text-slate-600 dark:border-slate-700 dark:text-slate-300">
        {t('posts.composer.startPrompt')}
      </span>
      <span className="inline-flex items-center gap-1.5 text-sm font-semibold text-primary-700 dark:text-primary-300">
        <PencilIcon className="size-4" />
        {t('posts.composer.start')}
      </span>
    </button>
  );
}
