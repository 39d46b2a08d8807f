import type { ChatMessage, Conversation } from '@makan/contract/chat';
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { CompanyVerifiedBadge } from '../../../components/ui/company-verified-badge.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { ArrowBackIcon } from '../../../components/ui/icons/arrow-back.tsx';
import { SettingsIcon } from '../../../components/ui/icons/settings.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { readChatDraft } from '../../../lib/chat-draft.ts';
import { useLanguage } from '../../../lib/i18n.ts';
import { useDeleteMessage } from '../api/delete-message.ts';
import { useEditMessage } from '../api/edit-message.ts';
import { dateSeparator, threadRows } from '../format.ts';
import { useTypingEmitter } from '../hooks/use-typing.ts';
import { currentMe, discard, retry, send } from '../outbox.ts';
import type { ChatItem } from '../state/chat-state.ts';
import { selectMessages, selectTyping } from '../state/selectors.ts';
import { useChat } from '../store.ts';
import { loadEarlier, loadMessages } from '../sync.ts';
import { Composer } from './composer.tsx';
import { MessageBubble } from './message-bubble.tsx';
import { PresenceStatus } from './presence-status.tsx';

/** Near the bottom (px): new messages scroll into view; further up, the reader is left where they are. */
const STICK_PX = 120;

function TypingLine({ conversationId }: { conversationId: number }) {
  const { t } = useTranslation();
  const typing = useChat(selectTyping(conversationId));
  const first = typing[0];
  return (
    <div aria-live="polite" className="h-5 px-4 text-xs text-slate-500 italic dark:text-slate-400">
      {first && (
        <span data-testid="typing-indicator" dir="auto">
          {t('chat.typing', { name: first.name })}
        </span>
      )}
    </div>
  );
}

export function ThreadHeader({ conversation }: { conversation: Conversation }) {
  const { t } = useTranslation();
  const other = conversation.other_participant;
  const name = other?.name ?? t('chat.deletedAccount');
  return (
    <div className="flex items-center gap-2 border-b border-slate-200 px-2 py-2 sm:px-4 dark:border-slate-800">
      <Link
        to="/chat"
        aria-label={t('chat.back')}
        title={t('chat.back')}
        data-testid="chat-back"
        className={buttonClasses('ghost', 'icon', 'md:hidden')}
      >
        <ArrowBackIcon />
      </Link>
      {other ? (
        <Link to={`/user/${other.id}`} className="flex min-w-0 flex-1 items-center gap-3 rounded-lg">
          <Avatar name={name} src={other.picture?.url} size="sm" />
          <span className="min-w-0">
            <span className="flex min-w-0 items-center gap-2">
              <span
                dir="auto"
                data-testid="thread-name"
                className="block min-w-0 truncate font-semibold text-slate-900 dark:text-slate-50"
              >
                {name}
              </span>
              {other.company_verified && <CompanyVerifiedBadge />}
            </span>
            <PresenceStatus userId={other.id} />
          </span>
        </Link>
      ) : (
        <span className="min-w-0 flex-1">
          <span className="block truncate font-semibold text-slate-900 dark:text-slate-50">{name}</span>
        </span>
      )}
      <Link
        to={`/chat/${conversation.id}/settings`}
        aria-label={t('chat.settings')}
        title={t('chat.settings')}
        data-testid="chat-settings-link"
        className={buttonClasses('ghost', 'icon')}
      >
        <SettingsIcon />
      </Link>
    </div>
  );
}

/** The open conversation: its messages (grouped, with dates), the typing line and the composer. */
export function Thread({ conversation }: { conversation: Conversation }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const conversationId = conversation.id;
  const items = useChat(selectMessages(conversationId));
  const held = useChat((state) => conversationId in state.messages);
  const loading = useChat((state) => state.loading[conversationId] ?? null);
  const hasMore = useChat((state) => state.hasMore[conversationId] ?? false);
  const readMarker = conversation.other_last_read_message_id;
  const me = currentMe();
  const [replyTo, setReplyTo] = useState<ChatMessage | null>(null);
  const [editing, setEditing] = useState<ChatMessage | null>(null);
  const [deleting, setDeleting] = useState<ChatMessage | null>(null);
  const [loadingEarlier, setLoadingEarlier] = useState(false);
  const typing = useTypingEmitter(conversationId);
  const editMessage = useEditMessage();
  const deleteMessage = useDeleteMessage();
  const scroller = useRef<HTMLDivElement>(null);
  const stick = useRef(true);
  const heightBefore = useRef<number | null>(null);

  const rows = useMemo(() => threadRows(items), [items]);
  const location = useLocation();
  const navigate = useNavigate();
  const draft = readChatDraft(location.state);

  // New messages keep the view at the bottom when it was there (or when I sent them); older ones
  // loaded above keep what the reader sees in place.
  const lastItem = items.at(-1);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the list changes
  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return;
    if (heightBefore.current !== null) {
      element.scrollTop += element.scrollHeight - heightBefore.current;
      heightBefore.current = null;
      return;
    }
    if (stick.current || (lastItem && lastItem.sender_id === me?.id)) {
      element.scrollTop = element.scrollHeight;
    }
  }, [items]);

  // A reader at the bottom stays there when the view narrows (rotation, a keyboard opening) or the
  // content grows.
  useEffect(() => {
    const element = scroller.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      if (stick.current) element.scrollTop = element.scrollHeight;
    });
    observer.observe(element);
    // The content growing too: pictures that load after the first scroll to the bottom.
    for (const child of Array.from(element.children)) observer.observe(child);
    return () => observer.disconnect();
  }, []);

  const onScroll = () => {
    const element = scroller.current;
    if (!element) return;
    stick.current = element.scrollHeight - element.scrollTop - element.clientHeight < STICK_PX;
  };

  const earlier = async () => {
    setLoadingEarlier(true);
    heightBefore.current = scroller.current?.scrollHeight ?? null;
    try {
      await loadEarlier(conversationId);
    } catch {
      heightBefore.current = null;
    } finally {
      setLoadingEarlier(false);
    }
  };

  const actions = {
    onReply: (message: ChatMessage) => {
      setEditing(null);
      setReplyTo(message);
    },
    onEdit: (message: ChatMessage) => {
      setReplyTo(null);
      setEditing(message);
    },
    onDelete: (message: ChatMessage) => setDeleting(message),
    onRetry: (item: ChatItem) => {
      if (me) void retry(item, me);
    },
    onDiscard: (item: ChatItem) => discard(item),
  };

  return (
    <div
      className="flex h-full min-h-0 flex-col"
      data-testid="chat-thread"
      data-conversation-id={conversationId}
    >
      <ThreadHeader conversation={conversation} />
      <div
        ref={scroller}
        onScroll={onScroll}
        data-testid="chat-messages"
        className="min-h-0 flex-1 overflow-y-auto bg-slate-50 px-3 py-3 sm:px-4 dark:bg-slate-950"
      >
        {hasMore && (
          <div className="mb-2 flex justify-center">
            <Button
              variant="secondary"
              size="sm"
              loading={loadingEarlier}
              onClick={earlier}
              data-testid="load-earlier"
            >
              {t('chat.loadEarlier')}
            </Button>
          </div>
        )}
        {!held && loading !== 'error' && (
          <div className="flex h-full items-center justify-center text-primary-700 dark:text-primary-300">
            <Spinner size="lg" />
          </div>
        )}
        {loading === 'error' && (
          <div role="alert" className="flex h-full flex-col items-center justify-center gap-3 text-center">
            <p className="text-slate-700 dark:text-slate-200">{t('chat.loadMessagesFailed')}</p>
            <Button variant="secondary" onClick={() => void loadMessages(conversationId).catch(() => {})}>
              {t('common.retry')}
            </Button>
          </div>
        )}
        {held && items.length === 0 && (
          <p
            data-testid="thread-empty"
            className="flex h-full items-center justify-center text-center text-slate-500 dark:text-slate-400"
          >
            {t('chat.threadEmpty')}
          </p>
        )}
        <ol aria-label={t('chat.messagesLabel')} className="flex flex-col">
          {rows.map((row) =>
            row.kind === 'date' ? (
              <li key={row.key} className="my-3 flex justify-center">
                <span className="rounded-full bg-white px-3 py-1 text-xs font-medium text-slate-600 shadow-sm ring-1 ring-slate-200 dark:bg-slate-800 dark:text-slate-300 dark:ring-slate-700">
                  {dateSeparator(row.date, t, language)}
                </span>
              </li>
            ) : (
              <li key={row.key}>
                <MessageBubble
                  item={row.item}
                  mine={row.item.sender_id === me?.id}
                  read={!row.item.outgoing && (row.item.status === 'read' || row.item.id <= readMarker)}
                  groupStart={row.groupStart}
                  groupEnd={row.groupEnd}
                  {...actions}
                />
              </li>
            ),
          )}
        </ol>
      </div>
      <TypingLine conversationId={conversationId} />
      {conversation.is_active ? (
        <Composer
          draft={draft}
          // Once in the box, the draft leaves the history state: a reload after sending it must not bring it back.
          onDraftUsed={() =>
            navigate({ pathname: location.pathname, search: location.search }, { replace: true, state: null })
          }
          replyTo={replyTo}
          editing={editing}
          onCancelReply={() => setReplyTo(null)}
          onCancelEdit={() => setEditing(null)}
          onTyping={typing.typed}
          onStopTyping={typing.stop}
          onSend={({ content, file }) => {
            if (!me) return;
            stick.current = true;
            void send({ conversationId, content, replyTo, ...(file ? { file } : {}) }, me);
            setReplyTo(null);
          }}
          onSaveEdit={async (message, content) => {
            await editMessage.mutateAsync({ conversationId, messageId: message.id, content });
            setEditing(null);
          }}
        />
      ) : (
        <p
          data-testid="chat-inactive"
          className="border-t border-slate-200 bg-amber-50 p-4 text-center text-sm text-amber-900 dark:border-slate-800 dark:bg-amber-950 dark:text-amber-100"
        >
          {!conversation.other_participant
            ? t('chat.inactiveDeleted')
            : conversation.blocked_by_me
              ? t('chat.inactiveBlocked')
              : t('chat.inactive')}
        </p>
      )}
      <ConfirmDialog
        open={deleting !== null}
        onCancel={() => setDeleting(null)}
        onConfirm={async () => {
          if (!deleting) return;
          try {
            await deleteMessage.mutateAsync({ conversationId, messageId: deleting.id });
          } finally {
            setDeleting(null);
          }
        }}
        title={t('chat.deleteMessageTitle')}
        description={t('chat.deleteMessageText')}
        confirmLabel={t('chat.deleteMessage')}
        busy={deleteMessage.isPending}
        testId="delete-message-dialog"
        confirmTestId="confirm-delete-message"
      />
    </div>
  );
}
