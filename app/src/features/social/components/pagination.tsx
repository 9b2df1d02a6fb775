import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from '@app/components/ui/button';
import { pageEntries } from '../pages-list';

export function Pagination({
  page,
  totalPages,
  onPage,
}: {
  page: number;
  totalPages: number;
  onPage: (page: number) => void;
}) {
  if (totalPages <= 1) return null;
  return (
    <nav aria-label="Pages" className="flex flex-wrap items-center justify-center gap-1">
      <Button
        variant="ghost"
        size="icon"
        aria-label="Previous page"
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
      >
        <ChevronLeft aria-hidden />
      </Button>
      {pageEntries(page, totalPages).map((entry) =>
        typeof entry === 'number' ? (
          <Button
            key={entry}
            variant={entry === page ? 'default' : 'ghost'}
            size="icon"
            aria-label={`Page ${entry}`}
            aria-current={entry === page ? 'page' : undefined}
            onClick={() => onPage(entry)}
          >
            {entry}
          </Button>
        ) : (
          <span key={entry} aria-hidden className="px-1 text-slate-400">
            …
          </span>
        ),
      )}
      <Button
        variant="ghost"
        size="icon"
        aria-label="Next page"
        disabled={page >= totalPages}
        onClick={() => onPage(page + 1)}
      >
        <ChevronRight aria-hidden />
      </Button>
    </nav>
  );
}
