import { useLocation, useParams, useSearchParams } from 'react-router';
import { type ChatScreen, ChatView } from '../../features/chat/components/chat-view.tsx';

function positiveId(value: string | null | undefined): number | null {
  if (!value || !/^\d+$/.test(value)) return null;
  const id = Number(value);
  return id > 0 && Number.isSafeInteger(id) ? id : null;
}

/** /chat, /chat/new (?user=), /chat/:id and /chat/:id/settings: one page, the screen from the URL. */
export function ChatPage() {
  const { id } = useParams();
  const [search] = useSearchParams();
  const { pathname } = useLocation();
  let screen: ChatScreen = { kind: 'list' };
  if (pathname.replace(/\/$/, '') === '/chat/new')
    screen = { kind: 'new', userId: positiveId(search.get('user')) };
  else if (id !== undefined) {
    const conversationId = positiveId(id);
    if (conversationId !== null) {
      screen = pathname.endsWith('/settings')
        ? { kind: 'settings', conversationId }
        : { kind: 'thread', conversationId };
    } else screen = { kind: 'thread', conversationId: 0 };
  }
  return <ChatView screen={screen} />;
}
