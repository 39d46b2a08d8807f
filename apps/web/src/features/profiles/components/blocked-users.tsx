import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useLanguage } from '../../../lib/i18n.ts';
import { apiErrorText } from '../../../lib/messages.ts';
import { formatDate } from '../../../lib/time.ts';
import { useBlockedUsers } from '../api/blocks.ts';
import { BlockButton } from './block-button.tsx';

/** Settings › Blocked accounts: whom the user blocked, each with Unblock. */
export function BlockedUsers() {
  const { t } = useTranslation();
  const language = useLanguage();
  const blocked = useBlockedUsers();
  return (
    <div className="flex flex-col gap-4" data-testid="blocked-users">
      <p className="text-slate-600 dark:text-slate-300">{t('blocks.text')}</p>
      {blocked.isPending ? (
        <Spinner className="text-primary-700 dark:text-primary-300" />
      ) : blocked.isError ? (
        <p role="alert" className="text-red-700 dark:text-red-300">
          {apiErrorText(t, blocked.error)}
        </p>
      ) : blocked.data.users.length === 0 ? (
        <p className="text-slate-500 dark:text-slate-400" data-testid="blocked-users-empty">
          {t('blocks.empty')}
        </p>
      ) : (
        <ul className="flex flex-col divide-y divide-slate-200 dark:divide-slate-800">
          {blocked.data.users.map((user) => (
            <li key={user.id} className="flex items-center gap-3 py-3" data-testid="blocked-user">
              <Avatar name={user.name} src={user.picture?.url ?? null} size="sm" />
              <div className="min-w-0 flex-1">
                <Link
                  to={`/user/${user.id}`}
                  dir="auto"
                  className="block truncate font-medium text-slate-900 hover:underline dark:text-slate-50"
                >
                  {user.name}
                </Link>
                <p className="text-sm text-slate-500 dark:text-slate-400">
                  {t('blocks.since', { date: formatDate(user.blocked_at, language) })}
                </p>
              </div>
              <BlockButton userId={user.id} name={user.name} isBlocked size="sm" testId="unblock-button" />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
