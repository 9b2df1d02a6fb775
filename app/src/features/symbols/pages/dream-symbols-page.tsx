import { Loader2, Search, Sparkles } from 'lucide-react';
import { useEffect, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useSearchParams } from 'react-router';
import { LIMITS, LIST_SIZES } from '@common/limits';
import { MSG } from '@common/messages';
import type { DreamSymbol, SymbolReadingResponse } from '@common/schemas/symbols';
import { Button } from '@app/components/ui/button';
import { Input } from '@app/components/ui/input';
import { Badge, Card, Label, Skeleton, Spinner } from '@app/components/ui/misc';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@app/components/ui/tabs';
import { PersonalMeaningEditor } from '@app/features/lexicon';
import { cn } from '@app/lib/cn';
import { toast } from '@app/lib/toast-store';
import { useInterpretSymbol, useRecentSymbols, useSymbolCategories, useSymbolPages, type SymbolFilter } from '../api';

const NAME_GRID = 'grid grid-cols-2 gap-3 sm:grid-cols-3 md:grid-cols-4';
const CARD_GRID = 'grid grid-cols-1 gap-3 sm:grid-cols-2 md:grid-cols-3 xl:grid-cols-4';
const SEARCH_DELAY_MS = 300;
const NO_SYMBOLS_FOUND =
  'No symbols found. Enter a symbol above and click "Interpret Symbol" to generate a new interpretation.';

function SymbolCard({
  symbol,
  onPick,
  detail = 'name',
}: {
  symbol: DreamSymbol;
  onPick: (s: string) => void;
  /** name: the symbol only; category: with its category badge; meaning: with the badge and the meaning. */
  detail?: 'name' | 'category' | 'meaning';
}) {
  return (
    <button
      type="button"
      onClick={() => onPick(symbol.symbol)}
      className="h-full w-full min-w-0 rounded-xl border border-night-600/70 bg-night-900/75 p-4 text-left transition-colors hover:border-dream-400/60"
    >
      <span className="flex min-w-0 flex-wrap items-start justify-between gap-2">
        <span className="min-w-0 font-semibold capitalize text-white wrap-anywhere">{symbol.symbol}</span>
        {detail !== 'name' ? <Badge className="max-w-full wrap-anywhere">{symbol.category}</Badge> : null}
      </span>
      {detail === 'meaning' ? (
        <span data-testid="symbol-meaning" className="mt-2 line-clamp-3 text-sm text-slate-300 wrap-anywhere">
          {symbol.meaning}
        </span>
      ) : null}
    </button>
  );
}

/** Card heights as rendered: a name (or name and category badge) card, and a card with three lines of meaning. */
const SKELETON_CARD = { name: 'h-[3.625rem]', category: 'h-[3.625rem]', meaning: 'h-32' } as const;
/** Chip widths for the categories row while it loads (the real row wraps the same way on a phone). */
const SKELETON_CHIPS = ['w-20', 'w-24', 'w-16', 'w-28', 'w-20', 'w-24', 'w-16', 'w-20', 'w-28', 'w-24'];

/** A grid of symbol cards at their real size while a page of symbols loads. */
function SymbolGridSkeleton({
  detail,
  count,
  label,
}: {
  detail: 'name' | 'category' | 'meaning';
  count: number;
  label: string;
}) {
  return (
    <div className={detail === 'name' ? NAME_GRID : CARD_GRID} role="status" aria-busy="true" aria-label={label}>
      {Array.from({ length: count }, (_, i) => (
        <Skeleton key={i} className={cn('rounded-xl', SKELETON_CARD[detail])} />
      ))}
    </div>
  );
}

/** The browse tab while the categories load: search field, chips row, category heading and a page of cards. */
function BrowseSkeleton() {
  return (
    <div className="grid gap-5" aria-busy="true">
      <div className="grid max-w-md gap-1.5">
        <Skeleton className="h-5 w-40" />
        <Skeleton className="h-10 rounded-md" />
      </div>
      <div className="flex flex-wrap gap-2">
        {SKELETON_CHIPS.map((width, i) => (
          <Skeleton key={i} className={cn('h-[1.875rem] rounded-full', width)} />
        ))}
      </div>
      <div className="grid gap-3">
        <Skeleton className="h-7 w-32" />
        <Skeleton className="-mt-2 h-5 w-24" />
        <SymbolGridSkeleton detail="name" count={LIST_SIZES.symbolsPage} label="Loading symbols" />
      </div>
    </div>
  );
}

function ResultCard({ result }: { result: SymbolReadingResponse }) {
  return (
    <Card aria-labelledby="symbol-result" className="border-dream-400/40">
      <div className="flex flex-wrap items-center gap-3">
        <h2 id="symbol-result" className="min-w-0 text-2xl font-bold capitalize text-white wrap-anywhere">
          {result.symbol}
        </h2>
        <Badge>{result.category}</Badge>
      </div>
      <p className="mt-1 text-sm text-aurora-300">Interdimensional Symbol Analysis</p>
      <h3 className="mt-4 font-semibold text-white">Meaning</h3>
      <p className="mt-1 leading-relaxed text-slate-200 wrap-anywhere">{result.meaning}</p>
      <h3 className="mt-4 font-semibold text-white">Associations</h3>
      <ul className="mt-1 list-disc pl-6 text-slate-200 wrap-anywhere">
        {result.associations.map((a) => (
          <li key={a}>{a}</li>
        ))}
      </ul>
      {!result.stored ? (
        <p className="mt-4 text-xs text-slate-400">
          This reading is personal to you and is not added to the shared dictionary.
        </p>
      ) : null}
      <h3 className="mt-4 font-semibold text-white">What it means to me</h3>
      <div className="mt-1">
        <PersonalMeaningEditor symbol={result.symbol.toLowerCase()} showLearned />
      </div>
    </Card>
  );
}

/** A category's symbols or a search's matches, a page at a time. */
function SymbolPages({
  filter,
  onPick,
  label,
  onInterpret,
}: {
  filter: SymbolFilter;
  onPick: (s: string) => void;
  label: string;
  onInterpret?: () => void;
}) {
  const pages = useSymbolPages(filter);
  const searching = 'q' in filter;
  const skeleton = (
    <SymbolGridSkeleton
      detail={searching ? 'category' : 'name'}
      count={LIST_SIZES.symbolsPage}
      label="Loading symbols"
    />
  );
  if (pages.isPending) return skeleton;
  if (pages.isError) {
    return (
      <p role="alert" className="text-red-300">
        Error loading symbols. Please refresh the page.
      </p>
    );
  }
  const symbols = pages.data.pages.flatMap((p) => p.symbols);
  if (symbols.length === 0) {
    if (pages.isPlaceholderData) return skeleton;
    return searching ? (
      <div className="grid justify-items-start gap-3" role="status">
        <p className="text-slate-300">{NO_SYMBOLS_FOUND}</p>
        {onInterpret ? (
          <Button variant="outline" onClick={onInterpret} className="max-w-full">
            <Sparkles aria-hidden /> <span className="truncate">Interpret “{filter.q}”</span>
          </Button>
        ) : null}
      </div>
    ) : (
      <p className="text-slate-300">No symbols in this category yet.</p>
    );
  }
  return (
    <div className="grid gap-4" aria-busy={pages.isPlaceholderData || pages.isFetchingNextPage}>
      <ul className={cn(searching ? CARD_GRID : NAME_GRID, pages.isPlaceholderData && 'opacity-60')} aria-label={label}>
        {symbols.map((s) => (
          <li key={s.id ?? s.symbol} className="min-w-0">
            <SymbolCard symbol={s} onPick={onPick} detail={searching ? 'category' : 'name'} />
          </li>
        ))}
      </ul>
      {pages.hasNextPage ? (
        <Button
          variant="outline"
          className="w-fit"
          disabled={pages.isFetchingNextPage}
          onClick={() => void pages.fetchNextPage()}
        >
          {pages.isFetchingNextPage ? 'Loading more symbols…' : 'Load more symbols'}
        </Button>
      ) : null}
    </div>
  );
}

/** Browse by category (chips), or search every stored symbol; both in the URL so Back and reload keep them. */
function BrowseSymbols({ onPick }: { onPick: (s: string) => void }) {
  const categories = useSymbolCategories();
  const [params, setParams] = useSearchParams();
  const [text, setText] = useState(() => params.get('q') ?? '');
  const q = (params.get('q') ?? '').trim();

  // The search follows the typing after a short pause; the URL is replaced, not pushed, per keystroke.
  useEffect(() => {
    const next = text.trim().slice(0, LIMITS.symbol.max);
    if (next === q) return;
    const timer = setTimeout(() => {
      setParams(
        (prev) => {
          const p = new URLSearchParams(prev);
          if (next) p.set('q', next);
          else p.delete('q');
          return p;
        },
        { replace: true },
      );
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text, q, setParams]);

  const list = categories.data ?? [];
  const requested = params.get('category');
  const current = list.find((c) => c.category === requested) ?? list[0];
  const choose = (category: string) =>
    setParams(
      (prev) => {
        const p = new URLSearchParams(prev);
        p.set('category', category);
        return p;
      },
      { replace: true },
    );

  if (categories.isPending) return <BrowseSkeleton />;
  if (categories.isError) {
    return (
      <p role="alert" className="text-red-300">
        Error loading symbols. Please refresh the page.
      </p>
    );
  }
  if (list.length === 0) {
    return <p className="text-slate-300">No symbols have been added yet. Search for a symbol to get started.</p>;
  }

  return (
    <div className="grid gap-5">
      <div className="relative grid max-w-md gap-1.5">
        <Label htmlFor="symbol-search">Search the dictionary</Label>
        <Search className="pointer-events-none absolute bottom-3 left-3 h-4 w-4 text-slate-400" aria-hidden />
        <Input
          id="symbol-search"
          type="search"
          className="pl-9"
          placeholder="Find a symbol by name or association"
          maxLength={LIMITS.symbol.max}
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
      </div>
      {q ? (
        <section aria-labelledby="symbol-search-results" className="grid gap-3">
          <h2 id="symbol-search-results" className="text-lg font-semibold text-white wrap-anywhere">
            Symbols matching “{q}”
          </h2>
          <SymbolPages filter={{ q }} onPick={onPick} label="Matching symbols" onInterpret={() => onPick(q)} />
        </section>
      ) : current ? (
        <>
          <div role="group" aria-label="Categories" className="flex flex-wrap gap-2">
            {list.map((c) => (
              <button
                key={c.category}
                type="button"
                aria-pressed={c.category === current.category}
                onClick={() => choose(c.category)}
                className="max-w-full rounded-full border border-night-600 px-3 py-1 text-sm text-slate-200 wrap-anywhere hover:border-dream-400/60 aria-pressed:border-dream-400 aria-pressed:bg-dream-600 aria-pressed:text-white"
              >
                {c.category}
              </button>
            ))}
          </div>
          <section aria-labelledby="symbol-category" className="grid gap-3">
            <h2 id="symbol-category" className="text-lg font-semibold text-white wrap-anywhere">
              {current.category}
            </h2>
            <p className="-mt-2 text-sm text-slate-400">
              {current.count} {current.count === 1 ? 'symbol' : 'symbols'}
            </p>
            <SymbolPages
              key={current.category}
              filter={{ category: current.category }}
              onPick={onPick}
              label={`${current.category} symbols`}
            />
          </section>
        </>
      ) : null}
    </div>
  );
}

function RecentSymbols({ onPick }: { onPick: (s: string) => void }) {
  const recent = useRecentSymbols();
  if (recent.isPending) {
    return <SymbolGridSkeleton detail="meaning" count={LIST_SIZES.symbolsRecent} label="Loading symbols" />;
  }
  if (recent.isError) {
    return (
      <p role="alert" className="text-red-300">
        Error loading symbols. Please refresh the page.
      </p>
    );
  }
  if (recent.data.length === 0) {
    return <p className="text-slate-300">No symbols have been added yet. Search for a symbol to get started.</p>;
  }
  return (
    <ul className={CARD_GRID} aria-label="Recently added symbols">
      {recent.data.map((s) => (
        <li key={s.id ?? s.symbol} className="min-w-0">
          <SymbolCard symbol={s} onPick={onPick} detail="meaning" />
        </li>
      ))}
    </ul>
  );
}

export function DreamSymbolsPage() {
  const interpret = useInterpretSymbol();
  const [input, setInput] = useState('');
  const [result, setResult] = useState<SymbolReadingResponse | null>(null);

  const request = (raw: string) => {
    const symbol = raw.trim();
    if (!symbol) {
      toast({ title: 'Empty Input', description: MSG.emptySymbol, variant: 'destructive' });
      return;
    }
    interpret.mutate(symbol, {
      onSuccess: (reading) => {
        setResult(reading);
        toast({ title: 'Symbol Interpreted', description: `Successfully interpreted "${reading.symbol}"` });
      },
      onError: () =>
        toast({ title: 'Error', description: 'Failed to interpret symbol. Please try again.', variant: 'destructive' }),
    });
  };
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    request(input);
  };
  // Enter submits even a blank field (the button is disabled then), so a blank symbol is answered with a toast.
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key !== 'Enter' || e.nativeEvent.isComposing) return;
    e.preventDefault();
    if (!interpret.isPending) request(input);
  };
  const pick = (symbol: string) => {
    setInput(symbol);
    request(symbol);
    const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    window.scrollTo({ top: 0, behavior: reduce ? 'auto' : 'smooth' });
  };

  return (
    <div className="grid grid-cols-1 gap-6">
      <header>
        <h1 className="text-3xl font-bold text-white">Dream Symbol Dictionary</h1>
        <p className="mt-1 max-w-2xl text-slate-300">
          Look up the symbols that visit your dreams. Every reading is a starting point for your own reflection — what a
          symbol means to you matters most.
        </p>
      </header>
      <form onSubmit={onSubmit} className="flex flex-wrap items-end gap-3">
        <div className="grid min-w-0 flex-1 basis-64 gap-1.5">
          <Label htmlFor="symbol-input">Symbol</Label>
          <Input
            id="symbol-input"
            value={input}
            onChange={(e) => setInput(e.target.value)}
            onKeyDown={onKeyDown}
            placeholder="e.g. ocean, moon, door"
            maxLength={LIMITS.symbol.max}
          />
        </div>
        <Button type="submit" disabled={!input.trim() || interpret.isPending}>
          {interpret.isPending ? <Loader2 className="animate-spin" aria-hidden /> : <Sparkles aria-hidden />}
          Interpret Symbol
        </Button>
      </form>
      {interpret.isPending ? <Spinner label="Interpreting symbol" className="p-4" /> : null}
      {result ? <ResultCard result={result} /> : null}
      <Tabs defaultValue="browse">
        <TabsList aria-label="Browse symbols" className="max-w-full">
          <TabsTrigger value="browse">Browse by Category</TabsTrigger>
          <TabsTrigger value="recent">Recently Added</TabsTrigger>
        </TabsList>
        <TabsContent value="browse" className="mt-4">
          <BrowseSymbols onPick={pick} />
        </TabsContent>
        <TabsContent value="recent" className="mt-4">
          <RecentSymbols onPick={pick} />
        </TabsContent>
      </Tabs>
    </div>
  );
}
