import type { ChatAttachment, ChatMessage } from '@makan/contract/chat';
import { useId, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertCircleIcon } from '../../../components/ui/icons/alert-circle.tsx';
import { CheckIcon } from '../../../components/ui/icons/check.tsx';
import { ClockIcon } from '../../../components/ui/icons/clock.tsx';
import { LinkedText } from '../../../components/ui/linked-text.tsx';
import { cx } from '../../../lib/cx.ts';
import { useLanguage } from '../../../lib/i18n.ts';
import { useReportControls } from '../../../lib/report-control.ts';
import { messageTimestamp } from '../../../lib/time.ts';
import { fileSize, photoBox } from '../format.ts';
import type { ChatItem } from '../state/chat-state.ts';
import { failureText } from './failure-text.ts';
import { ImageViewer } from './image-viewer.tsx';

export interface BubbleActions {
  onReply: (message: ChatMessage) => void;
  onEdit: (message: ChatMessage) => void;
  onDelete: (message: ChatMessage) => void;
  onRetry: (message: ChatItem) => void;
  onDiscard: (message: ChatItem) => void;
}

interface MessageBubbleProps extends BubbleActions {
  item: ChatItem;
  mine: boolean;
  read: boolean;
  groupStart: boolean;
  groupEnd: boolean;
}

/** What a quote or a list preview says about a message. */
export function usePreviewText() {
  const { t } = useTranslation();
  return (message: {
    content: string | null;
    type: string;
    file_name: string | null;
    is_deleted: boolean;
  }) => {
    if (message.is_deleted) return t('chat.deletedMessage');
    if (message.content) return message.content;
    if (message.type === 'image') return t('chat.photo');
    if (message.type === 'file') return message.file_name ?? t('chat.file');
    return '';
  };
}

function Attachment({ attachment, sender }: { attachment: ChatAttachment; sender: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [open, setOpen] = useState(false);
  if (attachment.mime_type.startsWith('image/') && (attachment.preview_url || attachment.url)) {
    const box = photoBox(attachment.width, attachment.height);
    return (
      <>
        <button
          type="button"
          onClick={() => setOpen(true)}
          aria-label={t('chat.openImage', { name: attachment.file_name })}
          data-testid="chat-image"
          className="block overflow-hidden rounded-xl focus-visible:outline-2 focus-visible:outline-primary-500"
        >
          {/* Its room is kept before it loads: its own shape, or a fixed box while that is unknown. */}
          <img
            src={attachment.preview_url ?? attachment.url}
            alt={t('chat.imageAlt', { name: sender })}
            width={box.width}
            height={box.height}
            loading="lazy"
            style={{ aspectRatio: `${box.width} / ${box.height}` }}
            className="block h-auto max-w-full bg-slate-200 object-cover dark:bg-slate-700"
          />
        </button>
        {open && (
          <ImageViewer
            src={attachment.url}
            alt={t('chat.imageAlt', { name: sender })}
            onClose={() => setOpen(false)}
          />
        )}
      </>
    );
  }
  return (
    <a
      href={attachment.url || undefined}
      download={attachment.file_name}
      target="_blank"
      rel="noreferrer"
      data-testid="chat-file"
      aria-label={t('chat.download', { name: attachment.file_name })}
      className="flex min-w-0 items-center gap-3 rounded-xl border border-slate-200 bg-white/70 px-3 py-2 text-slate-800 hover:bg-white dark:border-slate-700 dark:bg-slate-900/60 dark:text-slate-100 dark:hover:bg-slate-900"
    >
      <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-primary-100 text-xs font-bold uppercase text-primary-800 dark:bg-primary-900 dark:text-primary-100">
        {attachment.file_extension.slice(0, 4) || '?'}
      </span>
      <span className="min-w-0">
        <span dir="auto" className="block truncate text-sm font-medium">
          {attachment.file_name}
        </span>
        <span className="block text-xs text-slate-500 dark:text-slate-400" data-testid="chat-file-size">
          {fileSize(attachment.file_size, language)}
        </span>
      </span>
    </a>
  );
}

/** The nearest ancestor that scrolls vertically (the thread), or null for the page itself. */
function scrollingArea(element: HTMLElement): HTMLElement | null {
  for (let node = element.parentElement; node; node = node.parentElement) {
    const { overflowY } = getComputedStyle(node);
    if (overflowY === 'auto' || overflowY === 'scroll') return node;
  }
  return null;
}

function MessageMenu({
  item,
  mine,
  onReply,
  onEdit,
  onDelete,
  onReport,
}: { item: ChatItem; mine: boolean; onReport: (() => void) | null } & Pick<
  BubbleActions,
  'onReply' | 'onEdit' | 'onDelete'
>) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [upward, setUpward] = useState(false);
  const menuId = useId();
  const wrapper = useRef<HTMLDivElement>(null);
  const list = useRef<HTMLUListElement>(null);
  // Before paint: the menu opens on the side with room inside the scrolling thread (the last
  // message's menu opened under the composer, out of sight), and is kept in view.
  useLayoutEffect(() => {
    const menu = list.current;
    const button = wrapper.current;
    if (!open || !menu || !button) return;
    const area = scrollingArea(button);
    const bounds = area ? area.getBoundingClientRect() : { top: 0, bottom: window.innerHeight };
    const at = button.getBoundingClientRect();
    const below = bounds.bottom - at.bottom;
    const above = at.top - bounds.top;
    setUpward(menu.offsetHeight > below && above > below);
  }, [open]);
  // After the placement above took effect (hence `upward`, though the effect does not read it).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs again once the menu has moved
  useLayoutEffect(() => {
    const menu = list.current;
    const button = wrapper.current;
    if (!open || !menu || !button) return;
    // Still cut off (a thread shorter than the menu): the thread scrolls it into view, up or down only.
    const area = scrollingArea(button);
    if (!area) return;
    const bounds = area.getBoundingClientRect();
    const box = menu.getBoundingClientRect();
    if (box.bottom > bounds.bottom) area.scrollTop += box.bottom - bounds.bottom;
    else if (box.top < bounds.top) area.scrollTop -= bounds.top - box.top;
  }, [open, upward]);
  // Before paint: a click outside or Escape right after the menu shows still closes it.
  useLayoutEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!(event.target instanceof Node && wrapper.current?.contains(event.target))) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);
  if (item.outgoing || item.is_deleted || item.type === 'system') return null;
  const canEdit = mine && item.type === 'text';
  const choose = (action: (message: ChatMessage) => void) => () => {
    setOpen(false);
    action(item);
  };
  const itemClass =
    'block w-full px-4 py-2 text-start text-sm text-slate-700 hover:bg-slate-100 focus-visible:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800 dark:focus-visible:bg-slate-800';
  return (
    <div ref={wrapper} className="relative self-center">
      <button
        type="button"
        aria-label={t('chat.messageActions')}
        aria-expanded={open}
        aria-controls={menuId}
        data-testid="message-menu-button"
        onClick={() => setOpen((value) => !value)}
        className="flex size-8 items-center justify-center rounded-full text-slate-500 opacity-60 hover:bg-slate-100 hover:opacity-100 focus-visible:opacity-100 group-hover:opacity-100 dark:text-slate-400 dark:hover:bg-slate-800"
      >
        <span aria-hidden="true" className="text-lg leading-none">
          ⋯
        </span>
      </button>
      {open && (
        <ul
          ref={list}
          id={menuId}
          data-testid="message-menu"
          data-placement={upward ? 'up' : 'down'}
          className={cx(
            'absolute z-20 min-w-36 overflow-hidden rounded-xl border border-slate-200 bg-white py-1 shadow-lg dark:border-slate-700 dark:bg-slate-900',
            upward ? 'bottom-full mb-1' : 'top-full mt-1',
            // Over the bubble, not past the edge of the screen beside it.
            mine ? 'start-0' : 'end-0',
          )}
        >
          <li>
            <button type="button" className={itemClass} onClick={choose(onReply)} data-testid="message-reply">
              {t('chat.reply')}
            </button>
          </li>
          {canEdit && (
            <li>
              <button type="button" className={itemClass} onClick={choose(onEdit)} data-testid="message-edit">
                {t('chat.edit')}
              </button>
            </li>
          )}
          {mine && (
            <li>
              <button
                type="button"
                className={cx(itemClass, 'text-red-700 dark:text-red-300')}
                onClick={choose(onDelete)}
                data-testid="message-delete"
              >
                {t('chat.deleteMessage')}
              </button>
            </li>
          )}
          {!mine && onReport && (
            <li>
              <button
                type="button"
                className={itemClass}
                onClick={() => {
                  setOpen(false);
                  onReport();
                }}
                data-testid="message-report"
              >
                {t('reports.report')}
              </button>
            </li>
          )}
        </ul>
      )}
    </div>
  );
}

function StatusMark({ item, read }: { item: ChatItem; read: boolean }) {
  const { t } = useTranslation();
  const status = item.outgoing?.status ?? (read ? 'read' : 'sent');
  if (status === 'failed') return null;
  const label =
    status === 'pending' ? t('chat.sending') : status === 'read' ? t('chat.read') : t('chat.sent');
  return (
    <span
      data-testid="message-status"
      data-status={status}
      title={label}
      className="inline-flex items-center"
    >
      {status === 'pending' ? (
        <ClockIcon className="size-3.5" />
      ) : status === 'read' ? (
        <span className="inline-flex text-sky-200">
          <CheckIcon className="size-3.5" />
          <CheckIcon className="-ms-2 size-3.5" />
        </span>
      ) : (
        <CheckIcon className="size-3.5" />
      )}
      <span className="sr-only">{label}</span>
    </span>
  );
}

/** One message: the quote it answers, its text and attachment, its time, and on mine the ticks. */
export function MessageBubble({ item, mine, read, groupStart, groupEnd, ...actions }: MessageBubbleProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const preview = usePreviewText();
  const failed = item.outgoing?.status === 'failed';
  const progress = item.outgoing?.status === 'pending' ? item.outgoing.progress : undefined;
  const report = useReportControls();
  const [reporting, setReporting] = useState(false);

  if (item.type === 'system') {
    const name = item.sender ? item.sender.name || t('chat.someone') : t('chat.deletedAccount');
    return (
      <p data-testid="message-system" className="my-3 text-center text-xs text-slate-500 dark:text-slate-400">
        <span dir="auto">
          {item.system_event === 'rejoined'
            ? t('chat.systemRejoined', { name })
            : t('chat.systemLeft', { name })}
        </span>
      </p>
    );
  }

  const attachment = item.is_deleted ? undefined : item.attachments[0];
  return (
    <div
      data-testid="message"
      data-mine={mine}
      data-message-id={item.id}
      className={cx(
        'group flex items-end gap-1',
        mine ? 'flex-row-reverse' : 'flex-row',
        groupStart ? 'mt-3' : 'mt-0.5',
      )}
    >
      <div className={cx('flex max-w-[85%] flex-col sm:max-w-[70%]', mine ? 'items-end' : 'items-start')}>
        <div
          className={cx(
            'min-w-0 max-w-full rounded-2xl text-sm shadow-sm',
            attachment?.mime_type.startsWith('image/') && !item.content && !item.reply_to
              ? 'p-1 pb-1.5'
              : 'px-3 py-2',
            mine
              ? 'bg-primary-700 text-white dark:bg-primary-800'
              : 'bg-white text-slate-900 ring-1 ring-slate-200 dark:bg-slate-800 dark:text-slate-50 dark:ring-slate-700',
            mine && !groupEnd && 'rounded-ee-md',
            mine && !groupStart && 'rounded-se-md',
            !mine && !groupEnd && 'rounded-es-md',
            !mine && !groupStart && 'rounded-ss-md',
            failed && 'opacity-80 ring-2 ring-red-500',
          )}
        >
          {item.reply_to && (
            <div
              data-testid="message-quote"
              className={cx(
                'mb-1.5 border-s-4 ps-2 text-xs',
                mine
                  ? 'border-white/60 text-white dark:text-white/85'
                  : 'border-primary-500 text-slate-600 dark:text-slate-300',
              )}
            >
              <span dir="auto" className="block font-semibold">
                {item.reply_to.sender_id === null ? t('chat.deletedAccount') : item.reply_to.sender_name}
              </span>
              <span dir="auto" className="line-clamp-2 break-words">
                {preview(item.reply_to)}
              </span>
            </div>
          )}
          {attachment && (
            <div className="mb-1">
              <Attachment attachment={attachment} sender={item.sender?.name ?? t('chat.deletedAccount')} />
            </div>
          )}
          {item.is_deleted ? (
            <p data-testid="message-deleted" className="italic opacity-80">
              {t('chat.deletedMessage')}
            </p>
          ) : (
            item.content && (
              <p dir="auto" data-testid="message-text" className="break-words whitespace-pre-wrap">
                <LinkedText text={item.content} />
              </p>
            )
          )}
          {progress !== undefined && item.outgoing?.file && (
            <div className="mt-1">
              <progress
                max={1}
                value={progress}
                aria-label={t('chat.uploading', { percent: Math.round(progress * 100) })}
                className="h-1.5 w-full overflow-hidden rounded-full accent-white"
              />
            </div>
          )}
          <div
            className={cx(
              'mt-0.5 flex items-center justify-end gap-1 px-1 text-[0.7rem]',
              // White on primary-700 is 5.3:1; white at 80 % was 4.0:1 (light). Dark keeps 4.8:1.
              mine ? 'text-white dark:text-white/80' : 'text-slate-500 dark:text-slate-400',
            )}
          >
            {item.is_edited && !item.is_deleted && <span>{t('chat.edited')}</span>}
            <time dateTime={item.created_at} data-testid="message-time">
              {messageTimestamp(item.created_at, t, language)}
            </time>
            {mine && <StatusMark item={item} read={read} />}
          </div>
        </div>
        {failed && (
          <div
            role="alert"
            data-testid="message-failed"
            className="mt-1 flex flex-wrap items-center justify-end gap-2 text-xs text-red-700 dark:text-red-300"
          >
            <AlertCircleIcon className="size-4" />
            <span>
              {t('chat.failed')}: {failureText(t, item.outgoing?.error)}
            </span>
            <button
              type="button"
              data-testid="message-retry"
              onClick={() => actions.onRetry(item)}
              className="rounded-md px-2 py-1 font-semibold underline hover:bg-red-50 dark:hover:bg-red-950"
            >
              {t('chat.retry')}
            </button>
            <button
              type="button"
              onClick={() => actions.onDiscard(item)}
              className="rounded-md px-2 py-1 hover:bg-red-50 dark:hover:bg-red-950"
            >
              {t('chat.discard')}
            </button>
          </div>
        )}
      </div>
      <MessageMenu
        item={item}
        mine={mine}
        onReply={actions.onReply}
        onEdit={actions.onEdit}
        onDelete={actions.onDelete}
        onReport={report && item.sender ? () => setReporting(true) : null}
      />
      {reporting && report && item.sender && (
        <report.Dialog
          subject={{ type: 'message', id: item.id, name: item.sender.name || t('chat.someone') }}
          onClose={() => setReporting(false)}
        />
      )}
    </div>
  );
}
