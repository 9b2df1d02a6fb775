/** English inflection for the few forms the composer writes itself. */

const DOUBLE_FINAL = /^[^aeiou]*[aeiou][bdgklmnprt]$/;

/** "run" → "running", "chase" → "chasing", "die" → "dying", "fly" → "flying". */
export function gerund(verb: string): string {
  const words = verb.split(' ');
  const head = words[0] ?? verb;
  let g: string;
  if (head.endsWith('ing') && head.length > 4) g = head;
  else if (head.endsWith('ie')) g = `${head.slice(0, -2)}ying`;
  else if (head.endsWith('e') && !/(ee|ye|oe)$/.test(head) && head.length > 2) g = `${head.slice(0, -1)}ing`;
  else if (DOUBLE_FINAL.test(head) && head.length <= 4) g = `${head}${head.at(-1) ?? ''}ing`;
  else g = `${head}ing`;
  return [g, ...words.slice(1)].join(' ');
}

/** "snake" → "snakes", "box" → "boxes", "city" → "cities"; multi-word forms inflect their last word. */
export function plural(noun: string): string {
  const words = noun.split(' ');
  const last = words.pop() ?? noun;
  let p: string;
  if (/(s|x|z|ch|sh)$/.test(last)) p = `${last}es`;
  else if (/[^aeiou]y$/.test(last)) p = `${last.slice(0, -1)}ies`;
  else if (last === 'tooth') p = 'teeth';
  else if (last === 'foot') p = 'feet';
  else if (last === 'mouse') p = 'mice';
  else if (last === 'child') p = 'children';
  else if (/(man)$/.test(last)) p = `${last.slice(0, -3)}men`;
  else if (/(knife|wife|life)$/.test(last)) p = `${last.slice(0, -2)}ves`;
  else if (/(wolf|leaf|half|shelf|thief)$/.test(last)) p = `${last.slice(0, -1)}ves`;
  else p = `${last}s`;
  return [...words, p].join(' ');
}
