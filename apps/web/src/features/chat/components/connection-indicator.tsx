import { useTranslation } from 'react-i18next';
import { cx } from '../../../lib/cx.ts';
import { translateMessage } from '../../../lib/messages.ts';
import { type RealtimeStatus, useRealtimeState } from '../../../lib/realtime.ts';

const dots: Record<RealtimeStatus, string> = {
  connecting: 'bg-amber-500 animate-pulse',
  reconnecting: 'bg-amber-500 animate-pulse',
  online: 'bg-emerald-500',
  offline: 'bg-slate-400 dark:bg-slate-500',
};

/** Spec §2: connecting, reconnecting, online, offline. */
export function ConnectionIndicator({ className }: { className?: string }) {
  const { t } = useTranslation();
  const { status, error } = useRealtimeState();
  const label = t(`chat.connection.${status}`);
  return (
    <span
      data-testid="chat-connection"
      data-status={status}
      title={error ? translateMessage(t, error) : label}
      className={cx('inline-flex items-center gap-1.5 text-xs text-slate-600 dark:text-slate-300', className)}
    >
      <span aria-hidden="true" className={cx('size-2 rounded-full', dots[status])} />
      <span aria-live="polite">{label}</span>
    </span>
  );
}
