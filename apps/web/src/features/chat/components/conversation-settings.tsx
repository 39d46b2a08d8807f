import type { Conversation } from '@makan/contract/chat';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { ArrowBackIcon } from '../../../components/ui/icons/arrow-back.tsx';
import { LogoutIcon } from '../../../components/ui/icons/logout.tsx';
import { TrashIcon } from '../../../components/ui/icons/trash.tsx';
import { VerifiedIcon } from '../../../components/ui/icons/verified.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useDeleteConversations } from '../api/delete-conversations.ts';
import { useLeaveConversation } from '../api/leave-conversation.ts';
import { useParticipants } from '../api/participants.ts';

/** /chat/{id}/settings: who takes part, Leave (confirmed) and Delete (confirmed). */
export function ConversationSettings({ conversation }: { conversation: Conversation }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const participants = useParticipants(conversation.id);
  const leave = useLeaveConversation();
  const remove = useDeleteConversations();
  const [confirm, setConfirm] = useState<'leave' | 'delete' | null>(null);
  const people = participants.data ?? conversation.participants;

  const run = async () => {
    try {
      if (confirm === 'leave') await leave.mutateAsync(conversation.id);
      else await remove.mutateAsync([conversation.id]);
      navigate('/chat', { replace: true });
    } finally {
      setConfirm(null);
    }
  };

  return (
    <div className="flex h-full min-h-0 flex-col" data-testid="chat-settings">
      <div className="flex items-center gap-2 border-b border-slate-200 px-2 py-2 sm:px-4 dark:border-slate-800">
        <Link
          to={`/chat/${conversation.id}`}
          aria-label={t('chat.back')}
          title={t('chat.back')}
          className={buttonClasses('ghost', 'icon')}
        >
          <ArrowBackIcon />
        </Link>
        <h2 className="text-lg font-semibold text-slate-900 dark:text-slate-50">{t('chat.settings')}</h2>
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto p-4">
        <h3 className="text-sm font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-300">
          {t('chat.participants')}
        </h3>
        {participants.isPending && !people.length && <Spinner />}
        <ul className="mt-2 flex flex-col gap-1" data-testid="chat-participants">
          {people.map((person) => (
            <li key={person.id}>
              <Link
                to={`/user/${person.id}`}
                className="flex items-center gap-3 rounded-xl px-2 py-2 hover:bg-slate-100 dark:hover:bg-slate-800/70"
              >
                <Avatar name={person.name} src={person.picture?.url} size="sm" />
                <span dir="auto" className="font-medium text-slate-900 dark:text-slate-50">
                  {person.name}
                </span>
                {person.verified && <VerifiedIcon className="size-4" />}
              </Link>
            </li>
          ))}
        </ul>
        <div className="mt-8 flex flex-col gap-3 sm:flex-row">
          <Button variant="secondary" onClick={() => setConfirm('leave')} data-testid="chat-leave">
            <LogoutIcon className="size-4" />
            {t('chat.leave')}
          </Button>
          <Button
            variant="danger"
            onClick={() => setConfirm('delete')}
            data-testid="chat-delete-conversation"
          >
            <TrashIcon className="size-4" />
            {t('chat.deleteConversation')}
          </Button>
        </div>
      </div>
      <ConfirmDialog
        open={confirm !== null}
        onCancel={() => setConfirm(null)}
        onConfirm={run}
        title={confirm === 'leave' ? t('chat.leaveTitle') : t('chat.deleteConversationTitle')}
        description={confirm === 'leave' ? t('chat.leaveText') : t('chat.deleteConversationText')}
        confirmLabel={confirm === 'leave' ? t('chat.leave') : t('chat.delete')}
        busy={leave.isPending || remove.isPending}
        testId="chat-settings-dialog"
        confirmTestId="chat-settings-confirm"
      />
    </div>
  );
}
