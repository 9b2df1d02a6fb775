import { RefreshCw, Sparkles } from 'lucide-react';
import { formatShortDate } from '@common/dream-text';
import type { Dream } from '@common/schemas/dreams';
import { Button } from '@app/components/ui/button';
import { Card, Skeleton } from '@app/components/ui/misc';
import { toast } from '@app/lib/toast-store';
import { useDreamInterpretation, useGenerateInterpretation } from './api';

/** Interpretation content is paragraphs separated by blank lines. */
export function InterpretationText({ content }: { content: string }) {
  return (
    <div className="grid gap-3 leading-relaxed text-slate-100">
      {content
        .split(/\n\s*\n/)
        .map((p) => p.trim())
        .filter(Boolean)
        .map((paragraph, i) => (
          <p key={i}>{paragraph}</p>
        ))}
    </div>
  );
}

/** The dream detail page's interpretation card, or the "Generate Interpretation" card. */
export function InterpretationSlot({ dream }: { dream: Dream }) {
  const interpretation = useDreamInterpretation(dream.id);
  const generate = useGenerateInterpretation();
  const run = () =>
    generate.mutate(dream.id, {
      onSuccess: () => toast({ title: 'Interpretation generated', description: dream.title }),
      onError: () => toast({ title: 'Failed to generate interpretation', variant: 'destructive' }),
    });

  if (interpretation.isPending) {
    return (
      <Card aria-busy="true" aria-label="Loading interpretation">
        <Skeleton className="h-5 w-1/3" />
        <Skeleton className="mt-4 h-4 w-full" />
        <Skeleton className="mt-2 h-4 w-5/6" />
      </Card>
    );
  }
  const current = interpretation.data;
  if (!current) {
    return (
      <Card className="text-center">
        <Sparkles className="mx-auto h-8 w-8 text-aurora-300" aria-hidden />
        <h2 className="mt-2 text-xl font-semibold text-white">Generate Interpretation</h2>
        <p className="mx-auto mt-1 max-w-md text-sm text-slate-300">
          A reading of this dream's symbols, feelings and setting, linked to the patterns in your journal, with a
          lucid-dreaming suggestion.
        </p>
        <Button className="mt-4" onClick={run} disabled={generate.isPending}>
          {generate.isPending ? 'Interpreting...' : 'Generate Interpretation'}
        </Button>
      </Card>
    );
  }
  return (
    <Card aria-labelledby="interpretation-heading">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id="interpretation-heading" className="text-xl font-semibold text-white">
            Dream Interpretation
          </h2>
          <p className="text-xs text-slate-400">
            {formatShortDate(current.createdAt)} · {current.provider === 'openai' ? 'AI model' : 'Offline dream engine'}
          </p>
        </div>
        <Button variant="outline" size="sm" onClick={run} disabled={generate.isPending}>
          <RefreshCw aria-hidden className={generate.isPending ? 'animate-spin' : undefined} />
          {generate.isPending ? 'Interpreting...' : 'Regenerate'}
        </Button>
      </div>
      <div className="mt-4" aria-live="polite">
        <InterpretationText content={current.content} />
      </div>
    </Card>
  );
}
