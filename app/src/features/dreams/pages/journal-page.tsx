import { Plus, Search } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { LIMITS, LIST_SIZES, UI } from '@common/limits';
import { LoadError } from '@app/components/load-error';
import { Input } from '@app/components/ui/input';
import { Card, Label } from '@app/components/ui/misc';
import { useRecentDreams } from '../api';
import { DreamCard, DreamCardSkeleton } from '../components/dream-card';
import { JournalSearchResults } from '../components/journal-search-results';
import { JournalTransfer } from '../components/journal-transfer';
import { NewDreamButton } from '../components/new-dream-button';

/** `/journal?new=1` opens the new-dream dialog (a home-screen shortcut, Home's button on other pages). */
const NEW_DREAM_PARAM = 'new';

export function JournalPage() {
  const recent = useRecentDreams(LIST_SIZES.recentDreamsJournal);
  const dreams = recent.data ?? [];
  const [params, setParams] = useSearchParams();
  // The URL holds the search (/journal?q=…): Back, reload and a tag chip's link all land on it.
  const urlQuery = params.get('q') ?? '';
  const query = urlQuery.trim();
  const [term, setTerm] = useState(urlQuery);
  const written = useRef(urlQuery);
  const [dialogOpen, setDialogOpen] = useState(false);
  const openedByAddress = params.get(NEW_DREAM_PARAM) === '1';
  const onDialogOpenChange = (open: boolean) => {
    setDialogOpen(open);
    // Closing forgets the request in place, so Back and reload do not open the dialog again.
    if (!open && params.has(NEW_DREAM_PARAM)) {
      setParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          next.delete(NEW_DREAM_PARAM);
          return next;
        },
        { replace: true },
      );
    }
  };

  const writeQuery = useCallback(
    (value: string) => {
      written.current = value.trim() ? value : '';
      setParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          if (value.trim()) next.set('q', value);
          else next.delete('q');
          return next;
        },
        { replace: true },
      );
    },
    [setParams],
  );

  // A query arriving from outside the box (a tag chip, Back, a link) replaces what the box shows.
  useEffect(() => {
    if (urlQuery === written.current) return;
    written.current = urlQuery;
    setTerm(urlQuery);
  }, [urlQuery]);

  // Typing searches once the keys stop.
  useEffect(() => {
    if (term === written.current) return;
    const timer = setTimeout(() => writeQuery(term), UI.searchDebounceMs);
    return () => clearTimeout(timer);
  }, [term, writeQuery]);

  const clearSearch = () => {
    setTerm('');
    writeQuery('');
  };

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
        <form
          role="search"
          className="relative w-full max-w-md"
          onSubmit={(e) => {
            e.preventDefault();
            writeQuery(term);
          }}
        >
          <Label htmlFor="journal-search" className="sr-only">
            Search dreams
          </Label>
          <Search className="pointer-events-none absolute left-3 top-3 h-4 w-4 text-slate-400" aria-hidden />
          <Input
            id="journal-search"
            type="search"
            className="pl-9"
            placeholder="Search dreams by title, description or #tag"
            maxLength={LIMITS.searchQuery.max}
            value={term}
            onChange={(e) => setTerm(e.target.value)}
          />
        </form>
        <JournalTransfer />
      </div>

      {query ? (
        <JournalSearchResults query={query} onClear={clearSearch} />
      ) : recent.isPending ? (
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
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Dreams">
          {dreams.map((dream) => (
            <li key={dream.id}>
              <DreamCard dream={dream} headingLevel={2} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
