import { cx } from '../../lib/cx.ts';
import { MapPinIcon } from './icons/map-pin.tsx';

export interface Suggestion {
  id: number;
  label: string;
  /** A second, quieter part (a city's country). */
  detail?: string;
}

/**
 * The list under a search box (a city for the composer's location, the feed's city filter). Picking
 * happens on click; mousedown is cancelled so the box keeps focus and its blur does not close the list first.
 */
export function SuggestionList({
  items,
  onPick,
  testId,
  className,
}: {
  items: Suggestion[];
  onPick: (item: Suggestion) => void;
  testId?: string;
  className?: string;
}) {
  if (items.length === 0) return null;
  return (
    <ul
      className={cx(
        'absolute inset-x-0 z-20 max-h-60 overflow-auto rounded-xl border border-slate-200 bg-white py-1 shadow-lg dark:border-slate-700 dark:bg-slate-900',
        className,
      )}
      data-testid={testId}
    >
      {items.map((item) => (
        <li key={item.id}>
          <button
            type="button"
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => onPick(item)}
            className="flex w-full items-center gap-2 px-3 py-2 text-start text-sm text-slate-800 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800"
          >
            <MapPinIcon className="size-4 shrink-0 text-slate-500" />
            <span className="min-w-0">
              <span dir="auto">{item.label}</span>
              {item.detail && (
                <span className="text-slate-600 dark:text-slate-400">
                  {' · '}
                  <span dir="auto">{item.detail}</span>
                </span>
              )}
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}
