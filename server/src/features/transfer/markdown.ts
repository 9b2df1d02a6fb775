import { TIME_PERIOD_CARD_LABELS, timePeriodLabel } from '@common/dream-text';
import { MSG } from '@common/messages';
import { TIME_PERIODS } from '@common/schemas/dreams';
import type { JournalExport } from '@common/schemas/transfer';
import { badRequest } from '../../lib/http-error';
import { calendarNoon, readDateText, shortDay } from './dates';

/*
 * Our Markdown export is meant to be read, and to be imported back. Its shape:
 *
 *   # Dream Journal of {username}
 *   Exported from Dream Traveler on …
 *   ## {title}
 *   **Date:** Oct 2, 2026 · *Recorded Oct 3, 2026* · **Tags:** a, b · **Intention:** {text}
 *     (a dream with a time period has **Time of life:** Early Childhood instead of a date)
 *   {narrative}
 *   ### Interpretation
 *   {the latest reading}
 *   # Intentions
 *   - [x] **Mar 1, 2026** — {text}
 *     **Notes:** {notes}
 *
 * Free text keeps its lines; a line of it that starts with "#" or "\" gets a "\" in front (Markdown's own
 * escape), so no dream can end another one early. Continuation lines of an intention are indented two spaces.
 */

const HEADING = '# Dream Journal of ';
const INTENTIONS_HEADING = '# Intentions';
const INTERPRETATION_HEADING = '### Interpretation';
const SEP = ' · ';
const META_START = /^(?:\*\*(?:Date|Time of life|Tags|Intention):\*\* |\*Recorded )/;

const oneLine = (text: string) => text.replace(/\s*[\r\n]+\s*/g, ' ').trim();
const escapeLine = (line: string) => (/^[#\\]/.test(line) ? `\\${line}` : line);
const unescapeLine = (line: string) => (line.startsWith('\\') ? line.slice(1) : line);
const block = (text: string) => text.split(/\r?\n/).map(escapeLine);
const NOTES = '**Notes:**';
/** Inside an intention only its notes line may start with **Notes:**. */
const escapeItemLine = (line: string) => (/^[#\\]/.test(line) || line.startsWith(NOTES) ? `\\${line}` : line);

export function renderMarkdown(data: JournalExport, timeZone = 'UTC'): string {
  const day = (iso: string | null) => (iso ? shortDay(new Date(iso), timeZone) : 'Unknown date');
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  const intentionText = new Map(data.intentions.map((i) => [i.ref, i.text]));
  const lines: string[] = [
    `${HEADING}${oneLine(data.username)}`,
    '',
    `Exported from Dream Traveler on ${day(data.exportedAt)} — ${plural(data.dreams.length, 'dream')}, ${plural(data.intentions.length, 'intention')}.`,
    '',
  ];
  for (const d of [...data.dreams].reverse()) {
    lines.push(`## ${oneLine(d.title)}`, '');
    // A dream with a time period was never given a day: it shows its period, and when it was written down.
    const meta = [d.timePeriod ? `**Time of life:** ${timePeriodLabel(d.timePeriod)}` : `**Date:** ${day(d.date)}`];
    meta.push(`*Recorded ${day(d.createdAt)}*`);
    if (d.tags.length) meta.push(`**Tags:** ${d.tags.join(', ')}`);
    const linked = d.intentionRef !== null ? intentionText.get(d.intentionRef) : undefined;
    if (linked) meta.push(`**Intention:** ${oneLine(linked)}`);
    lines.push(meta.join(SEP), '', ...block(d.narrative), '');
    const latest = d.interpretations.at(-1);
    if (latest) lines.push(INTERPRETATION_HEADING, '', ...block(latest.content), '');
  }
  if (data.intentions.length) {
    lines.push(INTENTIONS_HEADING, '');
    for (const i of [...data.intentions].reverse()) {
      const [first = '', ...rest] = i.text.split(/\r?\n/);
      lines.push(`- [${i.completed ? 'x' : ' '}] **${day(i.date)}** — ${first}`);
      const more = rest.map(escapeItemLine);
      if (i.notes !== null) {
        const [notesFirst = '', ...notesRest] = i.notes.split(/\r?\n/);
        more.push(`${NOTES} ${notesFirst}`, ...notesRest.map(escapeItemLine));
      }
      for (const l of more) lines.push(l === '' ? '' : `  ${l}`);
    }
    lines.push('');
  }
  return lines.join('\n');
}

export interface MarkdownDream {
  line: number;
  title: string;
  narrative: string;
  date: Date | null;
  timePeriod: string | null;
  recorded: Date | null;
  tags: string[];
  intentionText: string | null;
  interpretation: string | null;
}

export interface MarkdownIntention {
  line: number;
  text: string;
  date: Date;
  completed: boolean;
  notes: string | null;
}

export function looksLikeOurMarkdown(text: string): boolean {
  return text
    .replace(/^\uFEFF/, '')
    .trimStart()
    .startsWith(HEADING);
}

const PERIOD_BY_LABEL = new Map<string, string>();
for (const value of TIME_PERIODS) {
  PERIOD_BY_LABEL.set(TIME_PERIOD_CARD_LABELS[value].toLowerCase(), value);
  PERIOD_BY_LABEL.set(value, value);
}

/** Reads our Markdown export back; a file in any other shape gets the plain list of what can be imported. */
export function parseMarkdown(
  text: unknown,
  timeZone: string,
): { dreams: MarkdownDream[]; intentions: MarkdownIntention[] } {
  if (typeof text !== 'string') throw badRequest('A Markdown import sends the file text in "data".');
  if (!looksLikeOurMarkdown(text)) {
    throw badRequest(`This Markdown file is not a Dream Traveler export. ${MSG.importableFiles}`);
  }
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  const at = (k: number) => lines[k] ?? '';
  const fail = (n: number, what: string) => badRequest(`line ${n + 1}: ${what}. Nothing was imported.`);
  const dayOf = (value: string, n: number, what: string): Date | null => {
    if (value === 'Unknown date') return null;
    const cell = readDateText(value);
    if (cell.kind === 'wall') return calendarNoon(cell.wall.year, cell.wall.month, cell.wall.day, timeZone);
    throw fail(n, `${what} "${value.slice(0, 40)}" is not a date such as Oct 2, 2026`);
  };
  const isBoundary = (line: string) => line.startsWith('## ') || line.trimEnd() === INTENTIONS_HEADING;
  /** Free text from line `from` up to the next line that `stop` accepts. */
  const readBlock = (from: number, stop: (line: string) => boolean): [string, number] => {
    let n = from;
    const body: string[] = [];
    while (n < lines.length && !stop(at(n))) body.push(unescapeLine(at(n++)));
    return [body.join('\n').trim(), n];
  };

  const dreams: MarkdownDream[] = [];
  const intentions: MarkdownIntention[] = [];
  let n = 0;
  while (n < lines.length && !isBoundary(at(n))) n++;
  while (n < lines.length && at(n).startsWith('## ')) {
    const start = n;
    const title = at(n).slice(3).trim();
    n++;
    while (n < lines.length && at(n).trim() === '') n++;
    const metaLine = lines[n] ?? '';
    if (!META_START.test(metaLine)) {
      throw fail(n, `the dream "${title.slice(0, 40)}" needs its line of **Date:** (or **Time of life:**) and tags`);
    }
    const dream: MarkdownDream = {
      line: start + 1,
      title,
      narrative: '',
      date: null,
      timePeriod: null,
      recorded: null,
      tags: [],
      intentionText: null,
      interpretation: null,
    };
    for (const part of metaLine.split(/ · (?=\*\*(?:Date|Time of life|Tags|Intention):\*\* |\*Recorded )/)) {
      const field = /^\*\*(Date|Time of life|Tags|Intention):\*\* (.*)$/.exec(part);
      const recorded = /^\*Recorded (.*)\*$/.exec(part.trim());
      const value = (recorded?.[1] ?? field?.[2] ?? '').trim();
      if (recorded) dream.recorded = dayOf(value, n, 'recorded date');
      else if (field?.[1] === 'Date') dream.date = dayOf(value, n, 'date');
      else if (field?.[1] === 'Tags') dream.tags = value.split(',');
      else if (field?.[1] === 'Intention') dream.intentionText = value;
      else if (field?.[1] === 'Time of life') {
        const label = value;
        const period = PERIOD_BY_LABEL.get(label.toLowerCase());
        if (!period) {
          throw fail(
            n,
            `time of life "${label.slice(0, 40)}" is not one of: ${Object.values(TIME_PERIOD_CARD_LABELS).join(', ')}`,
          );
        }
        dream.timePeriod = period;
      }
    }
    // A period dream's stored date is the day it was written down, as when it is recorded in the app.
    if (dream.timePeriod) dream.date = dream.recorded;
    [dream.narrative, n] = readBlock(n + 1, (l) => isBoundary(l) || l.trimEnd() === INTERPRETATION_HEADING);
    if (lines[n]?.trimEnd() === INTERPRETATION_HEADING) {
      let reading: string;
      [reading, n] = readBlock(n + 1, isBoundary);
      dream.interpretation = reading || null;
    }
    dreams.push(dream);
  }
  if (n < lines.length && at(n).trimEnd() === INTENTIONS_HEADING) {
    n++;
    while (n < lines.length) {
      const line = at(n);
      if (line.trim() === '') {
        n++;
        continue;
      }
      const item = /^- \[( |x|X)\] \*\*(.+?)\*\* — (.*)$/.exec(line);
      if (!item) throw fail(n, 'an intention must read "- [ ] **Oct 2, 2026** — text"');
      const start = n;
      const more: string[] = [];
      n++;
      // The item goes on while its lines are indented (blank lines inside it are kept).
      while (n < lines.length) {
        let next = n;
        while (next < lines.length && at(next).trim() === '') next++;
        if (next >= lines.length || !at(next).startsWith('  ')) break;
        for (; n < next; n++) more.push('');
        more.push(at(n).slice(2));
        n++;
      }
      const notesAt = more.findIndex((l) => l.startsWith(NOTES));
      const textLines = [item[3] ?? '', ...(notesAt < 0 ? more : more.slice(0, notesAt))].map((l, k) =>
        k === 0 ? l : unescapeLine(l),
      );
      const notesLines =
        notesAt < 0 ? null : [(more[notesAt] ?? '').slice(NOTES.length).replace(/^ /, ''), ...more.slice(notesAt + 1)];
      const date = dayOf((item[2] ?? '').trim(), start, 'intention date');
      if (!date) throw fail(start, 'an intention needs a date such as Oct 2, 2026');
      intentions.push({
        line: start + 1,
        text: textLines.join('\n').trim(),
        date,
        completed: item[1] !== ' ',
        notes: notesLines === null ? null : notesLines.map((l, k) => (k === 0 ? l : unescapeLine(l))).join('\n'),
      });
    }
  } else if (n < lines.length) {
    throw fail(n, `expected a dream ("## title") or "${INTENTIONS_HEADING}"`);
  }
  return { dreams, intentions };
}
