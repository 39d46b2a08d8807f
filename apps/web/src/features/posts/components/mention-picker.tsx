import type { MentionablePerson } from '@makan/contract/profiles';
import {
  type ChangeEvent,
  type KeyboardEvent,
  type RefObject,
  type SyntheticEvent,
  useId,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { cx } from '../../../lib/cx.ts';
import { useDebouncedValue } from '../../../lib/debounce.ts';
import { useMentionable } from '../api/mentionable.ts';
import { activeMention, insertMention, mentionedIds } from '../mention-text.ts';

/** The picker asks again this long after the last key (the list follows typing closely). */
const ASK_AFTER_MS = 150;

interface MentionPickerOptions {
  value: string;
  onChange: (text: string) => void;
  inputRef: RefObject<HTMLTextAreaElement | null>;
}

/**
 * The people picker of a text box (issue 22): typing `@` and a letter lists people whose name holds
 * what follows (people you follow first); arrow keys move, Enter or Tab picks, Escape closes, a
 * click picks. The picked `@Full Name ` replaces what was typed, and `ids()` answers whom to send as
 * `mentions`. A multi-line text box keeps its own role (ARIA in HTML allows none other on a
 * textarea): it points at the list with aria-controls and at the active person with
 * aria-activedescendant, aria-autocomplete="list" says a list follows typing, and a live region
 * tells how many people were found.
 */
export function useMentionPicker({ value, onChange, inputRef }: MentionPickerOptions) {
  const { t } = useTranslation();
  const id = useId();
  const listId = `${id}-mentions`;
  const optionId = (person: MentionablePerson) => `${id}-mention-${person.id}`;
  const [caret, setCaret] = useState<number | null>(null);
  const [picked, setPicked] = useState<MentionablePerson[]>([]);
  const [active, setActive] = useState({ query: '', index: 0 });
  /** Where the `@` closed by Escape or by a pick is: the list stays shut for it. */
  const [closedAt, setClosedAt] = useState<number | null>(null);

  const token = caret === null ? undefined : activeMention(value, caret);
  const query = token && token.start !== closedAt ? token.query.trim() : '';
  const asked = useDebouncedValue(query, ASK_AFTER_MS);
  const results = useMentionable(query ? asked : '');
  const people = query ? (results.data ?? []) : [];
  const open = people.length > 0;
  const index = active.query === query ? Math.min(active.index, people.length - 1) : 0;
  const current = open ? people[index] : undefined;

  const track = (element: HTMLTextAreaElement) => {
    const at = element.selectionStart === element.selectionEnd ? element.selectionStart : null;
    setCaret(at);
    if (at === null || !activeMention(element.value, at)) setClosedAt(null);
  };

  const pick = (person: MentionablePerson) => {
    if (!token || caret === null) return;
    const next = insertMention(value, token.start, caret, person.name);
    onChange(next.text);
    setPicked((old) => [...old.filter((p) => p.id !== person.id), person]);
    setClosedAt(token.start);
    setCaret(next.caret);
    // The caret after the name, once React has written the new text.
    setTimeout(() => {
      const element = inputRef.current;
      if (!element) return;
      element.focus();
      element.setSelectionRange(next.caret, next.caret);
    }, 0);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (!open || !current || event.nativeEvent.isComposing) return;
    const move = (by: number) => {
      event.preventDefault();
      setActive({ query, index: (index + by + people.length) % people.length });
    };
    if (event.key === 'ArrowDown') move(1);
    else if (event.key === 'ArrowUp') move(-1);
    else if (event.key === 'Enter' || event.key === 'Tab') {
      event.preventDefault();
      pick(current);
    } else if (event.key === 'Escape') {
      // Closes the list only (not a dialog around the box).
      event.preventDefault();
      event.stopPropagation();
      setClosedAt(token?.start ?? null);
    }
  };

  const inputProps = {
    onChange: (event: ChangeEvent<HTMLTextAreaElement>) => {
      onChange(event.target.value);
      track(event.target);
    },
    onSelect: (event: SyntheticEvent<HTMLTextAreaElement>) => track(event.currentTarget),
    onKeyDown,
    onBlur: () => setCaret(null),
    'aria-autocomplete': 'list' as const,
    'aria-controls': open ? listId : undefined,
    'aria-activedescendant': current ? optionId(current) : undefined,
  };

  const list = (
    <>
      <span className="sr-only" aria-live="polite">
        {open ? t('posts.mentions.found', { count: people.length }) : ''}
      </span>
      {open && (
        <div
          id={listId}
          role="listbox"
          aria-label={t('posts.mentions.label')}
          data-testid="mention-list"
          className="absolute start-0 top-full z-30 mt-1 max-h-72 w-full max-w-sm overflow-y-auto rounded-xl border border-slate-200 bg-white py-1 shadow-lg dark:border-slate-700 dark:bg-slate-900"
        >
          {people.map((person, i) => (
            // biome-ignore lint/a11y/useKeyWithClickEvents: the keys are the text box's (aria-activedescendant).
            <div
              key={person.id}
              id={optionId(person)}
              role="option"
              // Never focused itself: the text box keeps the focus (aria-activedescendant).
              tabIndex={-1}
              aria-selected={i === index}
              data-testid="mention-option"
              // Keeps the focus (and the caret) in the text box.
              onMouseDown={(event) => event.preventDefault()}
              onMouseEnter={() => setActive({ query, index: i })}
              onClick={() => pick(person)}
              className={cx(
                'flex cursor-pointer items-center gap-2 px-3 py-2 text-sm text-slate-900 dark:text-slate-100',
                i === index && 'bg-primary-50 dark:bg-primary-900',
              )}
            >
              <span aria-hidden="true" className="contents">
                <Avatar name={person.name} src={person.picture?.url} size="sm" />
              </span>
              <bdi className="min-w-0 flex-1 truncate">{person.name}</bdi>{' '}
              {person.is_following && (
                <span className="text-xs text-slate-600 dark:text-slate-400">
                  {t('posts.mentions.following')}
                </span>
              )}
            </div>
          ))}
        </div>
      )}
    </>
  );

  return {
    inputProps,
    list,
    /** Whom the text names, of the people picked (what to send as `mentions`). */
    ids: (text: string = value) => mentionedIds(text, picked),
    /** Forgets the people picked (the form was sent). */
    reset: () => {
      setPicked([]);
      setClosedAt(null);
    },
  };
}
