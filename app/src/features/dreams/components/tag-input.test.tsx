import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup } from '@testing-library/react';
import { TagInput } from './tag-input';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function Harness({ initial = [] as string[] }) {
  const [tags, setTags] = useState(initial);
  return (
    <>
      <TagInput id="tags" value={tags} onChange={setTags} />
      <output data-testid="tags">{tags.join('|')}</output>
    </>
  );
}

describe('TagInput', () => {
  it('adds trimmed, lower-cased tags on Enter without duplicates', () => {
    render(<Harness />);
    const input = screen.getByRole('combobox', { name: 'Tags' });
    for (const t of ['  Ocean ', 'ocean', 'Stairs']) {
      fireEvent.change(input, { target: { value: t } });
      fireEvent.keyDown(input, { key: 'Enter' });
    }
    expect(screen.getByTestId('tags').textContent).toBe('ocean|stairs');
  });

  it('removes the last tag on Backspace in an empty input only', () => {
    render(<Harness initial={['a', 'b']} />);
    const input = screen.getByRole('combobox', { name: 'Tags' });
    fireEvent.change(input, { target: { value: 'x' } });
    fireEvent.keyDown(input, { key: 'Backspace' });
    expect(screen.getByTestId('tags').textContent).toBe('a|b');
    fireEvent.change(input, { target: { value: '' } });
    fireEvent.keyDown(input, { key: 'Backspace' });
    expect(screen.getByTestId('tags').textContent).toBe('a');
  });

  it('offers the five suggestions while focused and closes them 200 ms after blur', () => {
    vi.useFakeTimers();
    render(<Harness initial={['lucid']} />);
    const input = screen.getByRole('combobox', { name: 'Tags' });
    fireEvent.focus(input);
    const names = screen.getAllByRole('option').map((o) => o.textContent);
    expect(names).toEqual(['flying', 'portal', 'guide', 'contact']);
    fireEvent.blur(input);
    act(() => vi.advanceTimersByTime(199));
    expect(screen.queryByRole('listbox')).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByRole('listbox')).toBeNull();
  });
});
