import { format } from 'date-fns';
import { useRef, useState } from 'react';
import { timePeriodLabel } from '@common/dream-text';
import { MSG } from '@common/messages';
import {
  DAY_MONTH_ORDER_LABELS,
  DAY_MONTH_ORDERS,
  type DayMonthOrder,
  type ImportBody,
  type ImportResult,
} from '@common/schemas/transfer';
import { Button } from '@app/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@app/components/ui/dialog';
import { Alert, Label } from '@app/components/ui/misc';
import { describeError } from '@app/lib/api-client';
import { toast } from '@app/lib/toast-store';
import { useImportJournal } from '../api';
import { userTimeZone } from '@app/lib/time-zone';

class UnreadableFile extends Error {}

/** Our JSON or Markdown export, or a CSV: by the file's name, else by its first line. */
async function readImportFile(file: File): Promise<ImportBody> {
  const text = await file.text();
  const name = file.name.toLowerCase();
  const timeZone = userTimeZone();
  const asJson = (): ImportBody => {
    try {
      return { format: 'json', data: JSON.parse(text) as unknown, timeZone };
    } catch {
      throw new UnreadableFile(`"${file.name}" is not a Dream Traveler JSON export. ${MSG.importableFiles}`);
    }
  };
  if (name.endsWith('.csv')) return { format: 'csv', data: text, timeZone };
  if (name.endsWith('.md') || name.endsWith('.markdown')) return { format: 'markdown', data: text, timeZone };
  if (name.endsWith('.json')) return asJson();
  const start = text.replace(/^\uFEFF/, '').trimStart();
  if (start.startsWith('{')) return asJson();
  if (start.startsWith('# Dream Journal of ')) return { format: 'markdown', data: text, timeZone };
  const header = (start.split(/\r?\n/)[0] ?? '')
    .toLowerCase()
    .split(',')
    .map((h) => h.trim());
  if (['date', 'title', 'narrative'].every((c) => header.includes(c))) return { format: 'csv', data: text, timeZone };
  throw new UnreadableFile(`"${file.name}" cannot be imported. ${MSG.importableFiles}`);
}

const shortDate = (iso: string) => format(new Date(iso), 'MMM d, yyyy');

/** The date a previewed dream will be saved with, as its card will show it. */
function PreviewDate({ item }: { item: ImportResult['preview'][number] }) {
  if (item.timePeriod) return <span>{timePeriodLabel(item.timePeriod)}</span>;
  if (item.date) return <span>{shortDate(item.date)}</span>;
  if (item.dateText) {
    return (
      <span className="text-amber-200" title="Choose the date order above">
        {item.dateText} <span aria-hidden>?</span>
        <span className="sr-only">(date order not chosen yet)</span>
      </span>
    );
  }
  return <span>Unknown date</span>;
}

/** Asks how a CSV's "02/10/2026" dates are ordered, or says how the file decided it. */
function DateOrderChoice({
  info,
  onChoose,
}: {
  info: NonNullable<ImportResult['dateOrder']>;
  onChoose: (order: DayMonthOrder) => void;
}) {
  const { example } = info;
  if (info.decidedBy === 'file' && info.order) {
    return (
      <p className="text-sm text-slate-300" data-testid="import-date-order">
        Dates are read as {DAY_MONTH_ORDER_LABELS[info.order]}: line {example.line} has {example.text}.
      </p>
    );
  }
  const meaning = (iso: string | null) => (iso ? shortDate(iso) : 'not a date');
  return (
    <fieldset className="grid gap-2 rounded-lg border border-night-600 p-3">
      <legend className="px-1 text-sm text-slate-100">
        Dates like {example.text} (line {example.line}) can be read two ways. Which order does this file use?
      </legend>
      {DAY_MONTH_ORDERS.map((order) => (
        <label key={order} className="flex items-start gap-2 text-sm text-slate-200">
          <input
            type="radio"
            name="import-date-order"
            value={order}
            checked={info.order === order}
            onChange={() => onChoose(order)}
            className="mt-0.5 size-4 shrink-0 accent-aurora-400"
          />
          <span>
            {DAY_MONTH_ORDER_LABELS[order]} ({example.text} is{' '}
            {meaning(order === 'month-day' ? example.monthDay : example.dayMonth)})
          </span>
        </label>
      ))}
    </fieldset>
  );
}

function summary(result: ImportResult): string {
  const verb = result.dryRun ? 'Will add' : 'Added';
  return `${verb} ${result.added.dreams} dream${result.added.dreams === 1 ? '' : 's'} and ${result.added.intentions} intention${
    result.added.intentions === 1 ? '' : 's'
  }; ${result.skipped.dreams + result.skipped.intentions} skipped as duplicates.`;
}

/**
 * Import either export, or a CSV, with a preview before anything is written. Its own chunk, loaded when
 * the Journal's Import button is first used (journal-transfer.tsx); mounted afresh for each import.
 */
export function JournalImportDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const [body, setBody] = useState<ImportBody | null>(null);
  const [preview, setPreview] = useState<ImportResult | null>(null);
  const [done, setDone] = useState<ImportResult | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const importer = useImportJournal();
  /** Only the newest preview counts when the date order is changed quickly. */
  const previewRequest = useRef(0);

  const reset = () => {
    setBody(null);
    setPreview(null);
    setDone(null);
    setProblem(null);
  };

  const onFile = async (file: File | undefined) => {
    reset();
    const request = ++previewRequest.current;
    if (!file) return;
    try {
      const next = await readImportFile(file);
      setBody(next);
      const result = await importer.mutateAsync({ ...next, dryRun: true });
      if (request === previewRequest.current) setPreview(result);
    } catch (err) {
      if (request !== previewRequest.current) return;
      setProblem(err instanceof UnreadableFile ? err.message : describeError(err, 'This file could not be read.'));
    }
  };

  const onChooseOrder = async (dateOrder: DayMonthOrder) => {
    if (!body) return;
    const next = { ...body, dateOrder };
    const request = ++previewRequest.current;
    setBody(next);
    setProblem(null);
    // The radios show the answer at once; the dates follow when the new preview arrives.
    setPreview((p) => (p?.dateOrder ? { ...p, dateOrder: { ...p.dateOrder, order: dateOrder } } : p));
    try {
      const result = await importer.mutateAsync({ ...next, dryRun: true });
      if (request === previewRequest.current) setPreview(result);
    } catch (err) {
      if (request === previewRequest.current) setProblem(describeError(err, 'This file could not be read.'));
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
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogTitle>Import dreams</DialogTitle>
        <DialogDescription>
          Choose a Dream Traveler export (.json or .md), or a CSV file with the columns date,title,narrative,tags. You
          will see what will be added before anything changes; dreams already in your journal are skipped.
        </DialogDescription>
        <div className="mt-4 grid gap-2">
          <Label htmlFor="import-file">File to import</Label>
          <input
            id="import-file"
            type="file"
            accept=".json,.md,.markdown,.csv,application/json,text/markdown,text/csv"
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
            {preview.dateOrder ? (
              <DateOrderChoice info={preview.dateOrder} onChoose={(order) => void onChooseOrder(order)} />
            ) : null}
            <ul
              className="max-h-48 overflow-y-auto rounded-lg border border-night-600 text-sm"
              aria-label="Dreams in this file"
            >
              {preview.preview.map((item, i) => (
                <li
                  key={i}
                  className="flex items-baseline gap-2 border-b border-night-700 px-3 py-1.5 last:border-0"
                  data-testid="import-preview-row"
                >
                  <span className="min-w-0 flex-1 truncate">{item.title}</span>
                  <span className="shrink-0 text-xs text-slate-300">
                    <PreviewDate item={item} />
                  </span>
                  <span className={`shrink-0 ${item.status === 'new' ? 'text-aurora-300' : 'text-slate-400'}`}>
                    {item.status === 'new' ? 'New' : 'Duplicate'}
                  </span>
                </li>
              ))}
            </ul>
            {preview.dateOrder?.needsChoice ? (
              <p className="text-sm text-amber-200">Choose the date order to see every date and import.</p>
            ) : null}
            <Button
              onClick={() => void onImport()}
              disabled={
                importer.isPending ||
                Boolean(preview.dateOrder?.needsChoice) ||
                preview.added.dreams + preview.added.intentions === 0
              }
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
  );
}
