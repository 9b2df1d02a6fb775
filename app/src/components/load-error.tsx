import { RotateCw, TriangleAlert } from 'lucide-react';
import { Button } from '@app/components/ui/button';
import { Card } from '@app/components/ui/misc';
import { ApiError } from '@app/lib/api-client';
import { cn } from '@app/lib/cn';

/** Why a load failed, in words: the server's answer, or that it could not be reached. */
export function loadFailureReason(error: unknown): string {
  if (error instanceof ApiError) {
    const said = error.serverMessage ?? error.statusText;
    return said ? `The server answered ${error.status}: ${said}` : `The server answered ${error.status}.`;
  }
  if (error instanceof TypeError) return 'The server could not be reached. Check your connection.';
  if (error instanceof Error && error.message) return error.message;
  return 'Something went wrong.';
}

/**
 * A list that failed to load says so, and why, with a Retry: it must never look like an empty
 * list (an empty journal reads as lost dreams).
 */
export function LoadError({
  title,
  error,
  onRetry,
  retrying = false,
  className,
}: {
  /** What failed, e.g. "Your dreams could not be loaded". */
  title: string;
  error: unknown;
  onRetry: () => void;
  retrying?: boolean;
  className?: string;
}) {
  return (
    <Card role="alert" className={cn('flex flex-col items-center gap-3 text-center', className)}>
      <TriangleAlert aria-hidden className="h-7 w-7 text-amber-300" />
      <p className="text-lg font-semibold text-white">{title}</p>
      <p className="max-w-prose break-words text-sm text-slate-300">{loadFailureReason(error)}</p>
      <Button variant="outline" onClick={onRetry} disabled={retrying}>
        <RotateCw aria-hidden className={cn(retrying && 'motion-safe:animate-spin')} />
        {retrying ? 'Retrying…' : 'Retry'}
      </Button>
    </Card>
  );
}
