import { Plus, Search } from 'lucide-react';
import { useDeferredValue, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { dreamWhenText } from '@common/dream-text';
import { LIST_SIZES } from '@common/limits';
import { paths } from '@common/paths';
import { LoadError } from '@app/components/load-error';
import { Button } from '@app/components/ui/button';
import { Input } from '@app/components/ui/input';
import { Card, Label, Spinner } from '@app/components/ui/misc';
import { useRecentDreams, useSearchDreams } from '../api';
import { DreamCard, DreamCardSkeleton } from '../components/dream-card';
import { JournalTransfer } from '../components/journal-transfer';
import { NewDreamButton } from '../components/new-dream-button';
import { SearchSnippet } from '../components/search-snippet';
import { searchSummary } from '../search-paging';

/** `/journal?new=1` opens the new-dream dialog (a home-screen shortcut, Home's button on other pages). */
const NEW_DREAM_PARAM = 'new';

export function JournalPage() {
  const recent = useRecentDreams(LIST_SIZES.recentDreamsJournal);
  const [searchParams, setSearchParams] = useSearchParams();
  const [dialogOpen, setDialogOpen] = useState(false);
  const openedByAddress = searchParams.get(NEW_DREAM_PARAM) === '1';
  const onDialogOpenChange = (open: boolean) => {
    setDialogOpen(open);
    // Closing forgets the request in place, so Back and reload do not open the dialog again.
    if (!open && searchParams.has(NEW_DREAM_PARAM)) {
      setSearchParams(
        (params) => {
          params.delete(NEW_DREAM_PARAM);
          return params;
        },
        { replace: true },
      );
    }
  };
  const [term, setTerm] = useState('');
  const deferredTerm = useDeferredValue(term.trim());
  const server = useSearchDreams(deferredTerm);
  const dreams = useMemo(() => recent.data ?? [], [recent.data]);

  // The spec's instant filter over the loaded dreams, case-insensitive, title/narrative/tags.
  const filtered = useMemo(() => {
    const needle = term.trim().toLowerCase();
    if (!needle) return dreams;
    return dreams.filter(
      (d) =>
        d.title.toLowerCase().includes(needle) ||
        d.narrative.toLowerCase().includes(needle) ||
        d.tags.some((t) => t.includes(needle)),
    );
  }, [dreams, term]);
  const shownIds = new Set(filtered.map((d) => d.id));
  const firstPage = server.data?.pages[0];
  const olderMatches = (server.data?.pages ?? []).flatMap((p) => p.results).filter((r) => !shownIds.has(r.dream.id));

  return (
    <section className="grid gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold text-white">Dream Journal</h1>
          <p className="text-slate-300">Your most recent dreams. Search reaches every dream you have recorded.</p>
        </div>
        <NewDreamButton
          label="New Entry"
          icon={<Plus aria-hidden />}
          open={dialogOpen || openedByAddress}
          onOpenChange={onDialogOpenChange}
        />
      </div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="relative w-full max-w-md">
          <Label htmlFor="journal-search" className="sr-only">
            Search dreams
          </Label>
          <Search className="pointer-events-none absolute left-3 top-3 h-4 w-4 text-slate-400" aria-hidden />
          <Input
            id="journal-search"
            type="search"
            className="pl-9"
            placeholder="Search dreams by title, description or tag"
            value={term}
            onChange={(e) => setTerm(e.target.value)}
          />
        </div>
        <JournalTransfer />
      </div>

      {recent.isPending ? (
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-busy="true" aria-label="Loading dreams">
          {Array.from({ length: LIST_SIZES.journalSkeletons }, (_, i) => (
            <DreamCardSkeleton key={i} />
          ))}
        </div>
      ) : recent.isError && !recent.data ? (
        <LoadError
          title="Your dreams could not be loaded"
          error={recent.error}
          onRetry={() => void recent.refetch()}
          retrying={recent.isFetching}
        />
      ) : dreams.length === 0 ? (
        <Card className="text-center">
          <h2 className="text-xl font-semibold text-white">Your journal is empty</h2>
          <p className="mt-2 text-slate-300">Every dream you record becomes a doorway you can return to.</p>
          <div className="mt-4 flex justify-center">
            <NewDreamButton label="Record Your First Dream" />
          </div>
        </Card>
      ) : filtered.length === 0 ? (
        <Card className="text-center">
          <p className="text-slate-200">No dreams match your search</p>
          <Button className="mt-3" variant="outline" onClick={() => setTerm('')}>
            Clear Search
          </Button>
        </Card>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Dreams">
          {filtered.map((dream) => (
            <li key={dream.id}>
              <DreamCard dream={dream} headingLevel={2} />
            </li>
          ))}
        </ul>
      )}

      {deferredTerm ? (
        <section aria-labelledby="all-dreams-results" className="grid gap-3">
          <h2 id="all-dreams-results" className="text-lg font-semibold text-white">
            Search all dreams
          </h2>
          {server.isPending ? (
            <Spinner label="Searching all dreams" className="p-2" />
          ) : server.isError ? (
            <p className="text-sm text-red-300">Search is unavailable right now. Please try again.</p>
          ) : (
            <>
              {firstPage && firstPage.total > 0 ? (
                <p className="text-sm text-slate-300" aria-live="polite">
                  {searchSummary(firstPage.total, firstPage.totalExact)}
                </p>
              ) : null}
              {olderMatches.length === 0 ? (
                <p className="text-sm text-slate-400">
                  {firstPage?.total
                    ? server.hasNextPage
                      ? 'The best matches are shown above.'
                      : 'All matches are shown above.'
                    : 'No other dreams match.'}
                </p>
              ) : (
                <ul className="grid gap-3" aria-label="Search results from all dreams">
                  {olderMatches.map(({ dream, snippet }) => (
                    <li key={dream.id}>
                      <Link
                        to={paths.dream(dream.id)}
                        className="block rounded-xl border border-night-600/70 bg-night-900/75 p-4 hover:border-dream-400/60"
                      >
                        <span className="flex flex-wrap items-baseline justify-between gap-x-3">
                          <span className="font-semibold text-white">{dream.title}</span>
                          <span className="text-xs text-slate-400">{dreamWhenText(dream)}</span>
                        </span>
                        <span className="mt-1 block text-sm text-slate-300">
                          <SearchSnippet text={snippet} />
                        </span>
                      </Link>
                    </li>
                  ))}
                </ul>
              )}
              {server.hasNextPage ? (
                <div>
                  <Button
                    variant="outline"
                    disabled={server.isFetchingNextPage}
                    onClick={() => void server.fetchNextPage()}
                  >
                    {server.isFetchingNextPage ? 'Loading more results…' : 'Show more results'}
                  </Button>
                </div>
              ) : null}
            </>
          )}
        </section>
      ) : null}
    </section>
  );
}
