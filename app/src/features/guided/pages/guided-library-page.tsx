import { Search, Sparkles } from 'lucide-react';
import { useMemo, useState } from 'react';
import { GUIDED } from '@common/limits';
import { MSG } from '@common/messages';
import type { GuidedType } from '@common/guided';
import type { GuidedContent } from '@common/schemas/guided';
import { LoadError } from '@app/components/load-error';
import { Button } from '@app/components/ui/button';
import { Input } from '@app/components/ui/input';
import { Badge, Card, Skeleton } from '@app/components/ui/misc';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@app/components/ui/tabs';
import { useGuidedLibrary } from '../api';
import { AmbientPlayer } from '../components/ambient-player';
import { GuidedDetailDialog, GuidedMeta, PremiumLabel } from '../components/guided-detail-dialog';
import { PersonalizedDialog } from '../components/personalized-dialog';

const CATEGORIES: Array<{ value: GuidedType | 'all'; label: string }> = [
  { value: 'all', label: 'All Content' },
  { value: 'meditation', label: 'Meditations' },
  { value: 'technique', label: 'Techniques' },
  { value: 'exercise', label: 'Exercises' },
];

/** The spec's search: title, description or any tag contains the text (ignoring case). */
export function matchesSearch(item: GuidedContent, query: string): boolean {
  const q = query.trim().toLowerCase();
  if (!q) return true;
  return (
    item.title.toLowerCase().includes(q) ||
    item.description.toLowerCase().includes(q) ||
    item.tags.some((t) => t.toLowerCase().includes(q))
  );
}

function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max).trimEnd()}…` : text;
}

function GuidedCard({ item, onOpen }: { item: GuidedContent; onOpen: (item: GuidedContent) => void }) {
  return (
    <button
      type="button"
      onClick={() => onOpen(item)}
      className="grid h-full w-full min-w-0 content-start gap-2 rounded-xl border border-night-600/70 bg-night-900/75 p-4 text-left transition-colors hover:border-dream-400/60 focus-visible:outline-2 focus-visible:outline-aurora-300"
    >
      <span className="flex min-w-0 flex-wrap items-start justify-between gap-2">
        <span className="min-w-0 font-semibold text-white wrap-anywhere">{item.title}</span>
        {item.isPremium ? <PremiumLabel /> : null}
      </span>
      <span className="text-sm text-slate-300 wrap-anywhere">{truncate(item.description, GUIDED.cardTruncate)}</span>
      <GuidedMeta item={item} />
    </button>
  );
}

function CardGrid({
  items,
  label,
  onOpen,
}: {
  items: GuidedContent[];
  label: string;
  onOpen: (i: GuidedContent) => void;
}) {
  return (
    <ul aria-label={label} className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
      {items.map((item) => (
        <li key={item.id} className="min-w-0">
          <GuidedCard item={item} onOpen={onOpen} />
        </li>
      ))}
    </ul>
  );
}

export function GuidedLibraryPage() {
  const [category, setCategory] = useState<GuidedType | 'all'>('all');
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState<GuidedContent | null>(null);
  const [personal, setPersonal] = useState<GuidedContent | null>(null);
  const library = useGuidedLibrary(category);

  const items = useMemo(() => (library.data ?? []).filter((i) => matchesSearch(i, query)), [library.data, query]);
  const featured = items.filter((i) => i.isFeatured);
  const categoryLabel = CATEGORIES.find((c) => c.value === category)?.label ?? 'All Content';

  return (
    <Tabs value={category} onValueChange={(v) => setCategory(v as GuidedType | 'all')} className="grid min-w-0 gap-8">
      <section className="grid gap-4">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <div className="min-w-0">
            <h1 className="text-3xl font-bold text-white">Guided Library</h1>
            <p className="mt-1 text-slate-300">
              Meditations, techniques and exercises for sleep, dream recall and lucid dreaming.
            </p>
          </div>
          <PersonalizedDialog
            onCreated={(content, request) =>
              setPersonal({
                id: GUIDED.personalizedId,
                ...content,
                contentType: request.contentType,
                difficulty: request.difficulty,
                duration: request.duration,
                isPremium: false,
                isFeatured: false,
                createdAt: new Date().toISOString(),
              })
            }
          />
        </div>
        <div className="grid gap-3 md:grid-cols-[1fr_auto] md:items-center">
          <div className="relative min-w-0">
            <Search aria-hidden className="pointer-events-none absolute left-3 top-3 h-4 w-4 text-slate-400" />
            <Input
              type="search"
              aria-label="Search guided content"
              placeholder="Search by title, description or tag"
              className="pl-9"
              value={query}
              onChange={(e) => setQuery(e.target.value)}
            />
          </div>
          <TabsList aria-label="Categories" className="grid w-full grid-cols-2 gap-1 sm:flex sm:w-auto">
            {CATEGORIES.map((c) => (
              <TabsTrigger key={c.value} value={c.value} className="px-3">
                {c.label}
              </TabsTrigger>
            ))}
          </TabsList>
        </div>
      </section>

      {personal ? (
        <section aria-labelledby="personal-heading">
          <Card className="grid gap-3 border-dream-400/50">
            <h2 id="personal-heading" className="flex items-center gap-2 text-xl font-semibold text-white">
              <Sparkles aria-hidden className="h-5 w-5 text-aurora-300" /> Your Personalized Content
            </h2>
            <p className="font-medium text-white wrap-anywhere">{personal.title}</p>
            <p className="text-sm text-slate-300 wrap-anywhere">{personal.description}</p>
            <div className="flex flex-wrap gap-1.5">
              {personal.tags.map((t) => (
                <Badge key={t}>{t}</Badge>
              ))}
            </div>
            <div>
              <Button onClick={() => setOpen(personal)}>Open practice</Button>
            </div>
          </Card>
        </section>
      ) : null}

      <section aria-labelledby="ambient-heading">
        <Card className="grid gap-3">
          <h2 id="ambient-heading" className="text-xl font-semibold text-white">
            Ambient Sounds
          </h2>
          <p className="text-sm text-slate-300">Soundscapes made for sleep and meditation. They loop seamlessly.</p>
          <AmbientPlayer label="Ambient music player" />
        </Card>
      </section>

      <TabsContent value={category} className="grid min-w-0 gap-8">
        {library.isPending ? (
          <div
            aria-busy="true"
            aria-label="Loading guided content"
            className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3"
          >
            {Array.from({ length: 6 }, (_, i) => (
              <Skeleton key={i} className="h-36" />
            ))}
          </div>
        ) : library.isError && !library.data ? (
          <LoadError
            title="The guided library could not be loaded"
            error={library.error}
            onRetry={() => void library.refetch()}
            retrying={library.isFetching}
          />
        ) : (
          <>
            {featured.length ? (
              <section aria-labelledby="featured-heading" className="grid gap-3">
                <h2 id="featured-heading" className="text-xl font-semibold text-white">
                  Featured
                </h2>
                <CardGrid items={featured} label="Featured content" onOpen={setOpen} />
              </section>
            ) : null}
            <section aria-labelledby="all-heading" className="grid gap-3">
              <h2 id="all-heading" className="text-xl font-semibold text-white">
                {categoryLabel}
              </h2>
              {items.length ? (
                <CardGrid items={items} label={`${categoryLabel} list`} onOpen={setOpen} />
              ) : (
                <Card className="text-center text-slate-200">{MSG.noGuidedContent}</Card>
              )}
            </section>
          </>
        )}
      </TabsContent>

      <GuidedDetailDialog item={open} onClose={() => setOpen(null)} />
    </Tabs>
  );
}
