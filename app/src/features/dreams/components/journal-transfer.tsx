import { Download, Upload } from 'lucide-react';
import { useState } from 'react';
import type { ImportBody, ImportResult } from '@common/schemas/transfer';
import { Button } from '@app/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@app/components/ui/dialog';
import { Alert, Label } from '@app/components/ui/misc';
import { describeError } from '@app/lib/api-client';
import { toast } from '@app/lib/toast-store';
import { useImportJournal } from '../api';

async function readImportFile(file: File): Promise<ImportBody> {
  const text = await file.text();
  if (file.name.toLowerCase().endsWith('.csv')) return { format: 'csv', data: text };
  try {
    return { format: 'json', data: JSON.parse(text) as unknown };
  } catch {
    throw new Error('This file is not valid JSON. Choose a Dream Traveler .json export or a .csv file.');
  }
}

function summary(result: ImportResult): string {
  const verb = result.dryRun ? 'Will add' : 'Added';
  return `${verb} ${result.added.dreams} dream${result.added.dreams === 1 ? '' : 's'} and ${result.added.intentions} intention${
    result.added.intentions === 1 ? '' : 's'
  }; ${result.skipped.dreams + result.skipped.intentions} skipped as duplicates.`;
}

/** Export (JSON, Markdown) and import (JSON export or CSV) with a preview before anything is written. */
export function JournalTransfer() {
  const [open, setOpen] = useState(false);
  const [body, setBody] = useState<ImportBody | null>(null);
  const [preview, setPreview] = useState<ImportResult | null>(null);
  const [done, setDone] = useState<ImportResult | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const importer = useImportJournal();

  const reset = () => {
    setBody(null);
    setPreview(null);
    setDone(null);
    setProblem(null);
  };

  const onFile = async (file: File | undefined) => {
    reset();
    if (!file) return;
    try {
      const next = await readImportFile(file);
      setBody(next);
      setPreview(await importer.mutateAsync({ ...next, dryRun: true }));
    } catch (err) {
      setProblem(describeError(err, 'This file could not be read.'));
    }
  };

  const onImport = async () => {
    if (!body) return;
    try {
      const result = await importer.mutateAsync({ ...body, dryRun: false });
      setDone(result);
      setPreview(null);
      toast({ title: 'Import complete', description: summary(result) });
    } catch (err) {
      setProblem(describeError(err, 'The import failed. Nothing was added.'));
    }
  };

  return (
    <div className="flex flex-wrap gap-2">
      <Button asChild variant="outline" size="sm">
        <a href="/api/export?format=json" download>
          <Download aria-hidden /> Export JSON
        </a>
      </Button>
      <Button asChild variant="outline" size="sm">
        <a href="/api/export?format=markdown" download>
          <Download aria-hidden /> Export Markdown
        </a>
      </Button>
      <Button
        variant="outline"
        size="sm"
        onClick={() => {
          reset();
          setOpen(true);
        }}
      >
        <Upload aria-hidden /> Import
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent>
          <DialogTitle>Import dreams</DialogTitle>
          <DialogDescription>
            Choose a Dream Traveler JSON export, or a CSV file with the columns date,title,narrative,tags. You will see
            what will be added before anything changes; dreams already in your journal are skipped.
          </DialogDescription>
          <div className="mt-4 grid gap-2">
            <Label htmlFor="import-file">File to import</Label>
            <input
              id="import-file"
              type="file"
              accept=".json,.csv,application/json,text/csv"
              className="text-sm file:mr-3 file:rounded-md file:border-0 file:bg-night-700 file:px-3 file:py-2 file:text-slate-100"
              onChange={(e) => void onFile(e.target.files?.[0])}
            />
          </div>
          {problem ? (
            <Alert variant="destructive" className="mt-4">
              {problem}
            </Alert>
          ) : null}
          {preview ? (
            <div className="mt-4 grid gap-3">
              <p className="text-sm text-slate-200" data-testid="import-preview">
                {summary(preview)}
              </p>
              <ul className="max-h-48 overflow-y-auto rounded-lg border border-night-600 text-sm">
                {preview.preview.map((item, i) => (
                  <li
                    key={i}
                    className="flex justify-between gap-2 border-b border-night-700 px-3 py-1.5 last:border-0"
                  >
                    <span className="truncate">{item.title}</span>
                    <span className={item.status === 'new' ? 'text-aurora-300' : 'text-slate-400'}>
                      {item.status === 'new' ? 'New' : 'Duplicate'}
                    </span>
                  </li>
                ))}
              </ul>
              <Button
                onClick={() => void onImport()}
                disabled={importer.isPending || preview.added.dreams + preview.added.intentions === 0}
              >
                {importer.isPending ? 'Importing...' : 'Import'}
              </Button>
            </div>
          ) : null}
          {done ? (
            <Alert className="mt-4">
              <span data-testid="import-summary">{summary(done)}</span>
            </Alert>
          ) : null}
        </DialogContent>
      </Dialog>
    </div>
  );
}
