import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { MessageIcon } from '../../../components/ui/icons/message.tsx';
import { PlusIcon } from '../../../components/ui/icons/plus.tsx';
import { LoadFailure } from '../../../components/ui/load-failure.tsx';
import { useDocumentTitle } from '../../../components/ui/page.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { cx } from '../../../lib/cx.ts';
import { useActiveConversation } from '../hooks/use-active-conversation.ts';
import { useChat } from '../store.ts';
import { ConversationList } from './conversation-list.tsx';
import { ConversationSettings } from './conversation-settings.tsx';
import { PeoplePicker, StartWithUser } from './people-picker.tsx';
import { Thread } from './thread.tsx';

export type ChatScreen =
  | { kind: 'list' }
  | { kind: 'new'; userId: number | null }
  | { kind: 'thread'; conversationId: number }
  | { kind: 'settings'; conversationId: number };

function Pick() {
  const { t } = useTranslation();
  return (
    <div
      className="flex h-full flex-col items-center justify-center gap-3 p-6 text-center"
      data-testid="chat-pick"
    >
      <span className="flex size-14 items-center justify-center rounded-full bg-primary-50 text-primary-700 dark:bg-primary-950 dark:text-primary-300">
        <MessageIcon className="size-7" />
      </span>
      <p className="text-lg font-semibold text-slate-900 dark:text-slate-50">{t('chat.pickTitle')}</p>
      <p className="text-sm text-slate-600 dark:text-slate-300">{t('chat.pickText')}</p>
      <Link to="/chat/new" className={buttonClasses('primary', 'sm')}>
        <PlusIcon className="size-4" />
        {t('chat.newConversation')}
      </Link>
    </div>
  );
}

function OpenConversation({ conversationId, settings }: { conversationId: number; settings: boolean }) {
  const { t } = useTranslation();
  const { lookup, reload } = useActiveConversation(conversationId);
  const conversation = useChat((state) => state.conversations.find((c) => c.id === conversationId));
  if (conversation)
    return settings ? (
      <ConversationSettings conversation={conversation} />
    ) : (
      <Thread conversation={conversation} />
    );
  if (lookup === 'missing') {
    return (
      <div
        className="flex h-full flex-col items-center justify-center gap-3 p-6 text-center"
        data-testid="chat-not-found"
      >
        <p className="text-lg font-semibold text-slate-900 dark:text-slate-50">{t('chat.notFoundTitle')}</p>
        <p className="text-sm text-slate-600 dark:text-slate-300">{t('chat.notFoundText')}</p>
        <Link to="/chat" className={buttonClasses('secondary', 'sm')}>
          {t('chat.back')}
        </Link>
      </div>
    );
  }
  if (lookup === 'error') {
    return (
      <LoadFailure
        title={t('chat.openFailed')}
        message={t('chat.loadConversationsFailed')}
        onRetry={reload}
        homeHref="/chat"
      />
    );
  }
  return (
    <div className="flex h-full items-center justify-center text-primary-700 dark:text-primary-300">
      <Spinner size="lg" />
    </div>
  );
}

/**
 * The one chat page (spec §2): the list beside the open pane on wide screens; below 768 px either
 * the list or the pane, with a back button to the list.
 */
export function ChatView({ screen }: { screen: ChatScreen }) {
  const { t } = useTranslation();
  useDocumentTitle(t('chat.title'));
  const activeId = screen.kind === 'thread' || screen.kind === 'settings' ? screen.conversationId : null;
  const paneFirst = screen.kind !== 'list';
  let pane = <Pick />;
  if (screen.kind === 'new')
    pane = screen.userId ? <StartWithUser userId={screen.userId} /> : <PeoplePicker />;
  else if (activeId !== null)
    pane = <OpenConversation conversationId={activeId} settings={screen.kind === 'settings'} />;
  return (
    <div
      data-testid="chat-page"
      className="-mx-4 -my-8 flex h-[calc(100dvh-4rem)] min-h-[26rem] overflow-hidden bg-white sm:mx-auto sm:my-0 sm:h-[calc(100dvh-9rem)] sm:max-w-6xl sm:rounded-2xl sm:border sm:border-slate-200 sm:shadow-sm lg:-my-2 dark:bg-slate-900 sm:dark:border-slate-800"
    >
      <aside
        aria-label={t('chat.conversations')}
        className={cx(
          'min-h-0 w-full border-slate-200 md:flex md:w-80 md:shrink-0 md:border-e lg:w-96 dark:border-slate-800',
          paneFirst ? 'hidden' : 'flex',
        )}
      >
        <div className="min-h-0 w-full">
          <ConversationList activeId={activeId} />
        </div>
      </aside>
      <section className={cx('min-h-0 min-w-0 flex-1', paneFirst ? 'block' : 'hidden md:block')}>
        {pane}
      </section>
    </div>
  );
}
