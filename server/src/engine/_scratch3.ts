import { loadRuntime } from './runtime';
import { startLoopMonitor } from './util/loop-monitor';
let last = performance.now(); const t0 = last; const gaps: Array<[number, number]> = [];
const timer = setInterval(() => { const n = performance.now(); if (n - last > 15) gaps.push([Math.round(last - t0), Math.round(n - last)]); last = n; }, 1);
const m = startLoopMonitor();
const rt = await loadRuntime();
clearInterval(timer);
console.log(rt.stats, m.stop(), JSON.stringify(gaps));
