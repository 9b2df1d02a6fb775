import { useId, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '@common/paths';
import type {
  EvidenceSpan,
  ParagraphEvidence,
  ReadingEvidence,
  RecordedEvidence,
} from '@common/schemas/interpretations';

/**
 * "Why this reading": each paragraph of a reading can be hovered or focused (Tab) to show where it
 * came from — the dream's words it rests on (highlighted in the dream itself and quoted in the
 * panel), the feeling read from the tone arc, earlier dreams where the theme recurs — and the panel
 * lists what the reading deliberately left out (things the dream says did not happen).
 * The evidence was recorded with the reading, with the narrative it read: its words are quoted from
 * that text, and highlighted in the dream on the page only while the dream still reads the same.
 */

/** The text with the given stretches wrapped in <mark>. */
export function Highlighted({ text, spans, offset = 0 }: { text: string; spans: EvidenceSpan[]; offset?: number }) {
  const parts: ReactNode[] = [];
  let at = 0;
  const inside = spans
    .map((s) => ({ start: Math.max(0, s.start - offset), end: Math.min(text.length, s.end - offset) }))
    .filter((s) => s.end > s.start)
    .sort((a, b) => a.start - b.start);
  for (const [i, s] of inside.entries()) {
    if (s.start < at) continue;
    if (s.start > at) parts.push(text.slice(at, s.start));
    parts.push(
      <mark key={i} data-evidence-highlight className="rounded bg-aurora-300/30 px-0.5 text-inherit">
        {text.slice(s.start, s.end)}
      </mark>,
    );
    at = s.end;
  }
  if (at < text.length) parts.push(text.slice(at));
  return <>{parts}</>;
}

/** The dream's narrative, with the words behind the paragraph in focus highlighted. */
export function HighlightedNarrative({ text, spans }: { text: string; spans: EvidenceSpan[] }) {
  return (
    <p className="mt-6 whitespace-pre-wrap leading-relaxed text-slate-100" data-testid="dream-narrative">
      <Highlighted text={text} spans={spans} />
    </p>
  );
}

function toneWord(compound: number): string {
  if (compound <= -0.5) return 'distressed';
  if (compound <= -0.15) return 'tense';
  if (compound < 0.15) return 'even';
  if (compound < 0.5) return 'gentle';
  return 'warm';
}

function Sources({
  narrative,
  evidence,
  paragraph,
}: {
  narrative: string;
  evidence: ReadingEvidence;
  paragraph: ParagraphEvidence;
}) {
  const sentences = paragraph.sentences
    .map((i) => evidence.tone.arc.find((a) => a.sentence === i))
    .filter((s): s is NonNullable<typeof s> => Boolean(s));
  if (!sentences.length)
    return (
      <p className="text-slate-300">This paragraph is general guidance rather than a reading of particular words.</p>
    );
  return (
    <ul className="grid gap-2">
      {sentences.map((s) => (
        <li key={s.sentence} className="rounded-md border border-night-600/70 bg-night-900/40 px-3 py-2 text-slate-200">
          <Highlighted text={narrative.slice(s.start, s.end)} spans={paragraph.spans} offset={s.start} />
        </li>
      ))}
    </ul>
  );
}

function WhyPanel({
  id,
  evidence,
  edited,
  nested,
  active,
}: {
  id: string;
  evidence: RecordedEvidence;
  /** The dream was edited since the reading: its words are quoted as they were, not highlighted in the dream. */
  edited: boolean;
  /** The panel sits under a reading's own heading (an earlier reading), one level below it. */
  nested: boolean;
  active: ParagraphEvidence | null;
}) {
  const headingId = useId();
  const narrative = evidence.narrative;
  const Heading = nested ? 'h4' : 'h3';
  return (
    <section
      id={id}
      aria-labelledby={headingId}
      aria-live="polite"
      className="mt-5 min-w-0 rounded-lg border border-dream-400/40 bg-night-800/60 p-4 text-sm [overflow-wrap:anywhere]"
      data-testid="why-this-reading"
    >
      <Heading id={headingId} className="font-semibold text-white">
        Why this reading
      </Heading>
      {edited ? (
        <p className="mt-2 text-amber-100">
          Your dream was edited after this reading, so its words are quoted below as the reading read them and are not
          highlighted in the dream.
        </p>
      ) : null}
      {active ? (
        <div className="mt-2 grid gap-3">
          <p className="text-slate-300">Paragraph {active.paragraph + 1} comes from these words of your dream:</p>
          <Sources narrative={narrative} evidence={evidence} paragraph={active} />
          {active.symbols.length || active.motifs.length ? (
            <p className="text-slate-300">
              Read through: {[...active.symbols, ...active.motifs.map((m) => m.replace(/-/g, ' '))].join(', ')}
            </p>
          ) : null}
          {active.tone && evidence.tone.arc.length ? (
            <p className="text-slate-300">
              The feeling, sentence by sentence:{' '}
              {evidence.tone.arc.map((a) => `${a.sentence + 1}. ${toneWord(a.compound)}`).join(' · ')}
            </p>
          ) : null}
          {active.recurring.map((r) => (
            <div key={r.key} className="text-slate-300">
              <p>{r.label.charAt(0).toUpperCase() + r.label.slice(1)} also appears in:</p>
              <ul className="mt-1 flex flex-wrap gap-x-3 gap-y-1">
                {r.dreams.map((d) => (
                  <li key={d.id}>
                    <Link className="text-dream-300 hover:underline" to={paths.dream(d.id)}>
                      {d.title || 'Untitled dream'}
                    </Link>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </div>
      ) : (
        <p className="mt-2 text-slate-300">
          Point at or Tab to a paragraph of the reading to see which words of your dream it comes from.
        </p>
      )}
      {evidence.leftOut.length ? (
        <div className="mt-3 border-t border-night-600/70 pt-3 text-slate-300">
          <p>Left out on purpose, because your dream says it did not happen:</p>
          <ul className="mt-1 list-inside list-disc">
            {evidence.leftOut.map((l) => (
              <li key={`${l.symbol}-${l.start}`}>
                “{narrative.slice(l.start, l.end) || l.surface}” ({l.symbol})
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}

/**
 * Said in place of "Why this reading" for a reading without recorded evidence (written before
 * evidence was kept, or imported from a file, which carries none).
 */
export function NoEvidenceRecorded() {
  return (
    <p className="mt-3 text-sm text-slate-400">
      No evidence was recorded with this reading, so there is no “Why this reading” for it.
    </p>
  );
}

/**
 * The reading's paragraphs, each focusable; hovering or focusing one shows its evidence in the
 * panel below and reports its source words (for the page to highlight them in the dream) — none
 * once the dream's narrative is no longer the one the reading read, as they would mark other words.
 */
export function ReadingWithEvidence({
  content,
  evidence,
  narrative,
  nested = false,
  onHighlight,
}: {
  content: string;
  evidence: RecordedEvidence;
  /** The dream's narrative as it is now (shown on the page). */
  narrative: string;
  nested?: boolean;
  onHighlight?: (spans: EvidenceSpan[]) => void;
}) {
  const [active, setActive] = useState<number | null>(null);
  const panelId = useId();
  const edited = evidence.narrative !== narrative;
  const paragraphs = content
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
  const show = (i: number) => {
    setActive(i);
    onHighlight?.(edited ? [] : (evidence.paragraphs[i]?.spans ?? []));
  };
  return (
    <>
      <div className="grid gap-3 leading-relaxed text-slate-100">
        {paragraphs.map((paragraph, i) => (
          <p
            key={i}
            tabIndex={0}
            aria-describedby={panelId}
            aria-current={active === i ? 'true' : undefined}
            data-paragraph={i}
            onMouseEnter={() => show(i)}
            onFocus={() => show(i)}
            className={`-mx-2 rounded-md px-2 py-1 outline-none focus-visible:ring-2 focus-visible:ring-dream-400 ${
              active === i ? 'bg-night-700/60' : ''
            }`}
          >
            {paragraph}
          </p>
        ))}
      </div>
      <WhyPanel
        id={panelId}
        evidence={evidence}
        edited={edited}
        nested={nested}
        active={active === null ? null : (evidence.paragraphs[active] ?? null)}
      />
    </>
  );
}
