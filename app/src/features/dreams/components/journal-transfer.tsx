import { Download, Upload } from 'lucide-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Button } from '@app/components/ui/button';
import { whenIdle } from '@app/lib/idle';
import { userTimeZone } from '@app/lib/time-zone';

// The import dialog (file reading, preview, the transfer schema and zod) is its own chunk, fetched once the
// Journal has painted and gone idle, or when Import is pressed first.
const loadImportDialog = () => import('./journal-import-dialog');
const JournalImportDialog = lazy(async () => ({ default: (await loadImportDialog()).JournalImportDialog }));

/** Export (JSON, Markdown) and import (either export, or a CSV) with a preview before anything is written. */
export function JournalTransfer() {
  const [open, setOpen] = useState(false);
  /** Each Import starts afresh: a new dialog instance, no file, preview or message from the last one. */
  const [session, setSession] = useState(0);
  const zone = userTimeZone();
  useEffect(() => whenIdle(() => void loadImportDialog().catch(() => undefined)), []);

  return (
    <div className="flex flex-wrap gap-2">
      <Button asChild variant="outline" size="sm">
        <a href="/api/export?format=json" download>
          <Download aria-hidden /> Export JSON
        </a>
      </Button>
      <Button asChild variant="outline" size="sm">
        <a href={`/api/export?format=markdown${zone ? `&timeZone=${encodeURIComponent(zone)}` : ''}`} download>
          <Download aria-hidden /> Export Markdown
        </a>
      </Button>
      <Button
        variant="outline"
        size="sm"
        onClick={() => {
          setSession((n) => n + 1);
          setOpen(true);
        }}
      >
        <Upload aria-hidden /> Import
      </Button>
      {session > 0 ? (
        <Suspense fallback={null}>
          <JournalImportDialog key={session} open={open} onOpenChange={setOpen} />
        </Suspense>
      ) : null}
    </div>
  );
}
