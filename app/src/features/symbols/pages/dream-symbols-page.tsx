import { Loader2, Sparkles } from 'lucide-react';
import { useMemo, useState, type FormEvent } from 'react';
import { EMPTY_SYMBOL_MESSAGE, type DreamSymbol, type SymbolReadingResponse } from '@common/schemas/interpretations';
import { Button } from '@app/components/ui/button';
import { Input } from '@app/components/ui/input';
import { Badge, Card, Label, Spinner } from '@app/components/ui/misc';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@app/components/ui/tabs';
import { toast } from '@app/lib/toast-store';
import { useDreamSymbols, useInterpretSymbol } from '../api';

const RECENT_COUNT = 12;

/** Newest first by when a symbol was added, or last interpreted (seeded entries surface once used). */
const recency = (s: DreamSymbol) => s.lastInterpretedAt ?? s.createdAt ?? '';
const GRID = 'grid gap-3 sm:grid-cols-2 md:grid-cols-3 xl:grid-cols-4';

function SymbolCard({
  symbol,
  onPick,
  clamp = false,
}: {
  symbol: DreamSymbol;
  onPick: (s: string) => void;
  clamp?: boolean;
}) {
  return (
    <button
      type="button"
      onClick={() => onPick(symbol.symbol)}
      className="h-full w-full rounded-xl border border-night-600/70 bg-night-900/75 p-4 text-left transition-colors hover:border-dream-400/60"
    >
      <span className="flex items-start justify-between gap-2">
        <span className="font-semibold capitalize text-white">{symbol.symbol}</span>
        {clamp ? <Badge>{symbol.category}</Badge> : null}
      </span>
      {clamp ? <span className="mt-2 line-clamp-3 block text-sm text-slate-300">{symbol.meaning}</span> : null}
    </button>
  );
}

function ResultCard({ result }: { result: SymbolReadingResponse }) {
  return (
    <Card aria-labelledby="symbol-result" className="border-dream-400/40">
      <div className="flex flex-wrap items-center gap-3">
        <h2 id="symbol-result" className="text-2xl font-bold capitalize text-white">
          {result.symbol}
        </h2>
        <Badge>{result.category}</Badge>
      </div>
      <p className="mt-1 text-sm text-aurora-300">Interdimensional Symbol Analysis</p>
      <h3 className="mt-4 font-semibold text-white">Meaning</h3>
      <p className="mt-1 leading-relaxed text-slate-200">{result.meaning}</p>
      <h3 className="mt-4 font-semibold text-white">Associations</h3>
      <ul className="mt-1 list-disc pl-6 text-slate-200">
        {result.associations.map((a) => (
          <li key={a}>{a}</li>
        ))}
      </ul>
      {!result.stored ? (
        <p className="mt-4 text-xs text-slate-400">
          This reading is personal to you and is not added to the shared dictionary.
        </p>
      ) : null}
    </Card>
  );
}

export function DreamSymbolsPage() {
  const symbols = useDreamSymbols();
  const interpret = useInterpretSymbol();
  const [input, setInput] = useState('');
  const [result, setResult] = useState<SymbolReadingResponse | null>(null);

  const request = (raw: string) => {
    const symbol = raw.trim();
    if (!symbol) {
      toast({ title: 'Empty Input', description: EMPTY_SYMBOL_MESSAGE, variant: 'destructive' });
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
  const pick = (symbol: string) => {
    setInput(symbol);
    request(symbol);
    window.scrollTo({ top: 0, behavior: 'smooth' });
  };

  const byCategory = useMemo(() => {
    const groups = new Map<string, DreamSymbol[]>();
    for (const s of symbols.data ?? []) groups.set(s.category, [...(groups.get(s.category) ?? []), s]);
    return [...groups.entries()].sort(([a], [b]) => a.localeCompare(b));
  }, [symbols.data]);
  const recent = useMemo(
    () =>
      [...(symbols.data ?? [])]
        .sort((a, b) => recency(b).localeCompare(recency(a)) || (b.id ?? 0) - (a.id ?? 0))
        .slice(0, RECENT_COUNT),
    [symbols.data],
  );

  const listState = symbols.isPending ? (
    <Spinner label="Loading symbols" />
  ) : symbols.isError ? (
    <p role="alert" className="text-red-300">
      Error loading symbols. Please refresh the page.
    </p>
  ) : (symbols.data ?? []).length === 0 ? (
    <p className="text-slate-300">No symbols have been added yet. Search for a symbol to get started.</p>
  ) : null;

  return (
    <div className="grid gap-6">
      <header>
        <h1 className="text-3xl font-bold text-white">Dream Symbol Dictionary</h1>
        <p className="mt-1 max-w-2xl text-slate-300">
          Look up the symbols that visit your dreams. Every reading is a starting point for your own reflection — what a
          symbol means to you matters most.
        </p>
      </header>
      <form onSubmit={onSubmit} className="flex flex-wrap items-end gap-3">
        <div className="grid min-w-64 flex-1 gap-1.5">
          <Label htmlFor="symbol-input">Symbol</Label>
          <Input
            id="symbol-input"
            value={input}
            onChange={(e) => setInput(e.target.value)}
            placeholder="e.g. ocean, moon, door"
            maxLength={60}
          />
        </div>
        <Button type="submit" disabled={!input.trim() || interpret.isPending}>
          {interpret.isPending ? <Loader2 className="animate-spin" aria-hidden /> : <Sparkles aria-hidden />}
          Interpret Symbol
        </Button>
      </form>
      {interpret.isPending ? <Spinner label="Interpreting symbol" className="p-4" /> : null}
      {result ? (
        <ResultCard result={result} />
      ) : (
        <p className="text-slate-300">
          No symbols found. Enter a symbol above and click "Interpret Symbol" to generate a new interpretation.
        </p>
      )}
      <Tabs defaultValue="browse">
        <TabsList aria-label="Browse symbols">
          <TabsTrigger value="browse">Browse by Category</TabsTrigger>
          <TabsTrigger value="recent">Recently Added</TabsTrigger>
        </TabsList>
        <TabsContent value="browse" className="mt-4 grid gap-6">
          {listState ??
            byCategory.map(([category, list]) => (
              <section key={category} aria-labelledby={`cat-${category}`}>
                <h2 id={`cat-${category}`} className="text-lg font-semibold text-white">
                  {category}
                </h2>
                <ul className={`mt-2 ${GRID}`}>
                  {list.map((s) => (
                    <li key={s.symbol}>
                      <SymbolCard symbol={s} onPick={pick} />
                    </li>
                  ))}
                </ul>
              </section>
            ))}
        </TabsContent>
        <TabsContent value="recent" className="mt-4">
          {listState ?? (
            <ul className={GRID} aria-label="Recently added symbols">
              {recent.map((s) => (
                <li key={s.symbol}>
                  <SymbolCard symbol={s} onPick={pick} clamp />
                </li>
              ))}
            </ul>
          )}
        </TabsContent>
      </Tabs>
    </div>
  );
}
