import { LoadError } from '@app/components/load-error';
import { Button } from '@app/components/ui/button';
import { Card, Spinner } from '@app/components/ui/misc';
import { useSearchDreams } from '../api';
import { searchSummary } from '../search-paging';
import { DreamCard } from './dream-card';
import { SearchSnippet } from './search-snippet';

export const NO_MATCH = 'No dreams match your search';

/**
 * The journal's search: one server search over every dream, one count that describes the list below
 * it, "Show more results" for the next page, and one empty state.
 */
export function JournalSearchResults({ query, onClear }: { query: string; onClear: () => void }) {
  const search = useSearchDreams(query);

  if (search.isPending) return <Spinner label="Searching your dreams" className="p-2" />;
  if (search.isError && !search.data) {
    return (
      <LoadError
        title="The search could not be run"
        error={search.error}
        onRetry={() => void search.refetch()}
        retrying={search.isFetching}
      />
    );
  }

  const pages = search.data.pages;
  const seen = new Set<number>();
  const results = pages.flatMap((p) => p.results).filter((r) => !seen.has(r.dream.id) && seen.add(r.dream.id));
  // The newest page knows most: a later group of matches may have raised the count.
  const last = pages.at(-1);
  const stale = search.isPlaceholderData;

  if (!results.length) {
    return (
      <Card className="text-center" aria-busy={stale}>
        <p className="text-slate-200">{NO_MATCH}</p>
        <Button className="mt-3" variant="outline" onClick={onClear}>
          Clear Search
        </Button>
      </Card>
    );
  }

  return (
    <section aria-labelledby="journal-search-results" className="grid gap-4" aria-busy={stale}>
      <h2 id="journal-search-results" className="sr-only">
        Search results
      </h2>
      <p className="text-sm text-slate-300" role="status">
        {searchSummary(results.length, last?.total ?? results.length, last?.totalExact ?? true)}
      </p>
      <ul
        className={`grid gap-4 transition-opacity sm:grid-cols-2 lg:grid-cols-3 ${stale ? 'opacity-60' : ''}`}
        aria-label="Search results"
      >
        {results.map(({ dream, snippet }) => (
          <li key={dream.id}>
            <DreamCard dream={dream} preview={<SearchSnippet text={snippet} />} />
          </li>
        ))}
      </ul>
      {search.hasNextPage ? (
        <div>
          <Button variant="outline" disabled={search.isFetchingNextPage} onClick={() => void search.fetchNextPage()}>
            {search.isFetchingNextPage ? 'Loading more results…' : 'Show more results'}
          </Button>
        </div>
      ) : null}
      {search.isError ? (
        <p className="text-sm text-red-300" role="alert">
          Search is unavailable right now. Please try again.
        </p>
      ) : null}
    </section>
  );
}
