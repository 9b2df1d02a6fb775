/** A text's sentences, each with its closing punctuation (and closing quote or bracket). */
export function splitSentences(text: string): string[] {
  return (text.match(/[^.!?]+[.!?]+["”’)]*|[^.!?]+$/g) ?? []).map((s) => s.trim()).filter(Boolean);
}
