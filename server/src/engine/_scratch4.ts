import { loadRuntime } from './runtime';
const rt = await loadRuntime();
for (const text of process.argv.slice(2)) {
  const r = await rt.analyser.read({ id: 1, title: '', narrative: text, tags: [], timePeriod: null, date: null });
  console.log(r.analysis.symbols.map((s) => `${s.name}<${s.surface}|${s.via}>`).join(', '), '|', r.analysis.motifs.map((m) => m.id).join(','));
  console.log(r.narrative.tokens.map((t) => `${t.text}/${t.pos}${t.negated ? '/NEG' : ''}`).join(' '));
}
