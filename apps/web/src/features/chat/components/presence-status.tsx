import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../lib/i18n.ts';
import { useRealtimeState } from '../../../lib/realtime.ts';
import { presenceLabel } from '../format.ts';
import { selectPresence } from '../state/selectors.ts';
import { useChat } from '../store.ts';
import { loadPresence } from '../sync.ts';

/** 'Last seen …' moves on by itself: the label is worked out again every minute. */
function useMinuteClock() {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/**
 * The other person's presence under their name in the chat header: 'Online' or 'Last seen …',
 * nothing when it is hidden or unknown. Asked for when shown and after each (re)connect; kept live by
 * `PresenceChanged` events through the store.
 */
export function PresenceStatus({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const presence = useChat(selectPresence(userId));
  const { status } = useRealtimeState();
  const now = useMinuteClock();
  useEffect(() => {
    if (status === 'online') void loadPresence([userId]);
  }, [userId, status]);
  const label = presenceLabel(presence, t, language, now);
  if (!label) return null;
  const online = presence?.online === true;
  return (
    <span
      data-testid="chat-presence"
      data-online={online}
      className="inline-flex items-center gap-1.5 text-xs text-slate-600 dark:text-slate-300"
    >
      {online && <span aria-hidden="true" className="size-2 rounded-full bg-emerald-500" />}
      <span aria-live="polite">{label}</span>
    </span>
  );
}
