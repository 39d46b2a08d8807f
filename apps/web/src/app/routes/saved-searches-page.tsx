import { useSearchParams } from 'react-router';
import { EmptyPosts, PostList } from '../../features/posts/components/post-list.tsx';
import { SavedSearchResults } from '../../features/saved-searches/components/saved-search-results.tsx';
import { SavedSearchesView } from '../../features/saved-searches/components/saved-searches-view.tsx';

/** A search's id from `?run=`: a positive whole number, else null (the list shows). */
function runParam(value: string | null): number | null {
  return value && /^\d+$/.test(value) && Number(value) > 0 && Number(value) < 2 ** 31 ? Number(value) : null;
}

/**
 * /saved-searches: the list; with `?run=<id>`, that search run, its listings drawn as the feed draws
 * them (the posts feature's list, with its infinite scroll).
 */
export function SavedSearchesPage() {
  const [params] = useSearchParams();
  const run = runParam(params.get('run'));
  if (run === null) return <SavedSearchesView />;
  return (
    <SavedSearchResults
      key={run}
      id={run}
      renderPosts={(query, empty) => (
        <PostList
          query={query}
          testId="saved-search-results"
          empty={<EmptyPosts title={empty.title} hint={empty.hint} />}
        />
      )}
    />
  );
}
