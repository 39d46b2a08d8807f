import type { i18n as I18n } from 'i18next';
import { use } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Loads by the instance's resource store, where the texts land: `useTranslation()` hands each component
 * its own wrapper of the instance (react-i18next 17), a new one when a suspended first render is tried
 * again, so the wrapper cannot be the key (it was: every signed-in first page loaded and suspended twice,
 * and React warned of a use() skipped on the retry).
 */
const loading = new WeakMap<I18n['store'], Map<string, Promise<void>>>();

export interface LazyTexts {
  /** Names the bundle (one load per i18n instance, name and language). */
  name: string;
  /** True when the instance already holds the texts (tests bundle every text up front). */
  present: (i18n: I18n) => boolean;
  /** Fetches the texts in the reader's language and adds them to the instance. */
  load: (i18n: I18n) => Promise<void>;
}

/**
 * Texts that only some pages read load with those pages, in the reader's language only, and the page
 * suspends until they are there. Once a load has started, every render reads the same promise (React
 * requires `use()` on each render after a suspension).
 */
export function useLazyTexts(texts: LazyTexts): void {
  const { i18n } = useTranslation();
  let byName = loading.get(i18n.store);
  if (!byName) {
    byName = new Map();
    loading.set(i18n.store, byName);
  }
  const key = `${texts.name}:${i18n.language}`;
  let pending = byName.get(key);
  if (!pending) {
    if (texts.present(i18n)) return;
    const promise = texts.load(i18n);
    // Marked as React marks the promises it tracks: once loaded, `use()` reads it without suspending.
    promise.then(
      () => Object.assign(promise, { status: 'fulfilled', value: undefined }),
      () => {},
    );
    pending = promise;
    byName.set(key, pending);
  }
  use(pending);
}
