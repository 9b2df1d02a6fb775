/**
 * Writes server/src/engine/nlp/language-names.json: the ISO 639 codes and English names the language
 * reading needs (every language with a two-letter code, and the three-letter ones franc or tinyld can
 * name), taken from the iso-639-3 package. Loading that package whole costs the engine about 14 MB.
 *
 *   npx tsx scripts/make-language-names.ts
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { data as francData } from 'franc/data.js';
import { expressions as francScripts } from 'franc/expressions.js';
import { iso6393 } from 'iso-639-3';
import { supportedLanguages } from 'tinyld';
import { ROOT } from './eval-sets';

const named = new Set<string>([
  ...Object.values(francData).flatMap((script) => Object.keys(script)),
  ...Object.keys(francScripts),
  ...supportedLanguages,
]);
// In the package's order, so the first language with a two-letter code names it ("ar" is Arabic).
const languages = iso6393
  .filter((l) => l.iso6391 || named.has(l.iso6393))
  .map((l) => [l.iso6393, l.iso6391 ?? null, l.name] as const);
const file = path.join(ROOT, 'server/src/engine/nlp/language-names.json');
writeFileSync(
  file,
  `${JSON.stringify({ about: 'Written by scripts/make-language-names.ts from the iso-639-3 package (do not edit by hand): [ISO 639-3, ISO 639-1 or null, English name].', languages })}\n`,
);
console.log(`${languages.length} languages → ${path.relative(ROOT, file)}`);
