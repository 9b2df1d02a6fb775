import { loadKnowledgeBase } from './kb/loader';
import { SymbolGuard, splitSentences } from './compose/guard';
const kb = await loadKnowledgeBase('/tmp/kbdev');
let total = 0, pass = 0, zeroFirst = 0, none = 0;
const blockers = new Map<string, number>();
const examples: string[] = [];
for (const s of kb.symbols) {
  const g = new SymbolGuard(kb, new Set([s.name]));
  const sents = splitSentences(g.soften(s.meaning));
  let p = 0;
  sents.forEach((x, i) => { total++; const v = g.violation(x); if (!v) { pass++; p++; } else { blockers.set(v, (blockers.get(v) ?? 0) + 1); if (i === 0) { zeroFirst++; if (examples.length < 25) examples.push(`[${s.name}] blocked by ${v}: ${x}`); } } });
  if (!p) none++;
}
console.log({ total, pass, zeroFirst, none });
console.log([...blockers.entries()].sort((a, b) => b[1] - a[1]).slice(0, 40).map(([k, v]) => `${k}:${v}`).join(' '));
console.log(examples.join('\n'));
