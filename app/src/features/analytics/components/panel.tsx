import type { ReactNode } from 'react';
import { Card, Skeleton } from '@app/components/ui/misc';
import { cn } from '@app/lib/cn';

/** What a failed panel shows: the spec's title and the error's message, or "Unknown error". */
export function PanelError({ title, error }: { title: string; error: unknown }) {
  const message = error instanceof Error && error.message ? error.message : 'Unknown error';
  return (
    <div role="alert" className="rounded-lg border border-red-500/60 bg-red-950/50 px-4 py-3 text-sm text-red-200">
      <p className="font-semibold">{title}</p>
      <p className="mt-1 break-words">{message}</p>
    </div>
  );
}

/** A titled insights panel with its own loading and error state. */
export function Panel({
  id,
  title,
  description,
  loading,
  error,
  errorTitle,
  className,
  children,
}: {
  id: string;
  title: string;
  description?: string;
  loading: boolean;
  error: unknown;
  errorTitle: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Card className={cn('grid content-start gap-4 p-5', className)}>
      <section aria-labelledby={id} aria-busy={loading || undefined} className="grid gap-4">
        <div>
          <h2 id={id} className="text-lg font-semibold text-white">
            {title}
          </h2>
          {description ? <p className="text-sm text-slate-400">{description}</p> : null}
        </div>
        {loading ? (
          <div className="grid gap-2" data-testid={`${id}-loading`}>
            <span className="sr-only">Loading {title}</span>
            <Skeleton className="h-5 w-3/4" />
            <Skeleton className="h-5 w-1/2" />
            <Skeleton className="h-5 w-2/3" />
          </div>
        ) : error ? (
          <PanelError title={errorTitle} error={error} />
        ) : (
          children
        )}
      </section>
    </Card>
  );
}
