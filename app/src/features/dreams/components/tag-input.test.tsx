import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup } from '@testing-library/react';
import { LIMITS } from '@common/limits';
import { MSG } from '@common/messages';
import { TagInput } from './tag-input';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function Harness({ initial = [] as string[], suggestions }: { initial?: string[]; suggestions?: string[] }) {
  const [tags, setTags] = useState(initial);
  return (
    <>
      <TagInput id="tags" value={tags} onChange={setTags} suggestions={suggestions} />
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

  it('says why a tag over the length limit is not added, in a live region, and keeps the text', () => {
    render(<Harness initial={['ocean']} />);
    const input = screen.getByRole('combobox', { name: 'Tags' });
    const long = 'a'.repeat(LIMITS.tags.maxLength + 1);
    fireEvent.change(input, { target: { value: long } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(screen.getByTestId('tags').textContent).toBe('ocean');
    const message = screen.getByText(MSG.tagTooLong);
    expect(message.getAttribute('aria-live')).toBe('polite');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')?.split(' ')).toContain(message.id);
    expect((input as HTMLInputElement).value).toBe(long);

    // Shortening it clears the message, and exactly the limit is accepted.
    fireEvent.change(input, { target: { value: long.slice(1) } });
    expect(screen.queryByText(MSG.tagTooLong)).toBeNull();
    expect(input.getAttribute('aria-invalid')).toBeNull();
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(screen.getByTestId('tags').textContent).toBe(`ocean|${long.slice(1)}`);
  });

  it('says why a tag past the count limit is not added, and clears the message once a tag is removed', () => {
    const full = Array.from({ length: LIMITS.tags.maxCount }, (_, i) => `tag${i}`);
    render(<Harness initial={full} />);
    const input = screen.getByRole('combobox', { name: 'Tags' });
    fireEvent.change(input, { target: { value: 'one more' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(screen.getByTestId('tags').textContent).toBe(full.join('|'));
    expect(screen.getByText(MSG.tooManyTags).getAttribute('aria-live')).toBe('polite');
    // A tag already there is no new tag: no complaint.
    fireEvent.change(input, { target: { value: 'TAG3' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(screen.queryByText(MSG.tooManyTags)).toBeNull();
    expect(screen.getByTestId('tags').textContent).toBe(full.join('|'));

    fireEvent.change(input, { target: { value: 'one more' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(screen.getByText(MSG.tooManyTags)).not.toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Remove tag tag0' }));
    expect(screen.queryByText(MSG.tooManyTags)).toBeNull();
    fireEvent.change(input, { target: { value: 'one more' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(screen.getByTestId('tags').textContent).toBe([...full.slice(1), 'one more'].join('|'));
  });

  it('offers the suggestions it is given instead of the starter words', () => {
    render(<Harness initial={['stairs']} suggestions={['ocean', 'stairs', 'grandmother']} />);
    const input = screen.getByRole('combobox', { name: 'Tags' });
    fireEvent.focus(input);
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['ocean', 'grandmother']);
    fireEvent.change(input, { target: { value: 'gr' } });
    fireEvent.click(screen.getByRole('button', { name: 'grandmother' }));
    expect(screen.getByTestId('tags').textContent).toBe('stairs|grandmother');
  });
});
