import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { ErrorText } from '../../../components/ui/field.tsx';
import { ClockIcon } from '../../../components/ui/icons/clock.tsx';
import { Page } from '../../../components/ui/page.tsx';
import { SearchInput } from '../../../components/ui/search-input.tsx';
import { translateMessage } from '../../../lib/messages.ts';
import { clearRecentSearches, readRecentSearches, saveRecentSearch } from '../../../lib/recent-searches.ts';
import { keywordError, useSearch } from '../api/search.ts';
import { EmptyPosts, PostList } from './post-list.tsx';

interface SearchViewProps {
  /** Drawn beside the results of a keyword: the page hands in 'Save this search' (saved searches). */
  keywordAction?: (keyword: string) => ReactNode;
}

/** /search?q=: post search by keyword, with the recent searches kept on this device. */
export function SearchView({ keywordAction }: SearchViewProps = {}) {
  const { t } = useTranslation();
  const inputId = useId();
  const [params, setParams] = useSearchParams();
  const keyword = (params.get('q') ?? '').trim();
  const [text, setText] = useState(keyword);
  const [error, setError] = useState<string | null>(null);
  const [recent, setRecent] = useState(readRecentSearches);
  const input = useRef<HTMLInputElement>(null);
  // The header searches too: a keyword that arrives in the address fills the box, and the list of
  // recent searches is read again.
  const [shownKeyword, setShownKeyword] = useState(keyword);
  if (keyword !== shownKeyword) {
    setShownKeyword(keyword);
    setText(keyword);
    setError(null);
    setRecent(readRecentSearches());
  }
  // Arriving to search (the header's search button), the box is ready to type in.
  const blank = keyword === '';
  useEffect(() => {
    if (blank) input.current?.focus();
  }, [blank]);
  const results = useSearch(keyword);
  const count = results.data?.pages.reduce((sum, page) => sum + page.posts.length, 0) ?? 0;

  const run = (value: string) => {
    const problem = keywordError(value);
    if (problem) {
      // Spec §5: a blank keyword never reaches the server.
      setError(translateMessage(t, problem));
      return;
    }
    const trimmed = value.trim();
    setError(null);
    setText(trimmed);
    setRecent(saveRecentSearch(trimmed));
    setParams({ q: trimmed });
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    run(text);
  };

  return (
    // One column of cards reads best; the page heading sits over it.
    <div className="mx-auto w-full max-w-2xl">
      <Page title={t('posts.search.title')} testId="page-search">
        <search className="mb-6">
          <form onSubmit={onSubmit} noValidate className="flex flex-col gap-2">
            <label htmlFor={inputId} className="sr-only">
              {t('posts.search.label')}
            </label>
            <div className="flex gap-2">
              <SearchInput
                ref={input}
                id={inputId}
                className="flex-1"
                value={text}
                onChange={(event) => {
                  setText(event.target.value);
                  setError(null);
                }}
                placeholder={t('posts.search.placeholder')}
                maxLength={200}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${inputId}-error` : undefined}
                data-testid="search-input"
              />
              <Button type="submit" data-testid="search-submit">
                {t('posts.search.submit')}
              </Button>
            </div>
            <ErrorText id={`${inputId}-error`} testId="search-error">
              {error}
            </ErrorText>
          </form>
        </search>

        {!keyword ? (
          <section aria-labelledby={`${inputId}-recent`} data-testid="recent-searches">
            <div className="mb-3 flex items-center justify-between gap-2">
              <h2 id={`${inputId}-recent`} className="font-semibold text-slate-900 dark:text-slate-50">
                {t('posts.search.recent')}
              </h2>
              {recent.length > 0 && (
                <Button
                  variant="ghost"
                  size="sm"
                  onClick={() => {
                    clearRecentSearches();
                    setRecent([]);
                  }}
                  data-testid="recent-clear"
                >
                  {t('posts.search.clearRecent')}
                </Button>
              )}
            </div>
            {recent.length === 0 ? (
              <p className="text-sm text-slate-600 dark:text-slate-400">{t('posts.search.noRecent')}</p>
            ) : (
              <ul className="flex flex-wrap gap-2">
                {recent.map((item) => (
                  <li key={item}>
                    <button
                      type="button"
                      onClick={() => run(item)}
                      className="inline-flex items-center gap-1.5 rounded-full border border-slate-300 bg-white px-3 py-1.5 text-sm text-slate-800 hover:bg-slate-50 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-200 dark:hover:bg-slate-800"
                      data-testid="recent-search"
                    >
                      <ClockIcon className="size-4 text-slate-500" />
                      <span dir="auto">{item}</span>
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </section>
        ) : (
          <>
            <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
              <p className="text-sm text-slate-600 dark:text-slate-400" aria-live="polite">
                {results.isSuccess && count > 0 ? t('posts.search.results', { count, keyword }) : null}
              </p>
              {keywordAction?.(keyword)}
            </div>
            <PostList
              query={results}
              testId="search-results"
              failure={{ title: t('posts.search.failed'), text: t('posts.search.failedText') }}
              empty={
                <EmptyPosts title={t('posts.search.empty', { keyword })} hint={t('posts.search.emptyHint')} />
              }
            />
          </>
        )}
      </Page>
    </div>
  );
}
