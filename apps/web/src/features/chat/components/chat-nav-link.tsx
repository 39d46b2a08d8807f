import { lazy, type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { IconNavLink } from '../../../components/ui/icon-nav-link.tsx';
import { MessageIcon } from '../../../components/ui/icons/message.tsx';
import { UnreadBadge } from '../../../components/ui/unread-badge.tsx';
import { inTurn, useAfterLoadIdle } from '../../../lib/after-load.ts';

/**
 * The header's chat entry: its label and the live total of unread messages. Mounting it keeps the
 * signed-in user's chat connection running everywhere in the app.
 */
export function ChatNavLabel() {
  const { t } = useTranslation();
  return (
    <WithUnreadCount>
      {(count) => (
        <span className="inline-flex items-center gap-1.5">
          <span aria-hidden={count > 0 || undefined}>{t('nav.chat')}</span>
          {count > 0 && <span className="sr-only">{t('nav.chatUnread', { count })}</span>}
          <UnreadBadge count={count} testId="chat-unread-badge" />
        </span>
      )}
    </WithUnreadCount>
  );
}

// The chat store is code no first screen needs: the counts in it come from the chat's connection, which
// starts once the page has loaded and gone idle (ChatRealtime), so the store loads then too. Until then
// the header shows no count, as it does before the counts arrive from the server; the page's own
// code and photo do not wait behind the store's (a post's page painted its photo later for it).
const LiveUnreadCount = lazy(() =>
  inTurn(() => import('./live-unread-count.tsx')).then((m) => ({ default: m.LiveUnreadCount })),
);

function WithUnreadCount({ children }: { children: (count: number) => ReactNode }) {
  const loaded = useAfterLoadIdle();
  if (!loaded) return children(0);
  return (
    <Suspense fallback={children(0)}>
      <LiveUnreadCount>{children}</LiveUnreadCount>
    </Suspense>
  );
}

// The Socket.IO client and the chat's sync code are a fifth of the app's script: no first screen needs
// them, so they load once the page has loaded and gone idle.
const ChatRealtimeConnection = lazy(() =>
  inTurn(() => import('./chat-realtime.tsx')).then((m) => ({ default: m.ChatRealtimeConnection })),
);

/** Runs the chat's live connection while someone is signed in (rendered once, by the header). */
export function ChatRealtime({ signedIn }: { signedIn: boolean }) {
  const loaded = useAfterLoadIdle();
  if (!signedIn || !loaded) return null;
  return (
    <Suspense fallback={null}>
      <ChatRealtimeConnection />
    </Suspense>
  );
}

/** On narrow screens, where the nav sits in the menu: the chat as an icon with its unread count. */
export function ChatIconLink({ className }: { className?: string }) {
  return <WithUnreadCount>{(count) => <ChatIcon count={count} className={className} />}</WithUnreadCount>;
}

function ChatIcon({ count, className }: { count: number; className?: string | undefined }) {
  const { t } = useTranslation();
  const label = count > 0 ? t('nav.chatUnread', { count }) : t('nav.chat');
  return (
    <IconNavLink
      to="/chat"
      label={label}
      icon={<MessageIcon />}
      count={count}
      testId="nav-chat-icon"
      badgeTestId="chat-unread-badge"
      className={className}
    />
  );
}
