import { X } from 'lucide-react';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { LIMITS, UI } from '@common/limits';
import { MSG } from '@common/messages';
import { normalizeTags, TAG_SUGGESTIONS } from '@common/schemas/dreams';
import { Input } from '@app/components/ui/input';
import { Badge, Label } from '@app/components/ui/misc';

/**
 * Chip input for tags: Enter adds (trimmed, lower-cased, no duplicates), Backspace on an empty
 * input removes the last tag; suggestions close 200 ms after the input loses focus so a click
 * on one still lands. A tag that is too long, or one past the limit, is not added: the field keeps
 * the text and says why, in a live region screen readers announce.
 */
export function TagInput({
  value,
  onChange,
  id,
  suggestions: offered = TAG_SUGGESTIONS,
}: {
  value: string[];
  onChange: (tags: string[]) => void;
  id?: string;
  /** Words offered while the field has focus (the user's own frequent tags in the dream form). */
  suggestions?: readonly string[];
}) {
  const fallbackId = useId();
  const inputId = id ?? fallbackId;
  const listId = `${inputId}-suggestions`;
  const messageId = `${inputId}-message`;
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (closeTimer.current) clearTimeout(closeTimer.current);
    },
    [],
  );

  const add = (raw: string) => {
    const next = normalizeTags([...value, raw]);
    if (raw.trim().length > LIMITS.tags.maxLength) {
      setProblem(MSG.tagTooLong);
      return;
    }
    if (next.length > LIMITS.tags.maxCount) {
      setProblem(MSG.tooManyTags);
      return;
    }
    setProblem(null);
    onChange(next);
    setText('');
  };
  const remove = (tag: string) => {
    setProblem(null);
    onChange(value.filter((t) => t !== tag));
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      if (text.trim()) add(text);
    } else if (e.key === 'Backspace' && text === '' && value.length) {
      e.preventDefault();
      setProblem(null);
      onChange(value.slice(0, -1));
    } else if (e.key === 'Escape' && open) {
      e.stopPropagation();
      setOpen(false);
    }
  };

  const suggestions = offered.filter((s) => !value.includes(s) && s.includes(text.trim().toLowerCase()));

  return (
    <div className="grid gap-1.5">
      <Label htmlFor={inputId}>Tags</Label>
      {value.length ? (
        <ul className="flex flex-wrap gap-1.5" aria-label="Selected tags">
          {value.map((tag) => (
            <li key={tag}>
              <Badge className="gap-1 pr-1">
                {tag}
                <button
                  type="button"
                  onClick={() => remove(tag)}
                  aria-label={`Remove tag ${tag}`}
                  className="rounded-full p-0.5 hover:bg-dream-500/40"
                >
                  <X className="h-3 w-3" aria-hidden />
                </button>
              </Badge>
            </li>
          ))}
        </ul>
      ) : null}
      <div>
        <Input
          id={inputId}
          value={text}
          placeholder="Type a tag and press Enter"
          autoComplete="off"
          role="combobox"
          aria-expanded={open && suggestions.length > 0}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-invalid={problem ? true : undefined}
          aria-describedby={`${messageId} ${inputId}-hint`}
          onChange={(e) => {
            setText(e.target.value);
            if (problem) setProblem(null);
          }}
          onKeyDown={onKeyDown}
          onFocus={() => {
            if (closeTimer.current) clearTimeout(closeTimer.current);
            setOpen(true);
          }}
          onBlur={() => {
            closeTimer.current = setTimeout(() => setOpen(false), UI.tagSuggestionCloseDelayMs);
          }}
        />
        <p id={messageId} aria-live="polite" className="text-sm text-red-300 [&:not(:empty)]:mt-1.5">
          {problem}
        </p>
        {open && suggestions.length ? (
          <ul id={listId} role="listbox" aria-label="Tag suggestions" className="mt-2 flex flex-wrap gap-1.5">
            {suggestions.map((s) => (
              <li key={s} role="option" aria-selected={false}>
                <button
                  type="button"
                  tabIndex={-1}
                  className="rounded-full border border-night-600 bg-night-800 px-3 py-1 text-xs text-slate-200 hover:bg-night-600"
                  onMouseDown={(e) => e.preventDefault()}
                  onClick={() => add(s)}
                >
                  {s}
                </button>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      <p id={`${inputId}-hint`} className="text-xs text-slate-400">
        Enter adds a tag; Backspace in the empty field removes the last one.
      </p>
    </div>
  );
}
