import type { ChatMessage } from '@makan/contract/chat';
import { CHAT_FILE_ACCEPT } from '@makan/contract/chat-kinds';
import { LIMITS } from '@makan/contract/limits';
import { type FormEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CloseIcon } from '../../../components/ui/icons/close.tsx';
import { PaperclipIcon } from '../../../components/ui/icons/paperclip.tsx';
import { PencilIcon } from '../../../components/ui/icons/pencil.tsx';
import { SendIcon } from '../../../components/ui/icons/send.tsx';
import { cx } from '../../../lib/cx.ts';
import { useLanguage } from '../../../lib/i18n.ts';
import { translateMessage } from '../../../lib/messages.ts';
import { formatNumber } from '../../../lib/numbers.ts';
import { fileSize } from '../format.ts';
import { checkChatFile, checkChatImageBytes } from '../outbox.ts';
import { AutoLine } from './auto-line.tsx';
import { usePreviewText } from './message-bubble.tsx';

export interface ComposerProps {
  /** A first message written for the user (a post's Message button): fills the box once. */
  draft?: string | null;
  /** Called once the draft is in the box. */
  onDraftUsed?: () => void;
  replyTo: ChatMessage | null;
  editing: ChatMessage | null;
  onCancelReply: () => void;
  onCancelEdit: () => void;
  onSend: (input: { content: string; file: File | null }) => void;
  onSaveEdit: (message: ChatMessage, content: string) => Promise<void>;
  onTyping: () => void;
  onStopTyping: () => void;
}

/** Writes a message: Enter sends, Shift+Enter breaks the line; one attachment with an optional caption. */
export function Composer({
  draft = null,
  onDraftUsed,
  replyTo,
  editing,
  onCancelReply,
  onCancelEdit,
  onSend,
  onSaveEdit,
  onTyping,
  onStopTyping,
}: ComposerProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const preview = usePreviewText();
  const [text, setText] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const textarea = useRef<HTMLTextAreaElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const errorId = useId();

  const editingId = editing?.id;
  // Only another message to edit resets the text (its content is read once, when editing starts).
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed by the message id on purpose
  useEffect(() => {
    if (editingId === undefined) return;
    setText(editing?.content ?? '');
    setFile(null);
    textarea.current?.focus();
  }, [editingId]);

  useEffect(() => {
    if (replyTo) textarea.current?.focus();
  }, [replyTo]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed by the draft; the callback may change identity
  useEffect(() => {
    if (!draft) return;
    setText(draft);
    onDraftUsed?.();
    const box = textarea.current;
    if (box) {
      box.focus();
      // At the end, ready to add to it.
      box.setSelectionRange(draft.length, draft.length);
    }
  }, [draft]);

  const trimmed = text.trim();
  const tooLong = text.length > LIMITS.chatMessageMax;
  const canSend = !tooLong && (trimmed.length > 0 || file !== null) && !saving;

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (!canSend) return;
    setError(null);
    onStopTyping();
    if (editing) {
      if (!trimmed) return;
      setSaving(true);
      try {
        await onSaveEdit(editing, trimmed);
        setText('');
      } catch {
        // The request showed its toast; the text stays to try again.
      } finally {
        setSaving(false);
      }
      return;
    }
    onSend({ content: text, file });
    setText('');
    setFile(null);
    textarea.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void submit();
    }
    if (event.key === 'Escape' && editing) {
      setText('');
      onCancelEdit();
    }
  };

  const onFile = async (chosen: File | undefined) => {
    if (fileInput.current) fileInput.current.value = '';
    if (!chosen) return;
    const problem = checkChatFile(chosen) ?? (await checkChatImageBytes(chosen));
    if (problem) {
      setError(translateMessage(t, problem));
      setFile(null);
      return;
    }
    setError(null);
    setFile(chosen);
  };

  return (
    <form
      onSubmit={submit}
      data-testid="chat-composer"
      className="border-t border-slate-200 bg-white p-3 dark:border-slate-800 dark:bg-slate-900"
    >
      {(replyTo || editing) && (
        <div className="mb-2 flex items-start gap-2 rounded-xl bg-slate-100 px-3 py-2 text-sm dark:bg-slate-800">
          {editing ? (
            <PencilIcon className="mt-0.5 size-4 shrink-0 text-primary-700 dark:text-primary-300" />
          ) : null}
          <div className="min-w-0 flex-1 border-s-4 border-primary-500 ps-2" data-testid="composer-context">
            <p className="font-semibold text-slate-800 dark:text-slate-100">
              {editing
                ? t('chat.editing')
                : t('chat.replyingTo', { name: replyTo?.sender?.name ?? t('chat.deletedAccount') })}
            </p>
            <p dir="auto" className="truncate text-slate-600 dark:text-slate-300">
              {preview(
                editing ?? replyTo ?? { content: null, type: 'text', file_name: null, is_deleted: false },
              )}
            </p>
          </div>
          <button
            type="button"
            onClick={() => {
              if (editing) {
                setText('');
                onCancelEdit();
              } else onCancelReply();
            }}
            aria-label={editing ? t('chat.cancelEdit') : t('chat.cancelReply')}
            className="flex size-8 shrink-0 items-center justify-center rounded-full text-slate-600 hover:bg-slate-200 dark:text-slate-300 dark:hover:bg-slate-700"
          >
            <CloseIcon className="size-4" />
          </button>
        </div>
      )}
      {file && (
        <div
          className="mb-2 flex items-center gap-2 rounded-xl border border-slate-200 px-3 py-2 text-sm dark:border-slate-700"
          data-testid="composer-file"
        >
          <AutoLine text={file.name} className="min-w-0 flex-1 text-slate-800 dark:text-slate-100" />
          <span className="text-xs text-slate-500 dark:text-slate-400" data-testid="composer-file-size">
            {fileSize(file.size, language)}
          </span>
          <button
            type="button"
            onClick={() => setFile(null)}
            aria-label={t('chat.removeAttachment')}
            className="flex size-8 items-center justify-center rounded-full text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800"
          >
            <CloseIcon className="size-4" />
          </button>
        </div>
      )}
      {error && (
        <p
          id={errorId}
          role="alert"
          data-testid="composer-error"
          className="mb-2 text-sm text-red-700 dark:text-red-300"
        >
          {error}
        </p>
      )}
      <div className="flex items-end gap-2">
        {!editing && (
          <>
            <input
              ref={fileInput}
              type="file"
              accept={CHAT_FILE_ACCEPT}
              className="sr-only"
              tabIndex={-1}
              aria-hidden="true"
              data-testid="composer-file-input"
              onChange={(event) => void onFile(event.target.files?.[0])}
            />
            <button
              type="button"
              onClick={() => fileInput.current?.click()}
              aria-label={t('chat.attach')}
              title={t('chat.attach')}
              data-testid="composer-attach"
              className="flex size-11 shrink-0 items-center justify-center rounded-full text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800"
            >
              <PaperclipIcon />
            </button>
          </>
        )}
        <label className="min-w-0 flex-1">
          <span className="sr-only">{t('chat.messageLabel')}</span>
          <textarea
            ref={textarea}
            value={text}
            rows={1}
            dir="auto"
            maxLength={LIMITS.chatMessageMax}
            placeholder={t('chat.messagePlaceholder')}
            aria-describedby={cx(hintId, error && errorId) || undefined}
            data-testid="composer-input"
            onChange={(event) => {
              setText(event.target.value);
              if (event.target.value) onTyping();
              else onStopTyping();
            }}
            onKeyDown={onKeyDown}
            className="block max-h-40 min-h-11 w-full resize-none rounded-2xl border border-slate-300 bg-white px-4 py-2.5 text-sm text-slate-900 placeholder:text-slate-500 field-sizing-content focus:border-primary-500 focus:outline-none focus:ring-2 focus:ring-primary-500/30 dark:border-slate-700 dark:bg-slate-950 dark:text-slate-50 dark:placeholder:text-slate-400"
          />
        </label>
        <button
          type="submit"
          disabled={!canSend}
          aria-label={editing ? t('chat.save') : t('chat.send')}
          title={editing ? t('chat.save') : t('chat.send')}
          data-testid="composer-send"
          className="flex size-11 shrink-0 items-center justify-center rounded-full bg-primary-700 text-white shadow-sm hover:bg-primary-800 disabled:cursor-not-allowed disabled:opacity-50 dark:bg-primary-400 dark:text-slate-950 dark:hover:bg-primary-300"
        >
          {editing ? <PencilIcon className="size-5" /> : <SendIcon />}
        </button>
      </div>
      <p id={hintId} className="mt-1 flex justify-between gap-2 text-xs text-slate-500 dark:text-slate-400">
        <span className="hidden sm:inline">{t('chat.composerHint')}</span>
        {text.length > LIMITS.chatMessageMax - 500 && (
          <span className={cx('ms-auto', tooLong && 'text-red-700 dark:text-red-300')}>
            {formatNumber(text.length, language)}/{formatNumber(LIMITS.chatMessageMax, language)}
          </span>
        )}
      </p>
    </form>
  );
}
