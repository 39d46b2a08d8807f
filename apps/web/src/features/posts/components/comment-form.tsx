import { LIMITS } from '@makan/contract/limits';
import { type FormEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { ErrorText } from '../../../components/ui/field.tsx';
import { showToast } from '../../../components/ui/toast.tsx';
import { firstFieldMessages, issueMessage, translateMessage } from '../../../lib/messages.ts';
import { useAddComment } from '../api/add-comment.ts';
import { postsContract } from '../contract.ts';
import { useMentionPicker } from './mention-picker.tsx';

interface CommentFormProps {
  postId: number;
  parentId?: number;
  onDone?: () => void;
  autoFocus?: boolean;
}

/** A comment (or a reply), 1 to 500 characters. */
export function CommentForm({ postId, parentId, onDone, autoFocus }: CommentFormProps) {
  const { t } = useTranslation();
  const id = useId();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const add = useAddComment();
  const reply = parentId !== undefined;
  const box = useRef<HTMLTextAreaElement>(null);
  const mentions = useMentionPicker({
    value: text,
    onChange: (next) => {
      setText(next);
      setError(null);
    },
    inputRef: box,
  });

  // The check's schema loads when the box is first focused (or at the submit); a second submit while it
  // loads does nothing.
  const checking = useRef(false);
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (checking.current) return;
    checking.current = true;
    const { createCommentRequest } = await postsContract.get().finally(() => {
      checking.current = false;
    });
    const parsed = createCommentRequest.shape.comment.safeParse(text);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      setError(issue ? translateMessage(t, issueMessage(issue)) : null);
      return;
    }
    add.mutate(
      { postId, comment: parsed.data, parentId, mentions: mentions.ids(parsed.data) },
      {
        onSuccess: () => {
          setText('');
          mentions.reset();
          setError(null);
          showToast(t('posts.post.commentAdded'), 'success');
          onDone?.();
        },
        onError: (failure) => {
          const field = firstFieldMessages(failure).comment;
          if (field) setError(translateMessage(t, field));
        },
      },
    );
  };

  return (
    <form
      onSubmit={onSubmit}
      onFocus={() => void postsContract.get().catch(() => undefined)}
      noValidate
      className="flex flex-col gap-2"
      data-testid={reply ? 'reply-form' : 'comment-form'}
    >
      <label htmlFor={id} className="sr-only">
        {reply ? t('posts.post.reply') : t('posts.post.addComment')}
      </label>
      <div className="relative">
        <textarea
          ref={box}
          id={id}
          value={text}
          {...mentions.inputProps}
          rows={2}
          dir="auto"
          maxLength={LIMITS.commentMax}
          // biome-ignore lint/a11y/noAutofocus: the reply box opens because the user asked for it.
          autoFocus={autoFocus}
          placeholder={reply ? t('posts.post.replyPlaceholder') : t('posts.post.commentPlaceholder')}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          data-testid={reply ? 'reply-input' : 'comment-input'}
          className="w-full resize-y rounded-xl border border-slate-300 bg-white px-3.5 py-2.5 text-base text-slate-900 shadow-sm placeholder:text-slate-500 focus-visible:border-primary-600 focus-visible:outline-2 focus-visible:outline-primary-600/40 sm:text-sm dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
        />
        {mentions.list}
      </div>
      <ErrorText id={`${id}-error`}>{error}</ErrorText>
      <div className="flex items-center justify-between gap-2">
        <span className="text-xs text-slate-500 dark:text-slate-400" aria-hidden="true">
          {text.length}/{LIMITS.commentMax}
        </span>
        <Button
          type="submit"
          size="sm"
          loading={add.isPending}
          data-testid={reply ? 'reply-submit' : 'comment-submit'}
        >
          {reply ? t('posts.post.sendReply') : t('posts.post.send')}
        </Button>
      </div>
    </form>
  );
}
