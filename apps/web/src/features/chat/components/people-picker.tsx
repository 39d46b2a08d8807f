import type { ProfileSummary } from '@makan/contract/profiles';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { ArrowBackIcon } from '../../../components/ui/icons/arrow-back.tsx';
import { VerifiedIcon } from '../../../components/ui/icons/verified.tsx';
import { SearchInput } from '../../../components/ui/search-input.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { type ChatDraftState, readChatDraft } from '../../../lib/chat-draft.ts';
import { useDebouncedValue } from '../../../lib/debounce.ts';
import { apiErrorText } from '../../../lib/messages.ts';
import { useCreateConversation } from '../api/create-conversation.ts';
import { usePeople } from '../api/people.ts';
import { currentMe } from '../outbox.ts';
import { AutoLine } from './auto-line.tsx';

/** /chat/new: choose a person; their (possibly existing) conversation opens. */
export function PeoplePicker() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  const debounced = useDebouncedValue(query);
  const people = usePeople(debounced);
  const create = useCreateConversation();
  const meId = currentMe()?.id;
  const list = (people.data ?? []).filter((person) => person.id !== meId);

  const start = async (person: ProfileSummary) => {
    const conversation = await create.mutateAsync(person.id);
    navigate(`/chat/${conversation.id}`);
  };

  return (
    <div className="flex h-full min-h-0 flex-col" data-testid="people-picker">
      <div className="flex items-center gap-2 border-b border-slate-200 px-2 py-2 sm:px-4 dark:border-slate-800">
        <Link
          to="/chat"
          aria-label={t('chat.back')}
          title={t('chat.back')}
          className={buttonClasses('ghost', 'icon', 'md:hidden')}
        >
          <ArrowBackIcon />
        </Link>
        <h2 className="text-lg font-semibold text-slate-900 dark:text-slate-50">
          {t('chat.newConversation')}
        </h2>
      </div>
      <div className="p-4">
        <SearchInput
          size="sm"
          aria-label={t('chat.peopleSearch')}
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          placeholder={t('chat.peoplePlaceholder')}
          data-testid="people-search"
        />
        {create.isError && (
          <p role="alert" className="mt-2 text-sm text-red-700 dark:text-red-300">
            {apiErrorText(t, create.error)}
          </p>
        )}
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto px-2 pb-4">
        {people.isPending && (
          <div className="flex justify-center py-8 text-primary-700 dark:text-primary-300">
            <Spinner />
          </div>
        )}
        {people.isError && (
          <div role="alert" className="flex flex-col items-center gap-3 py-8 text-center">
            <p className="text-slate-700 dark:text-slate-200">{t('chat.peopleFailed')}</p>
            <Button variant="secondary" onClick={() => void people.refetch()}>
              {t('common.retry')}
            </Button>
          </div>
        )}
        {people.isSuccess && list.length === 0 && (
          <p className="py-8 text-center text-sm text-slate-600 dark:text-slate-300">
            {t('chat.peopleEmpty')}
          </p>
        )}
        <ul className="flex flex-col gap-0.5">
          {list.map((person) => (
            <li key={person.id}>
              <button
                type="button"
                onClick={() => void start(person).catch(() => {})}
                disabled={create.isPending}
                aria-label={t('chat.messagePerson', { name: person.name })}
                data-testid="person-row"
                className="flex w-full items-center gap-3 rounded-xl px-3 py-3 text-start hover:bg-slate-100 disabled:opacity-60 dark:hover:bg-slate-800/70"
              >
                <Avatar name={person.name} src={person.picture?.url} size="sm" />
                <span className="min-w-0 flex-1">
                  <span className="flex items-center gap-1">
                    <span dir="auto" className="truncate font-semibold text-slate-900 dark:text-slate-50">
                      {person.name}
                    </span>
                    {person.verified && <VerifiedIcon className="size-4 shrink-0" />}
                  </span>
                  {person.bio && (
                    <AutoLine text={person.bio} className="text-sm text-slate-600 dark:text-slate-300" />
                  )}
                </span>
                {create.isPending && create.variables === person.id && <Spinner size="sm" decorative />}
              </button>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}

/**
 * /chat/new?user={id} (the Message buttons of a profile and of a post): opens that person's
 * conversation at once, handing on the first message a post wrote for the composer.
 */
export function StartWithUser({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const draft = readChatDraft(useLocation().state);
  const create = useCreateConversation();
  const started = useRef<number | null>(null);
  const [error, setError] = useState<unknown>(null);
  const mutate = create.mutateAsync;

  useEffect(() => {
    if (started.current === userId) return;
    started.current = userId;
    const state: ChatDraftState | null = draft ? { draft } : null;
    mutate(userId)
      .then((conversation) => navigate(`/chat/${conversation.id}`, { replace: true, state }))
      .catch(setError);
  }, [userId, mutate, navigate, draft]);

  if (error) {
    return (
      <div
        role="alert"
        className="flex h-full flex-col items-center justify-center gap-3 p-6 text-center"
        data-testid="chat-start-failed"
      >
        <p className="font-semibold text-slate-900 dark:text-slate-50">{t('chat.openFailed')}</p>
        <p className="text-sm text-slate-600 dark:text-slate-300">{apiErrorText(t, error)}</p>
        <Link to="/chat/new" className={buttonClasses('secondary', 'sm')}>
          {t('chat.newConversation')}
        </Link>
      </div>
    );
  }
  return (
    <div className="flex h-full items-center justify-center text-primary-700 dark:text-primary-300">
      <Spinner size="lg" label={t('chat.opening')} />
    </div>
  );
}
