import { useQueryClient } from '@tanstack/react-query';
import { Sparkles } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '@common/paths';
import { Button } from '@app/components/ui/button';
import { useRecentDreams } from '@app/features/dreams/api';
import { useGenerateInterpretation } from '@app/features/interpretations/api';
import { toast } from '@app/lib/toast-store';
import { analyticsKeys, useRecentInterpretation } from '../api';
import { Panel } from './panel';

/**
 * Insights: the latest reading, its paragraphs, "Generate new interpretation" (for that dream, or
 * the latest dream when there is no reading yet) and "View full dream".
 */
export function RecentInterpretationPanel() {
  const recent = useRecentInterpretation();
  const latest = useRecentDreams(1);
  const generate = useGenerateInterpretation();
  const queryClient = useQueryClient();
  const data = recent.data;
  const dreamId = data?.dream.id ?? latest.data?.[0]?.id;

  const onGenerate = () => {
    if (dreamId === undefined) {
      toast({
        title: 'Cannot generate interpretation',
        description: 'No dream found to interpret.',
        variant: 'destructive',
      });
      return;
    }
    generate.mutate(dreamId, {
      onSuccess: () => void queryClient.invalidateQueries({ queryKey: analyticsKeys.recentInterpretation }),
      onError: (err) =>
        toast({
          title: 'Failed to generate interpretation',
          description: err instanceof Error ? err.message : undefined,
          variant: 'destructive',
        }),
    });
  };

  const paragraphs = data ? data.interpretation.content.split(/\n\s*\n/).filter((p) => p.trim()) : [];
  return (
    <Panel
      id="recent-interpretation"
      title="Recent AI Interpretation"
      loading={recent.isPending}
      error={recent.error}
      errorTitle="Error loading interpretation"
    >
      <div className="grid gap-4">
        {data ? (
          <>
            <p className="text-sm text-slate-400">
              For <span className="font-medium text-slate-200">{data.dream.title}</span>
            </p>
            <div className="grid max-h-72 gap-3 overflow-y-auto pr-1 text-sm leading-relaxed text-slate-200">
              {paragraphs.map((p, i) => (
                <p key={i}>{p}</p>
              ))}
            </div>
          </>
        ) : (
          <p className="text-sm text-slate-300">No interpretations yet. Generate one for your latest dream.</p>
        )}
        <div className="flex flex-wrap gap-2">
          <Button onClick={onGenerate} disabled={generate.isPending || latest.isPending}>
            <Sparkles aria-hidden />
            {generate.isPending ? 'Generating…' : 'Generate new interpretation'}
          </Button>
          {data ? (
            <Button asChild variant="outline">
              <Link to={paths.dream(data.dream.id)}>View full dream</Link>
            </Button>
          ) : null}
        </div>
      </div>
    </Panel>
  );
}
