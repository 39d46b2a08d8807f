import type { Conversation } from '@makan/contract/chat';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { PlusIcon } from '../../../components/ui/icons/plus.tsx';
import { TrashIcon } from '../../../components/ui/icons/trash.tsx';
import { SearchInput } from '../../../components/ui/search-input.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { UnreadBadge } from '../../../components/ui/unread-badge.tsx';
import { cx } from '../../../lib/cx.ts';
import { useDebouncedValue } from '../../../lib/debounce.ts';
import { useLanguage } from '../../../lib/i18n.ts';
import { messageTimestamp } from '../../../lib/time.ts';
import { useDeleteConversations } from '../api/delete-conversations.ts';
import { useConversationSearch } from '../api/search-conversations.ts';
import { currentMe } from '../outbox.ts';
import { setSearch } from '../state/conversations.ts';
import { chatStore, useChat } from '../store.ts';
import { loadConversations } from '../sync.ts';
import { AutoLine } from './auto-line.tsx';
import { ConnectionIndicator } from './connection-indicator.tsx';
import { usePreviewText } from './message-bubble.tsx';

interface RowProps {
  conversation: Conversation;
  active: boolean;
  unread: number;
  selecting: boolean;
  selected: boolean;
  onToggle: () => void;
}

function ConversationRow({ conversation, active, unread, selecting, selected, onToggle }: RowProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const preview = usePreviewText();
  const meId = currentMe()?.id;
  const other = conversation.other_participant;
  const name = other?.name ?? t('chat.deletedAccount');
  const latest = conversation.latest_message;
  const typing = useChat((state) => (state.typing[conversation.id]?.length ?? 0) > 0);
  const text = latest ? preview(latest) : t('chat.noMessagesYet');
  const line = typing
    ? t('chat.typing', { name })
    : latest && latest.sender_id === meId
      ? t('chat.you', { text })
      : text;
  const body = (
    <>
      <Avatar name={name} src={other?.picture?.url} size="sm" />
      <span className="min-w-0 flex-1">
        <span className="flex items-baseline gap-2">
          <AutoLine
            text={name}
            className={cx(
              'min-w-0 flex-1 text-slate-900 dark:text-slate-50',
              unread > 0 ? 'font-bold' : 'font-semibold',
            )}
          />
          {latest && (
            <time
              dateTime={latest.created_at}
              className="shrink-0 text-xs text-slate-500 dark:text-slate-400"
            >
              {messageTimestamp(latest.created_at, t, language)}
            </time>
          )}
        </span>
        <span className="mt-0.5 flex items-center gap-2">
          <AutoLine
            text={line}
            testId="conversation-preview"
            className={cx(
              'min-w-0 flex-1 text-sm',
              typing ? 'text-primary-700 italic dark:text-primary-300' : 'text-slate-600 dark:text-slate-300',
              unread > 0 && !typing && 'font-semibold text-slate-900 dark:text-slate-100',
            )}
          />
          <UnreadBadge count={unread} testId="conversation-unread" />
          {unread > 0 && <span className="sr-only">{t('chat.unread', { count: unread })}</span>}
        </span>
      </span>
    </>
  );
  const rowClass = cx(
    'flex w-full items-center gap-3 rounded-xl px-3 py-3 text-start transition-colors',
    active ? 'bg-primary-50 dark:bg-primary-950' : 'hover:bg-slate-100 dark:hover:bg-slate-800/70',
  );
  if (selecting) {
    return (
      <label
        className={cx(rowClass, 'cursor-pointer')}
        data-testid="conversation-row"
        data-conversation-id={conversation.id}
      >
        <input
          type="checkbox"
          checked={selected}
          onChange={onToggle}
          aria-label={t('chat.selectConversation', { name })}
          className="size-5 shrink-0 accent-primary-700"
        />
        {body}
      </label>
    );
  }
  return (
    <Link
      to={`/chat/${conversation.id}`}
      aria-current={active ? 'page' : undefined}
      className={rowClass}
      data-testid="conversation-row"
      data-conversation-id={conversation.id}
    >
      {body}
    </Link>
  );
}

/** Conversations, newest activity first: search (300 ms after typing stops), select and delete. */
export function ConversationList({ activeId }: { activeId: number | null }) {
  const { t } = useTranslation();
  const conversations = useChat((state) => state.conversations);
  const loaded = useChat((state) => state.conversationsLoaded);
  const hasMore = useChat((state) => state.conversationsHasMore);
  const unread = useChat((state) => state.unread);
  const query = useChat((state) => state.search.query);
  const debounced = useDebouncedValue(query);
  const search = useConversationSearch(debounced);
  const [failed, setFailed] = useState(false);
  const [page, setPage] = useState(1);
  const [loadingMore, setLoadingMore] = useState(false);
  const [selecting, setSelecting] = useState(false);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [confirming, setConfirming] = useState(false);
  const remove = useDeleteConversations();

  useEffect(() => {
    if (chatStore.get().conversationsLoaded) return;
    loadConversations(1).catch(() => setFailed(true));
  }, []);

  useEffect(() => {
    chatStore.update((state) => setSearch(state, state.search.query, search.data ?? null));
  }, [search.data]);

  const searching = debounced.trim().length > 0;
  const shown = searching ? (search.data ?? []) : conversations;

  const toggle = (id: number) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const more = async () => {
    setLoadingMore(true);
    try {
      await loadConversations(page + 1);
      setPage(page + 1);
    } catch {
      // The button stays for another try.
    } finally {
      setLoadingMore(false);
    }
  };

  return (
    <div className="flex h-full min-h-0 flex-col" data-testid="conversation-list">
      <div className="flex items-center justify-between gap-2 px-4 pt-4 pb-2">
        <div className="flex min-w-0 flex-col">
          <h1 className="text-xl font-bold text-slate-900 dark:text-slate-50">{t('chat.title')}</h1>
          {/* Your own connection: it belongs beside your list, not under the other person's name. */}
          <ConnectionIndicator />
        </div>
        <div className="flex items-center gap-1">
          {conversations.length > 0 && (
            <Button
              variant="ghost"
              size="sm"
              data-testid="chat-select-toggle"
              aria-pressed={selecting}
              onClick={() => {
                setSelecting(!selecting);
                setSelected(new Set());
              }}
            >
              {selecting ? t('chat.doneSelecting') : t('chat.select')}
            </Button>
          )}
          <Link
            to="/chat/new"
            aria-label={t('chat.newConversation')}
            title={t('chat.newConversation')}
            data-testid="chat-new"
            className={buttonClasses('primary', 'icon')}
          >
            <PlusIcon />
          </Link>
        </div>
      </div>
      <div className="px-4 pb-2">
        <SearchInput
          size="sm"
          aria-label={t('chat.searchLabel')}
          value={query}
          onChange={(event) =>
            chatStore.update((state) => setSearch(state, event.target.value, state.search.results))
          }
          placeholder={t('chat.searchPlaceholder')}
          data-testid="chat-search"
        />
      </div>
      {selecting && (
        <div className="flex items-center justify-between gap-2 border-y border-slate-200 px-4 py-2 text-sm dark:border-slate-800">
          <span className="text-slate-600 dark:text-slate-300">
            {t('chat.selected', { count: selected.size })}
          </span>
          <Button
            variant="danger"
            size="sm"
            disabled={selected.size === 0}
            onClick={() => setConfirming(true)}
            data-testid="chat-delete-selected"
          >
            <TrashIcon className="size-4" />
            {t('chat.deleteSelected')}
          </Button>
        </div>
      )}
      <div className="min-h-0 flex-1 overflow-y-auto px-2 pb-2">
        {!loaded && !failed && !searching && (
          <div className="flex justify-center py-10 text-primary-700 dark:text-primary-300">
            <Spinner size="md" />
          </div>
        )}
        {failed && !loaded && (
          <div role="alert" className="flex flex-col items-center gap-3 px-4 py-10 text-center">
            <p className="text-slate-700 dark:text-slate-200">{t('chat.loadConversationsFailed')}</p>
            <Button
              variant="secondary"
              onClick={() => {
                setFailed(false);
                loadConversations(1).catch(() => setFailed(true));
              }}
            >
              {t('common.retry')}
            </Button>
          </div>
        )}
        {searching && search.isPending && (
          <div className="flex justify-center py-6 text-primary-700 dark:text-primary-300">
            <Spinner size="md" />
          </div>
        )}
        {searching && search.isError && (
          <p role="alert" className="px-4 py-6 text-center text-sm text-red-700 dark:text-red-300">
            {t('chat.searchFailed')}
          </p>
        )}
        {searching && search.data?.length === 0 && (
          <p
            className="px-4 py-6 text-center text-sm text-slate-600 dark:text-slate-300"
            data-testid="chat-search-empty"
          >
            {t('chat.noResults', { query: debounced.trim() })}
          </p>
        )}
        {loaded && !searching && conversations.length === 0 && (
          <div className="flex flex-col items-center gap-3 px-6 py-12 text-center" data-testid="chat-empty">
            <p className="font-semibold text-slate-900 dark:text-slate-50">{t('chat.emptyTitle')}</p>
            <p className="text-sm text-slate-600 dark:text-slate-300">{t('chat.emptyText')}</p>
            <Link to="/chat/new" className={buttonClasses('primary', 'sm')}>
              <PlusIcon className="size-4" />
              {t('chat.newConversation')}
            </Link>
          </div>
        )}
        <ul className="flex flex-col gap-0.5" aria-label={t('chat.conversations')}>
          {shown.map((conversation) => (
            <li key={conversation.id}>
              <ConversationRow
                conversation={conversation}
                active={conversation.id === activeId}
                unread={unread[conversation.id] ?? conversation.unread_count}
                selecting={selecting}
                selected={selected.has(conversation.id)}
                onToggle={() => toggle(conversation.id)}
              />
            </li>
          ))}
        </ul>
        {!searching && hasMore && (
          <div className="flex justify-center py-3">
            <Button variant="secondary" size="sm" loading={loadingMore} onClick={more}>
              {t('chat.loadMore')}
            </Button>
          </div>
        )}
      </div>
      <ConfirmDialog
        open={confirming}
        onCancel={() => setConfirming(false)}
        onConfirm={async () => {
          try {
            await remove.mutateAsync([...selected]);
            setSelected(new Set());
            setSelecting(false);
          } finally {
            setConfirming(false);
          }
        }}
        title={t('chat.deleteConfirmTitle')}
        description={t('chat.deleteConfirmText')}
        confirmLabel={t('chat.delete')}
        busy={remove.isPending}
        testId="delete-conversations-dialog"
        confirmTestId="confirm-delete-conversations"
      />
    </div>
  );
}
