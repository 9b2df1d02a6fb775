import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { EvidenceSpan, RecordedEvidence } from '@common/schemas/interpretations';
import { HighlightedNarrative, ReadingWithEvidence } from './evidence';

afterEach(cleanup);

const NARRATIVE = 'I climbed a staircase. Nobody chased me. The sea was calm.';
const at = (word: string) => ({ start: NARRATIVE.indexOf(word), end: NARRATIVE.indexOf(word) + word.length });

const EVIDENCE: RecordedEvidence = {
  narrative: NARRATIVE,
  paragraphs: [
    {
      paragraph: 0,
      spans: [at('staircase')],
      sentences: [0],
      symbols: ['staircase'],
      motifs: [],
      tone: false,
      recurring: [],
    },
    {
      paragraph: 1,
      spans: [at('calm')],
      sentences: [2],
      symbols: ['ocean'],
      motifs: [],
      tone: true,
      recurring: [{ key: 'ocean', label: 'the sea', dreams: [{ id: 7, title: 'Tide pools' }] }],
    },
  ],
  tone: {
    movement: 'rising',
    arc: [
      { sentence: 0, compound: 0, start: 0, end: 22 },
      { sentence: 1, compound: -0.3, start: 23, end: 40 },
      { sentence: 2, compound: 0.4, start: 41, end: NARRATIVE.length },
    ],
  },
  leftOut: [{ symbol: 'chase', surface: 'chased', ...at('chased') }],
};

function Page({ narrative = NARRATIVE }: { narrative?: string }) {
  const [spans, setSpans] = useState<EvidenceSpan[]>([]);
  return (
    <MemoryRouter>
      <HighlightedNarrative text={narrative} spans={spans} />
      <ReadingWithEvidence
        content={'The staircase leads up.\n\nThe calm sea comes back.'}
        evidence={EVIDENCE}
        narrative={narrative}
        onHighlight={setSpans}
      />
    </MemoryRouter>
  );
}

describe('Why this reading', () => {
  it('highlights the source words of the paragraph in focus, in the dream and in the panel', () => {
    render(<Page />);
    const narrative = screen.getByTestId('dream-narrative');
    expect(narrative.querySelectorAll('mark')).toHaveLength(0);
    expect(screen.getByTestId('why-this-reading').textContent).toContain('Left out on purpose');
    expect(screen.getByTestId('why-this-reading').textContent).not.toContain('edited after this reading');

    fireEvent.focus(screen.getByText('The staircase leads up.'));
    expect([...narrative.querySelectorAll('mark')].map((m) => m.textContent)).toEqual(['staircase']);
    expect(screen.getByTestId('why-this-reading').textContent).toContain('Paragraph 1');

    fireEvent.mouseEnter(screen.getByText('The calm sea comes back.'));
    expect([...narrative.querySelectorAll('mark')].map((m) => m.textContent)).toEqual(['calm']);
    const panel = screen.getByTestId('why-this-reading');
    expect(panel.textContent).toContain('The feeling, sentence by sentence');
    expect(screen.getByRole('link', { name: 'Tide pools' }).getAttribute('href')).toBe('/dream/7');
    // The narrative text itself is unchanged around the highlight.
    expect(narrative.textContent).toBe(NARRATIVE);
  });

  it('after the dream was edited, quotes the words the reading read and highlights nothing in the dream', () => {
    // The same length, so the recorded offsets would land on other words of the new text.
    const edited = 'I climbed a waterfall. Everyone chased me. The sky was pale.';
    render(<Page narrative={edited} />);
    const narrative = screen.getByTestId('dream-narrative');
    const panel = screen.getByTestId('why-this-reading');
    expect(panel.textContent).toContain('Your dream was edited after this reading');

    fireEvent.focus(screen.getByText('The staircase leads up.'));
    expect(narrative.querySelectorAll('mark')).toHaveLength(0);
    expect(narrative.textContent).toBe(edited);
    expect([...panel.querySelectorAll('mark')].map((m) => m.textContent)).toEqual(['staircase']);
    expect(panel.textContent).toContain('I climbed a staircase.');
    expect(panel.textContent).toContain('“chased” (chase)');
  });

  it('makes every paragraph reachable with the keyboard', () => {
    render(<Page />);
    for (const text of ['The staircase leads up.', 'The calm sea comes back.'])
      expect(screen.getByText(text).getAttribute('tabindex')).toBe('0');
  });
});
