import { readFile } from 'node:fs/promises';
import { indexKnowledgeBase, loadKnowledgeBase } from './kb/loader';
const t = performance.now();
const kb = await loadKnowledgeBase();
console.log('total', performance.now() - t);
let a = performance.now(); indexKnowledgeBase(kb.symbols, kb.motifs); console.log('index', performance.now() - a);
a = performance.now(); const txt = await readFile(new URL('./kb/motifs.json', import.meta.url), 'utf8'); console.log('read', performance.now() - a);
a = performance.now(); const raw = JSON.parse(txt); console.log('parse', performance.now() - a);
a = performance.now(); JSON.stringify(raw); console.log('stringify', performance.now() - a);
