import { Hourglass } from 'lucide-react';
import { Fragment, type ReactNode } from 'react';
import { PAUSE_MARKER, pauseSeconds } from '@common/guided';

function restLabel(seconds: number): string {
  if (seconds >= 60 && seconds % 60 === 0) return `Rest ${seconds / 60} min`;
  if (seconds > 60) return `Rest ${Math.floor(seconds / 60)} min ${seconds % 60} s`;
  return `Rest ${seconds} s`;
}

/** A pause marker on a line of its own becomes a rest; inside a sentence, a short inline note. */
function Rest({ seconds }: { seconds: number }) {
  return (
    <span className="inline-flex items-center gap-1.5 rounded-full border border-aurora-300/30 bg-night-800 px-2.5 py-0.5 text-xs text-aurora-300">
      <Hourglass aria-hidden className="h-3 w-3" />
      {restLabel(seconds)}
    </span>
  );
}

function withRests(line: string): ReactNode[] {
  const out: ReactNode[] = [];
  let last = 0;
  for (const m of line.matchAll(new RegExp(PAUSE_MARKER.source, 'gi'))) {
    const at = m.index ?? 0;
    if (at > last) out.push(line.slice(last, at));
    out.push(<Rest key={at} seconds={pauseSeconds(m[1] ?? '0', m[2] ?? 's')} />);
    last = at + m[0].length;
  }
  if (last < line.length) out.push(line.slice(last));
  return out;
}

/**
 * A practice script as written in the library: paragraphs split by blank lines, `## ` headings,
 * numbered steps `1. ` and pause markers, rendered as text (never as HTML).
 */
export function PracticeText({ content }: { content: string }) {
  const blocks = content
    .split(/\n\s*\n/)
    .map((b) => b.trim())
    .filter(Boolean);
  return (
    <div className="grid gap-3 text-sm leading-relaxed text-slate-200 wrap-anywhere" data-testid="practice-text">
      {blocks.map((block, i) => {
        if (block.startsWith('## ')) {
          return (
            <h3 key={i} className="mt-2 text-base font-semibold text-white">
              {block.slice(3)}
            </h3>
          );
        }
        const lines = block.split('\n');
        if (lines.every((l) => /^\d+\.\s/.test(l.trim()))) {
          return (
            <ol key={i} className="grid list-decimal gap-1.5 pl-5">
              {lines.map((l, k) => (
                <li key={k}>{withRests(l.trim().replace(/^\d+\.\s+/, ''))}</li>
              ))}
            </ol>
          );
        }
        return (
          <p key={i}>
            {lines.map((l, k) => (
              <Fragment key={k}>
                {k > 0 ? <br /> : null}
                {withRests(l)}
              </Fragment>
            ))}
          </p>
        );
      })}
    </div>
  );
}
