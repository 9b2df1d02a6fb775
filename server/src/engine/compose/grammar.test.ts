import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { analysisWith } from '../../../test/analyses';
import type { DreamDocument } from '../analysis/document';
import { lexicon } from '../kb/lexicon';
import type { KnowledgeBase } from '../kb/loader';
import { splitSentences } from '../kb/sentences';
import { contentWords } from '../nlp/text';
import { LocalEngine } from '../providers/local';
import type { DetectedMotif, DetectedSymbol, DreamForEngine, PersonalFeeling, PersonalSymbol } from '../types';
import { quote, type ComposeContext } from './context';
import { explainReading } from './evidence';
import { KnowledgeGuard } from './guard';
import type { Recurrence } from './history';
import type { IntentionReading } from './intention';
import { PARAGRAPHS, type ParagraphKind } from './paragraphs';
import { RepeatLedger } from './repetition';
import { hashSeed, Rng } from './rng';
import { unreadableReading } from './unreadable';
import type { Angle, DreamShape } from './shape';

/**
 * A grammar pass over every template of the reading's paragraphs. Every paragraph writer is run on
 * hand-built contexts whose slots hold every kind of wording the analysis produces (a singular noun,
 * a plural, a mass noun, gerunds, people with he/she/they, proper names, qualities, a multi-word
 * mention), across tones, shapes, angles, histories, intentions and personal lexicons, and the text
 * is checked mechanically for agreement slips. Which templates exist is read from the paragraph
 * sources themselves (every wording call and every piece of literal text), so a new template is
 * covered, or the test says it was never reached.
 */

/** Every wording offered to pickSafe/firstSafe, with the call site (file:line:column) that offered it. */
const offered = vi.hoisted(() => ({ list: [] as Array<{ site: string; candidates: string[] }> }));

vi.mock('./context', async (importOriginal) => {
  const real = await importOriginal<typeof import('./context')>();
  // Mapping a stack through the source maps is slow: each raw call position is mapped once.
  const mapped = new Map<string, string>();
  const siteOf = (): string => {
    const original = Error.prepareStackTrace;
    Error.prepareStackTrace = (_e, frames) => frames;
    const holder: { stack?: unknown } = {};
    Error.captureStackTrace(holder);
    const frames = holder.stack as NodeJS.CallSite[];
    Error.prepareStackTrace = original;
    const frame = frames.find((f) => f.getFileName()?.includes('/compose/paragraphs/'));
    const raw = frame ? `${frame.getFileName()}:${frame.getLineNumber()}:${frame.getColumnNumber()}` : 'unknown';
    let site = mapped.get(raw);
    if (site === undefined) {
      const line = (new Error().stack ?? '').split('\n').find((l) => l.includes('/compose/paragraphs/'));
      const m = /paragraphs\/([\w-]+\.ts):(\d+):(\d+)/.exec(line ?? '');
      site = m ? `${m[1]}:${m[2]}:${m[3]}` : 'unknown';
      mapped.set(raw, site);
    }
    return site;
  };
  const record = (candidates: Array<string | null | undefined | false>) =>
    offered.list.push({
      site: siteOf(),
      candidates: candidates.filter((c): c is string => typeof c === 'string' && c.length > 0),
    });
  return {
    ...real,
    pickSafe: (ctx: ComposeContext, candidates: Array<string | null | undefined | false>) => {
      record(candidates);
      return real.pickSafe(ctx, candidates);
    },
    firstSafe: (ctx: ComposeContext, candidates: Array<string | null | undefined | false>) => {
      record(candidates);
      return real.firstSafe(ctx, candidates);
    },
  };
});

const PARAGRAPH_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'paragraphs');
/** The paragraph sources, parsed; the registry (index.ts) is not a writer and holds no wording. */
const SOURCES = readdirSync(PARAGRAPH_DIR)
  .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && f !== 'index.ts')
  .map((file) => ({
    file,
    source: ts.createSourceFile(
      file,
      readFileSync(path.join(PARAGRAPH_DIR, file), 'utf8'),
      ts.ScriptTarget.Latest,
      true,
    ),
  }));

/** The wording call sites of the paragraph sources: file:line:column of each pickSafe/firstSafe call. */
function wordingSites(): string[] {
  const sites: string[] = [];
  for (const { file, source } of SOURCES) {
    const visit = (node: ts.Node) => {
      if (
        ts.isCallExpression(node) &&
        ts.isIdentifier(node.expression) &&
        /^(pickSafe|firstSafe)$/.test(node.expression.text)
      ) {
        const at = source.getLineAndCharacterOfPosition(node.expression.getStart(source));
        sites.push(`${file}:${at.line + 1}:${at.character + 1}`);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return sites;
}

/**
 * Every piece of literal wording in the paragraph sources: string literals and the fixed parts of
 * template literals that hold a word. Literals that are compared against or used as keys and list
 * names are code, not wording.
 */
function literalWording(): Array<{ where: string; text: string }> {
  const out: Array<{ where: string; text: string }> = [];
  const CODE_CALLS = new Set(['wordList', 'categoriesWith', 'includes', 'has', 'get']);
  for (const { file, source } of SOURCES) {
    const isCode = (node: ts.Node): boolean => {
      const parent = node.parent;
      if (ts.isBinaryExpression(parent))
        return [ts.SyntaxKind.EqualsEqualsEqualsToken, ts.SyntaxKind.ExclamationEqualsEqualsToken].includes(
          parent.operatorToken.kind,
        );
      if (ts.isReturnStatement(parent) && /^[a-z-]+$/.test((node as ts.StringLiteral).text)) return true;
      if (ts.isCaseClause(parent) || ts.isLiteralTypeNode(parent) || ts.isElementAccessExpression(parent)) return true;
      if (ts.isImportDeclaration(parent) || ts.isExportDeclaration(parent)) return true;
      if (ts.isPropertyAssignment(parent) && parent.name === node) return true;
      if (ts.isCallExpression(parent)) {
        const callee = parent.expression;
        const name = ts.isIdentifier(callee)
          ? callee.text
          : ts.isPropertyAccessExpression(callee)
            ? callee.name.text
            : '';
        return CODE_CALLS.has(name);
      }
      return false;
    };
    const visit = (node: ts.Node) => {
      let texts: string[] = [];
      if ((ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) && !isCode(node)) texts = [node.text];
      else if (ts.isTemplateExpression(node) && !isCode(node))
        texts = [node.head.text, ...node.templateSpans.map((s) => s.literal.text)];
      for (const text of texts)
        if (/[a-z]{2,}/i.test(text))
          out.push({ where: `${file}:${source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1}`, text });
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// The dream the slots come from, and the slot fixtures: one per kind of wording.

const NARRATIVE = [
  'I carried a lantern down Elm Street in Paris.',
  'The keys were gone and the water was rising.',
  'My mother said “keep going” and she smiled.',
  'A stranger chased me, and I was flying over the rooftops.',
  'I was scared and naked in a wooden boat, but I felt joy.',
  'My friends laughed with Tomás, and he waved at my grandfather.',
  'Everything turned the colour red, and I counted to three.',
  'I ran to the shore and woke up.',
].join(' ');
/** A dream where things happen to the dreamer, and one where the dreamer both acts and is acted on. */
const DONE_TO = 'Something chased me. It grabbed me and held me. Then it let me go and left me there.';
const BOTH = 'I ran along the wall. It caught me.';

interface Fixture {
  symbol: DetectedSymbol;
  /** Number of the mention as a subject. */
  plural: boolean;
  /** How the dream refers to a person: he, she or they; undefined for a thing. */
  person?: 'he' | 'she' | 'they';
  /** Written without an article: a name, a gerund. */
  bare: boolean;
  /** A mass noun or a feeling: its bare name is a fine noun phrase ("water", "joy"). */
  mass: boolean;
  /** A colour, a number or a feeling: it colours the images and is never addressed as someone. */
  quality: boolean;
}

function fixture(
  name: string,
  category: string,
  surface: string,
  mention: string,
  sentence: number,
  extra: Partial<DetectedSymbol> = {},
  person?: Fixture['person'],
): Fixture {
  const symbol: DetectedSymbol = {
    name,
    category,
    surface,
    via: 'name',
    count: 1,
    meaning: '',
    mention,
    excerpt: surface,
    plural: false,
    sentences: [sentence],
    inTitle: false,
    ...extra,
  };
  return {
    symbol,
    plural: symbol.plural,
    person,
    bare: !/^(the|your) /.test(mention),
    mass: category === 'Emotions' || name === 'water',
    quality: ['Colors', 'Numbers', 'Emotions'].includes(category),
  };
}

const FIXTURES: Fixture[] = [
  // A singular noun that the knowledge base files under a wider name.
  fixture('candle', 'Objects', 'lantern', 'the lantern', 0, { via: 'hypernym' }),
  // A plural noun.
  fixture('key', 'Objects', 'keys', 'the keys', 1, { plural: true }),
  // A mass noun.
  fixture('water', 'Water', 'water', 'the water', 1),
  // Proper names of places.
  fixture('street', 'Places', 'Elm Street', 'Elm Street', 0, { via: 'synonym' }),
  fixture('city', 'Places', 'Paris', 'Paris', 0, { via: 'hypernym' }),
  // People: she, he, a singular "they", a plural, and a proper name.
  fixture('mother', 'People and Figures', 'mother', 'your mother', 2, { pronoun: 'she' }, 'she'),
  fixture('grandparent', 'People and Figures', 'grandfather', 'your grandfather', 5, { via: 'synonym' }, 'he'),
  fixture('stranger', 'People and Figures', 'stranger', 'the stranger', 3, {}, 'they'),
  fixture('friend', 'People and Figures', 'friends', 'your friends', 5, { plural: true }, 'they'),
  fixture('teacher', 'People and Figures', 'Tomás', 'Tomás', 5, { via: 'hypernym', pronoun: 'he' }, 'he'),
  // Actions: a gerund, a passive gerund phrase, and a gerund that is not the dream's word.
  fixture('fly', 'Actions', 'flying', 'flying', 3),
  fixture('chase', 'Actions', 'chased', 'being chased', 3),
  fixture('run', 'Actions', 'ran', 'running', 7),
  // A state written as "being …" and a feeling written as "feeling …".
  fixture('naked', 'Clothing', 'naked', 'being naked', 4),
  // Feelings: as written ("feeling scared") and as a noun ("the joy").
  fixture('fear', 'Emotions', 'scared', 'feeling scared', 4),
  fixture('joy', 'Emotions', 'joy', 'the joy', 4),
  // Qualities.
  fixture('red', 'Colors', 'red', 'the colour red', 6),
  fixture('three', 'Numbers', 'three', 'the number three', 6),
  // A multi-word mention.
  fixture('boat', 'Vehicles and Travel', 'boat', 'the wooden boat', 4),
];

const FEELINGS: PersonalFeeling[] = ['dread', 'unease', 'calm', 'ease', 'delight'];
const MOTIFS = ['being-chased', 'flying', 'deceased-visitor'];
const ANGLES: Angle[] = ['shape', 'feeling', 'relational', 'story', 'lucid-practice', 'symbolic'];
const SHAPES: DreamShape[] = ['general', 'nightmare', 'lucid', 'recurring', 'visitation', 'mundane'];

// ---------------------------------------------------------------------------------------------
// Scenarios: a base context for a leading fixture, and tweaks that each reach other branches.

interface Scenario {
  focus: Fixture[];
  narrative: DreamDocument;
  dream: DreamForEngine;
  tone: ComposeContext['analysis']['tone'];
  setting: string | null;
  keyPhrases: string[];
  lucid: boolean;
  motifs: DetectedMotif[];
  recurrences: Recurrence[];
  fresh: DetectedSymbol[] | null;
  historySize: number;
  intention: IntentionReading | null;
  personal: PersonalSymbol[];
  angle: Angle;
  shape: DreamShape;
  lucidFits: boolean;
  wordCount: number;
}

type Tweak = (s: Scenario, lead: Fixture) => void;

const arc = (values: number[]) => values.map((compound, sentence) => ({ sentence, compound }));
const tone = (movement: Scenario['tone']['movement'], values: number[]): Scenario['tone'] => ({
  movement,
  arc: arc(values),
  overall: values.reduce((a, b) => a + b, 0) / Math.max(1, values.length),
});

function withSentences(f: Fixture, sentences: number[]): Fixture {
  return { ...f, symbol: { ...f.symbol, sentences } };
}

function recurrence(lead: Fixture, feelings: string[], lastTitle: string | null): Recurrence {
  return {
    kind: 'symbol',
    key: lead.symbol.name,
    symbol: lead.symbol,
    count: 3,
    window: 10,
    lastTitle,
    dreamIds: [1, 2, 3],
    feelings,
  };
}

function motifOf(kb: KnowledgeBase, id: string, sentence = 3): DetectedMotif {
  const entry = kb.motifs.find((m) => m.id === id);
  if (!entry) throw new Error(`no motif ${id}`);
  return { id, name: entry.name, sentence };
}

function intention(
  outcome: IntentionReading['outcome'],
  extra: Partial<IntentionReading>,
  lead: Fixture,
): IntentionReading {
  return {
    text: 'I want to walk through Paris again with my mother at night',
    completed: false,
    outcome,
    shared: [lead.symbol],
    sharedWords: ['river', 'light'],
    lucidGoal: false,
    ...extra,
  };
}

function personalOf(lead: Fixture, extra: Partial<PersonalSymbol>): PersonalSymbol[] {
  return [{ symbol: lead.symbol.name, meaning: null, dreams: 3, tone: null, companions: [], recent: [], ...extra }];
}

/** A dream with no sentences, images or phrases to read, of this many words. */
function nothingToRead(s: Scenario, wordCount: number): void {
  s.narrative = { tokens: [], sentences: [], idioms: [] };
  s.focus = [];
  s.tone = { movement: 'steady', arc: [], overall: 0 };
  s.keyPhrases = [];
  s.setting = null;
  s.wordCount = wordCount;
}

function tweaks(kb: KnowledgeBase, docs: Docs): Array<[string, Tweak]> {
  const { short, empty } = docs;
  const list: Array<[string, Tweak]> = [
    [
      'by a wider name',
      (s, lead) => void (s.focus = [{ ...lead, symbol: { ...lead.symbol, via: 'hypernym' } }, ...s.focus.slice(1)]),
    ],
    [
      'written as a phrase',
      (s, lead) => {
        const symbol = {
          ...lead.symbol,
          via: 'phrase' as const,
          surface: `${lead.symbol.surface} moved`,
          sentences: [lead.symbol.sentences[0] ?? 0, 6],
        };
        s.focus = [{ ...lead, symbol }, ...s.focus.slice(1)];
      },
    ],
    [
      'done to the dreamer',
      (s) =>
        void (
          (s.narrative = docs.doneTo),
          (s.focus = s.focus.map((f) => withSentences(f, []))),
          (s.tone = tone('falling', [0, -0.5, -0.2]))
        ),
    ],
    [
      'acting and acted on',
      (s) =>
        void (
          (s.narrative = docs.both),
          (s.focus = s.focus.map((f) => withSentences(f, []))),
          (s.tone = tone('rising', [-0.2, 0.3]))
        ),
    ],
    [
      'mixed, nothing to quote',
      (s) =>
        void (
          (s.narrative = empty),
          (s.focus = s.focus.map((f) => withSentences(f, []))),
          (s.tone = tone('mixed', [0.5, -0.6, 0.4]))
        ),
    ],
    ['no symbols, no phrases', (s) => void ((s.focus = []), (s.keyPhrases = []), (s.setting = null))],
    ['base', () => undefined],
    ['alone', (s) => void (s.focus = s.focus.slice(0, 1))],
    ['pair', (s) => void (s.focus = s.focus.slice(0, 2))],
    [
      'qualities only',
      (s) => void (s.focus = FIXTURES.filter((f) => ['Colors', 'Numbers', 'Emotions'].includes(f.symbol.category))),
    ],
    [
      'twice',
      (s, lead) => void (s.focus = [withSentences(lead, [lead.symbol.sentences[0] ?? 0, 6]), ...s.focus.slice(1)]),
    ],
    ['second', (s) => void (s.focus = [s.focus[1], s.focus[0], s.focus[2]].filter((f): f is Fixture => Boolean(f)))],
    ['rising to calm', (s) => void (s.tone = tone('rising', [-0.6, -0.3, -0.2, 0, 0.05, 0.05, 0, 0.1]))],
    ['rising', (s) => void (s.tone = tone('rising', [0.1, 0.1, 0.2, 0.3, 0.5, 0.6, 0.7, 0.8]))],
    ['falling from calm', (s) => void (s.tone = tone('falling', [0, 0.05, 0, -0.2, -0.4, -0.6, -0.7, -0.8]))],
    ['falling', (s) => void (s.tone = tone('falling', [0.6, 0.5, 0.3, 0.1, -0.2, -0.3, -0.4, -0.2]))],
    ['mixed', (s) => void (s.tone = tone('mixed', [0.5, -0.6, 0.4, -0.5, 0.6, -0.7, 0.3, 0]))],
    ['steady even', (s) => void (s.tone = tone('steady', [0, 0, 0.05, 0, 0, -0.05, 0, 0]))],
    ['steady dark', (s) => void (s.tone = tone('steady', [-0.3, -0.4, -0.35, -0.3, -0.3, -0.4, -0.35, -0.3]))],
    ['steady bright', (s) => void (s.tone = tone('steady', [0.3, 0.4, 0.35, 0.3, 0.3, 0.4, 0.35, 0.3]))],
    ['steady very dark', (s) => void (s.tone = tone('steady', [-0.7, -0.8, -0.6, -0.7, -0.7, -0.8, -0.6, -0.7]))],
    ['steady very bright', (s) => void (s.tone = tone('steady', [0.7, 0.8, 0.6, 0.7, 0.7, 0.8, 0.6, 0.7]))],
    [
      'no feelings, even',
      (s) => {
        s.focus = s.focus.filter((f) => f.symbol.category !== 'Emotions');
        s.tone = tone('steady', [0, 0, 0, 0, 0, 0, 0, 0]);
      },
    ],
    [
      'one sentence',
      (s) => {
        s.narrative = short;
        s.focus = s.focus.map((f) => withSentences(f, []));
        s.tone = tone('steady', [0]);
        s.keyPhrases = ['wooden boat'];
      },
    ],
    ['nothing to read', (s) => nothingToRead(s, 3)],
    ['nothing found, long', (s) => nothingToRead(s, 60)],
    ['no symbols, one phrase', (s) => void ((s.focus = []), (s.keyPhrases = ['wooden boat']), (s.setting = null))],
    [
      'no symbols, phrases',
      (s) => void ((s.focus = []), (s.keyPhrases = ['wooden boat', 'elm street', 'old keys']), (s.setting = null)),
    ],
    ['setting Paris', (s) => void (s.setting = 'Paris')],
    [
      'setting plural',
      (s) => {
        const keys = FIXTURES[1];
        if (keys) s.focus = [...s.focus.filter((f) => f !== keys), keys];
        s.setting = 'the keys';
      },
    ],
    ['setting of the lead', (s, lead) => void (s.setting = lead.symbol.mention)],
    ['titled', (s) => void (s.dream = { ...s.dream, title: 'Paris at night' })],
    [
      'titled by the lead',
      (s, lead) => {
        s.dream = { ...s.dream, title: `The ${lead.symbol.surface}` };
        s.focus = [{ ...lead, symbol: { ...lead.symbol, inTitle: true } }, ...s.focus.slice(1)];
      },
    ],
    ['untitled', (s) => void (s.dream = { ...s.dream, title: 'Untitled' })],
    ['recurring period', (s) => void (s.dream = { ...s.dream, timePeriod: 'recurring' })],
    ['lucid', (s) => void ((s.lucid = true), (s.shape = 'lucid'), (s.lucidFits = true))],
    ['lucid practice', (s) => void ((s.lucid = true), (s.angle = 'lucid-practice'), (s.lucidFits = true))],
    ['a motif', (s) => void (s.motifs = [motifOf(kb, 'being-chased')])],
    ['motifs, lucid', (s) => void ((s.motifs = MOTIFS.map((id) => motifOf(kb, id))), (s.lucid = true))],
    [
      'visit',
      (s) =>
        void (
          (s.motifs = [motifOf(kb, 'deceased-visitor', s.focus[0]?.symbol.sentences[0] ?? -1)]),
          (s.shape = 'visitation')
        ),
    ],
    ['visit, no motif', (s) => void ((s.motifs = []), (s.shape = 'visitation'))],
    [
      'nightmare',
      (s) =>
        void (
          (s.shape = 'nightmare'),
          (s.lucidFits = true),
          (s.tone = tone('falling', [0, -0.2, -0.5, -0.9, -0.6, -0.4, -0.7, -0.3]))
        ),
    ],
    [
      'recurs, same feeling',
      (s, lead) => void (s.recurrences = [recurrence(lead, ['fear', 'fear', 'fear'], 'Paris again')]),
    ],
    ['recurs, changing', (s, lead) => void (s.recurrences = [recurrence(lead, ['panic', 'curiosity', 'peace'], null)])],
    [
      'recurs twice',
      (s, lead) => {
        const other = s.focus[1] ?? lead;
        s.recurrences = [recurrence(lead, ['fear'], 'Paris again'), recurrence(other, ['calm', 'joy'], 'Keys')];
      },
    ],
    [
      'motif recurs',
      (s) => {
        const motif = motifOf(kb, 'being-chased');
        s.motifs = [motif];
        s.recurrences = [
          {
            kind: 'motif',
            key: motif.id,
            motif,
            count: 2,
            window: 10,
            lastTitle: 'The chase',
            dreamIds: [1, 2],
            feelings: ['fear', 'calm'],
          },
        ];
      },
    ],
    ['fresh', (s, lead) => void ((s.fresh = [lead.symbol]), (s.historySize = 7))],
    ['fulfilled', (s, lead) => void (s.intention = intention('fulfilled', {}, lead))],
    [
      'fulfilled, nothing shared',
      (s, lead) => void (s.intention = intention('fulfilled', { shared: [], completed: true }, lead)),
    ],
    [
      'fulfilled lucid goal',
      (s, lead) => void (s.intention = intention('fulfilled', { lucidGoal: true, text: 'Become lucid tonight' }, lead)),
    ],
    ['partial', (s, lead) => void (s.intention = intention('partial', {}, lead))],
    ['partial, words', (s, lead) => void (s.intention = intention('partial', { shared: [] }, lead))],
    ['partial, nothing', (s, lead) => void (s.intention = intention('partial', { shared: [], sharedWords: [] }, lead))],
    [
      'unmet',
      (s, lead) => void (s.intention = intention('unmet', { shared: [], sharedWords: [], completed: true }, lead)),
    ],
    ['own meaning', (s, lead) => void (s.personal = personalOf(lead, { meaning: 'a way home', dreams: 0 }))],
  ];
  for (const angle of ANGLES) list.push([`angle ${angle}`, (s) => void (s.angle = angle)]);
  for (const shape of SHAPES) list.push([`shape ${shape}`, (s) => void (s.shape = shape)]);
  for (const period of ['early_childhood', 'adolescence', 'young_adult', 'adult', 'middle_age', 'senior'])
    list.push([`period ${period}`, (s) => void (s.dream = { ...s.dream, timePeriod: period })]);
  FEELINGS.forEach((feeling, k) => {
    list.push([
      `learned ${feeling}`,
      (s, lead) =>
        void (s.personal = personalOf(lead, {
          dreams: 2 + k,
          tone: { feeling, count: k === 0 ? 2 : k === 2 ? 4 : k },
          meaning: k % 2 ? 'something I lost' : null,
        })),
    ]);
  });
  return list;
}

// ---------------------------------------------------------------------------------------------
// The mechanical checks.

const DETERMINERS = 'a|an|the|my|your|his|her|their|our|its|this|that';
/** Third-person singular verbs the templates put after a subject, and their plural forms. */
const VERBS: Array<[string, string]> = [
  ['is', 'are'],
  ['was', 'were'],
  ['has', 'have'],
  ['does', 'do'],
  ['stands', 'stand'],
  ['comes', 'come'],
  ['matters', 'matter'],
  ['returns', 'return'],
  ['appears', 'appear'],
  ['sets', 'set'],
  ['carries', 'carry'],
  ['carry', 'carry'],
  ['means', 'mean'],
  ['seems', 'seem'],
  ['wants', 'want'],
  ['needs', 'need'],
  ['speaks', 'speak'],
  ['belongs', 'belong'],
  ['recurs', 'recur'],
].filter(([s, p]) => s !== p) as Array<[string, string]>;
const SINGULAR_VERB = new RegExp(`^\\s+(${VERBS.map(([s]) => s).join('|')})\\b`, 'i');
const PLURAL_VERB = new RegExp(`^\\s+(${VERBS.map(([, p]) => p).join('|')})\\b`, 'i');
/** Words after which a bare verb follows its subject legitimately ("what does the lantern mean", "let Paris be"). */
const INVERTED = /\b(do|does|did|would|could|can|will|may|might|should|must|let|make|help|to|watch|see|and)\s+$/i;

/** The composer's own words: the dream's quotes and the knowledge base's phrases are someone else's. */
function ownWords(text: string): string {
  return text.replace(/“[^”]+”/g, '“…”').replace(/‘[^’]+’/g, '‘…’');
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

const MENTION_PATTERNS = new Map<string, RegExp>();
function mentionsIn(sentence: string, fixtures: Fixture[]): Array<{ f: Fixture; at: number }> {
  const out: Array<{ f: Fixture; at: number }> = [];
  const seen = new Set<string>();
  for (const f of fixtures) {
    const mention = f.symbol.mention;
    if (seen.has(mention)) continue;
    seen.add(mention);
    let re = MENTION_PATTERNS.get(mention);
    if (!re) {
      re = new RegExp(`(?<![\\p{L}])${escape(mention)}(?![\\p{L}])`, 'giu');
      MENTION_PATTERNS.set(mention, re);
    }
    for (const m of sentence.matchAll(re)) out.push({ f, at: m.index });
  }
  return out;
}

/** Agreement slips in one sentence or wording (quotes already masked). */
function agreementSlips(text: string, fixtures: Fixture[]): string[] {
  const slips: string[] = [];
  const slip = (what: string) => slips.push(`${what}: ${text}`);
  if (/\b(undefined|null|NaN)\b|\[object|[{}]/.test(text)) slip('an empty slot');
  if (/“\s*”|‘\s*’/.test(text)) slip('an empty quote');
  if (/ {2,}|\s[,.;:?!]|[,;:]\s*[,.;:?!]|[.?!][”’)]?\s*[.,;:]|^[,.;:]/.test(text)) slip('stray spacing or punctuation');
  if (/\b(?!that\b|had\b)(\w+)\s+\1\b/i.test(text)) slip('a doubled word');
  if (new RegExp(`\\b(a|an|the)\\s+(${DETERMINERS})\\b`, 'i').test(text)) slip('a doubled determiner');
  if (/\ba\s+(?!one\b|u(ni|s|r|t))[aeiou]/i.test(text)) slip('"a" before a vowel');
  if (/\ban\s+(?![aeiou]|hour|honest|heir)[a-z]/i.test(text)) slip('"an" before a consonant');
  if (/\bthere (is|are|'s) (also )?(?!(some|no|any|every)thing\b)\w+ing\b/i.test(text))
    slip('"there is" before an activity');
  if (/\bbeing \w+ing\b/i.test(text)) slip('"being" before a progressive');
  if (/\bfeels? like feeling\b/i.test(text)) slip('"feels like feeling"');
  if (/\b(its|their) sense of\b/i.test(text)) slip('"its sense of"');
  // A bare knowledge-base name of a countable thing where a determiner belongs ("For you, key has come…").
  for (const f of fixtures)
    if (!f.bare && !f.mass && new RegExp(`(^|[,;:]\\s)${escape(f.symbol.name)}\\b(?!-)`, 'i').test(text))
      slip(`bare "${f.symbol.name}"`);
  // A state the dream wrote as an adjective, named as a noun ("the naked").
  for (const f of fixtures)
    if (
      f.symbol.mention.startsWith('being ') &&
      new RegExp(`\\b(the|a|an) ${escape(f.symbol.name)}\\b`, 'i').test(text)
    )
      slip(`an article before the adjective "${f.symbol.name}"`);
  for (const { f, at } of mentionsIn(text, fixtures)) {
    const before = text.slice(0, at);
    const after = text.slice(at + f.symbol.mention.length);
    if (/^\p{Lu}/u.test(f.symbol.mention) && /\b(the|a|an)\s+$/i.test(before))
      slip(`an article before ${f.symbol.mention}`);
    // An activity or a quality spoken of as someone ("if flying could speak", "turn towards the colour red").
    if (
      (/^[a-z]+ing\b/.test(f.symbol.mention) || f.quality) &&
      (/^\s+could speak\b/.test(after) || /\bturn towards\s+$/i.test(before))
    )
      slip(`${f.symbol.mention} spoken of as someone`);
    // The object of a preposition is not the subject of the verb after it ("the feeling around the keys has").
    if (/\b(around|about|of|with|in|on|like|for|to|from|by|at|over|through|into|towards|among)\s+$/i.test(before))
      continue;
    if (f.plural) {
      if (SINGULAR_VERB.test(after)) slip(`${f.symbol.mention} (plural) with a singular verb`);
      if (/\b(does|there is|there is also|there's)\s+$/i.test(before))
        slip(`${f.symbol.mention} (plural) after a singular verb`);
    } else {
      if (PLURAL_VERB.test(after) && !INVERTED.test(before)) slip(`${f.symbol.mention} (singular) with a plural verb`);
      if (/\b(do|there are|there are also)\s+$/i.test(before))
        slip(`${f.symbol.mention} (singular) after a plural verb`);
    }
  }
  // A plural complement for one thing ("Its central images are the lantern.").
  const complement = /\b(images|cues) (are|were) ([^.;:?!]+)/i.exec(text)?.[3];
  if (
    complement &&
    !/ and /.test(complement) &&
    mentionsIn(complement, fixtures).every(({ f }) => !f.plural) &&
    mentionsIn(complement, fixtures).length
  )
    slip('a plural complement for one thing');
  return slips;
}

/** Pronoun slips in a sentence that mentions one fixture only: "it" for a person, "he" for a thing. */
function pronounSlips(sentence: string, fixtures: Fixture[]): string[] {
  const named = [...new Set(mentionsIn(sentence, fixtures).map(({ f }) => f))];
  if (named.length !== 1) return [];
  const f = named[0];
  if (!f) return [];
  // Pronouns after the mention that refer to something else: the dream, the intention, lucidity.
  const at = mentionsIn(sentence, fixtures)[0]?.at ?? 0;
  const text = sentence
    .slice(at)
    .replace(
      /\b(what does it have to do with|does it touch on|do it again|in the middle of it|answered it|much of its weight)\b/gi,
      '',
    );
  const slips: string[] = [];
  const pronouns = {
    it: /\b(it|its)\b/i.test(text),
    he: /\b(he|him|his)\b/i.test(text),
    she: /\b(she|her|hers)\b/i.test(text),
    they: /\b(they|them|their)\b/i.test(text),
  };
  if (f.person && pronouns.it) slips.push(`"it" for ${f.symbol.mention}`);
  if (f.person !== 'he' && pronouns.he) slips.push(`"he" for ${f.symbol.mention}`);
  if (f.person !== 'she' && pronouns.she) slips.push(`"she" for ${f.symbol.mention}`);
  if (!f.person && f.plural && pronouns.it) slips.push(`"it" for ${f.symbol.mention}`);
  if (!f.person && !f.plural && pronouns.they) slips.push(`"they" for ${f.symbol.mention}`);
  return slips.map((s) => `${s}: ${sentence}`);
}

/** Every slip of a rendered paragraph: its own sentences only (knowledge-base sentences are the kb's text). */
function paragraphSlips(paragraph: string, fixtures: Fixture[], kbSentences: Set<string>): string[] {
  const slips: string[] = [];
  if (/\n|^\s|\s$/.test(paragraph)) slips.push(`stray whitespace: ${paragraph}`);
  for (const raw of splitSentences(paragraph)) {
    if (kbSentences.has(raw)) continue;
    if (/“[^”]*“/.test(raw)) slips.push(`a double quote inside a double quote: ${raw}`);
    const sentence = ownWords(raw);
    if (!/^[“‘(]?\p{Lu}/u.test(sentence)) slips.push(`no capital at the start: ${raw}`);
    if (!/[.?!][”’)]?$/.test(sentence)) slips.push(`no closing punctuation: ${raw}`);
    slips.push(...agreementSlips(sentence, fixtures), ...pronounSlips(sentence, fixtures));
  }
  return slips;
}

// ---------------------------------------------------------------------------------------------

const engine = new LocalEngine({ info: () => undefined, warn: () => undefined });
let kb: KnowledgeBase;
interface Docs {
  full: DreamDocument;
  short: DreamDocument;
  doneTo: DreamDocument;
  both: DreamDocument;
  empty: DreamDocument;
}
let docs: Docs;
let kbSentences: Set<string>;

function dreamOf(narrative: string, id: number): DreamForEngine {
  return { id, title: '', narrative, tags: [], timePeriod: null, date: null };
}

beforeAll(async () => {
  await engine.ready();
  kb = await engine.knowledgeBase();
  const read = async (text: string, id: number) =>
    (await engine.prepare({ dream: dreamOf(text, id), intention: null, history: [], previous: [] })).reading.narrative;
  docs = {
    full: await read(NARRATIVE, 1),
    short: await read('I stood in a wooden boat.', 2),
    doneTo: await read(DONE_TO, 3),
    both: await read(BOTH, 4),
    empty: { tokens: [], sentences: [], idioms: [] },
  };
  kbSentences = new Set<string>();
  for (const sentences of kb.meanings.values()) for (const s of sentences) kbSentences.add(s.text);
  for (const m of kb.motifs)
    for (const s of [...splitSentences(m.reading), ...splitSentences(m.lucidNote)]) kbSentences.add(s);
  for (const c of lexicon.categories.values())
    if (c.guidance) for (const s of splitSentences(c.guidance)) kbSentences.add(s);
}, 120_000);

function contextOf(s: Scenario, seed: string, variant: number, recent: string[]): ComposeContext {
  const symbols = s.focus.map((f) => f.symbol);
  const analysis: ComposeContext['analysis'] = {
    symbols,
    motifs: s.motifs,
    tone: s.tone,
    lucid: s.lucid,
    setting: s.setting,
    negated: [],
    keyPhrases: s.keyPhrases,
    sentenceCount: s.narrative.sentences.length,
    wordCount: s.wordCount,
  };
  return {
    dream: s.dream,
    analysis,
    narrative: s.narrative,
    kb,
    knowledge: new KnowledgeGuard(kb, new Set(symbols.map((x) => x.name))),
    repeats: new RepeatLedger(recent),
    rng: new Rng(hashSeed(seed, variant)),
    wordingRng: new Rng(hashSeed(seed, 'wording')),
    dreamWords: new Set(contentWords(`${s.dream.title} ${s.dream.narrative}`)),
    variant,
    focus: symbols,
    recurrences: s.recurrences,
    fresh: s.fresh,
    historySize: s.historySize,
    intention: s.intention,
    shape: s.shape,
    angle: s.angle,
    lucidFits: s.lucidFits,
    personal: s.personal,
  };
}

interface Run {
  contexts: number;
  rendered: Map<ParagraphKind, number>;
  texts: Set<string>;
  /** Slip → where it was found (paragraph kind or wording site, fixture, tweak, variant). */
  slips: Map<string, string>;
  /** Wording call sites that offered at least one wording. */
  sites: Set<string>;
}

/** Renders every writer over every fixture × tweak × variant (and repeat passes). */
function renderAll(): Run {
  const run: Run = { contexts: 0, rendered: new Map(), texts: new Set(), slips: new Map(), sites: new Set() };
  // A text is checked once: the checks read only the text and the fixtures' mentions, which every scenario shares.
  const checkedParagraphs = new Set<string>();
  const checkedWordings = new Set<string>();
  const note = (where: string, found: string[]) => {
    for (const s of found) if (!run.slips.has(s)) run.slips.set(s, where);
  };
  const list = tweaks(kb, docs);
  offered.list.length = 0;
  FIXTURES.forEach((lead, i) => {
    const others = [FIXTURES[(i + 1) % FIXTURES.length], FIXTURES[(i + 5) % FIXTURES.length]].filter(
      (f): f is Fixture => Boolean(f),
    );
    for (const [name, tweak] of list) {
      const scenario: Scenario = {
        focus: [lead, ...others],
        narrative: docs.full,
        dream: dreamOf(NARRATIVE, 100 + i),
        tone: tone('steady', [0.1, -0.2, 0.2, -0.3, 0.1, -0.4, 0, 0.1]),
        setting: null,
        keyPhrases: ['wooden boat', 'elm street'],
        lucid: false,
        motifs: [],
        recurrences: [],
        fresh: null,
        historySize: 0,
        intention: null,
        personal: [],
        angle: 'shape',
        shape: 'general',
        lucidFits: false,
        wordCount: 80,
      };
      tweak(scenario, lead);
      const fixtures = [...FIXTURES, ...scenario.focus];
      const seed = `${lead.symbol.mention}|${name}`;
      // Each variant moves every wording slot on by one; the later passes read as if the user had
      // seen the earlier readings twice, so the wordings kept for repeats are rendered too.
      for (let variant = 0; variant < 5; variant += 1) {
        let recent: string[] = [];
        for (let pass = 0; pass < (variant === 0 ? 4 : 1); pass += 1) {
          // The last pass reads as if every wording offered so far had been in two recent readings.
          if (pass === 3) {
            const all = offered.list.flatMap((o) => o.candidates).join('\n\n');
            recent = [all, all];
          }
          const written: string[] = [];
          // One context for all the paragraphs of a reading, as compose.ts does.
          const ctx = contextOf(scenario, seed, variant, recent);
          for (const [kind, write] of PARAGRAPHS) {
            const text = write(ctx);
            run.contexts += 1;
            if (!text) continue;
            run.rendered.set(kind, (run.rendered.get(kind) ?? 0) + 1);
            run.texts.add(text);
            written.push(text);
            if (checkedParagraphs.has(text)) continue;
            checkedParagraphs.add(text);
            note(`${kind} / ${seed} / v${variant}`, paragraphSlips(text, fixtures, kbSentences));
          }
          const reading = written.join('\n\n');
          recent = [reading, reading, ...recent];
        }
      }
      for (const { site, candidates } of offered.list) {
        if (candidates.length) run.sites.add(site);
        for (const c of candidates) {
          if (checkedWordings.has(c)) continue;
          checkedWordings.add(c);
          note(`${site} / ${seed}`, agreementSlips(ownWords(c), fixtures));
        }
      }
      offered.list.length = 0;
    }
  });
  return run;
}

describe('grammar of every template, with every kind of slot', () => {
  let run: Run;
  beforeAll(() => {
    run = renderAll();
  }, 600_000);

  it('renders every paragraph writer, over thousands of contexts', () => {
    expect(run.contexts).toBeGreaterThan(10_000);
    for (const kind of PARAGRAPHS.keys()) expect(run.rendered.get(kind) ?? 0, kind).toBeGreaterThan(0);
  });

  it('reaches every wording call (pickSafe/firstSafe) of the paragraph sources', () => {
    const sites = wordingSites();
    expect(sites.length).toBeGreaterThan(50);
    expect(sites.filter((s) => !run.sites.has(s))).toEqual([]);
    expect([...run.sites].filter((s) => !sites.includes(s))).toEqual([]);
  });

  it('renders every piece of literal wording in the paragraph sources', () => {
    const wording = literalWording();
    expect(wording.length).toBeGreaterThan(150);
    const all = [...run.texts].join('\n').toLowerCase();
    expect(wording.filter(({ text }) => !all.includes(text.toLowerCase()))).toEqual([]);
  });

  it('finds no agreement, article, pronoun, capital, punctuation or empty-slot slip', () => {
    expect([...run.slips].map(([slip, where]) => `${where}: ${slip}`)).toEqual([]);
  });
});

describe('speech quoted inside a quote of the dream', () => {
  it('takes single quotes, and the evidence still traces the whole passage to the dream', async () => {
    expect(quote('She said "go home" twice')).toBe('“She said ‘go home’ twice”');
    expect(quote('He whispered “wait…')).toBe('“He whispered ‘wait…”');
    const dream = dreamOf('My mother said “keep going” and she smiled at the harbour. I walked on alone.', 9001);
    const r = await engine.interpret({ dream, intention: null, history: [], previous: [] });
    expect(r.content).not.toMatch(/“[^”]*“/);
    expect(r.content).toContain('My mother said ‘keep going’ and she smiled');
    const evidence = explainReading({ content: r.content, dream, analysis: r.analysis, history: [] });
    const passage = { start: 0, end: dream.narrative.indexOf(' at the harbour') };
    const spans = evidence.paragraphs.flatMap((p) => p.spans);
    expect(spans.some((s) => s.start <= passage.start && s.end >= passage.end)).toBe(true);
  });
});

describe('the reading for a dream the engine cannot read', () => {
  it('reads cleanly for every language it names, an unnamed one and text that is not language', () => {
    const base = analysisWith([]);
    // Every two-letter code, so each named language and the unnamed ones are read.
    const letters = 'abcdefghijklmnopqrstuvwxyz'.split('');
    const codes = letters.flatMap((a) => letters.map((b) => `${a}${b}`)).filter((c) => c !== 'en');
    const texts = new Set<string>();
    for (const language of codes) texts.add(unreadableReading({ ...base, language }) ?? '');
    texts.add(unreadableReading({ ...base, nonsense: true, language: 'und' }) ?? '');
    expect(texts.size).toBeGreaterThan(20);
    const slips = [...texts].flatMap((text) =>
      text.split('\n\n').flatMap((paragraph) => paragraphSlips(paragraph, FIXTURES, new Set())),
    );
    expect(slips).toEqual([]);
  });
});

describe('the grammar checks themselves', () => {
  const slipsOf = (sentence: string) => [
    ...agreementSlips(ownWords(sentence), FIXTURES),
    ...pronounSlips(ownWords(sentence), FIXTURES),
  ];

  it('flag each kind of slip the templates could make', () => {
    const bad = [
      'The keys is worth pausing on.',
      'Each time the keys has come, the feeling has been much the same: fear.',
      'The lantern carry much of its weight.',
      'Its central images are the lantern.',
      'What does your friends mean to you?',
      'Then there is being naked.',
      'There is also feeling scared.',
      'Then there is flying.',
      'If being naked could speak, what would it want you to know?',
      'You could turn towards flying and ask what it wants.',
      'If the colour red could speak, what would it want you to know?',
      'The naked has not appeared in any of your last 7 other dreams.',
      'What in your life right now feels like feeling scared?',
      'You were being flying.',
      'It opens on a unsettled note.',
      'It keeps an gentle tone.',
      'This is the the start.',
      'Start with the your mother.',
      'You walked through the Paris again.',
      'If your mother could speak, what would it want you to know?',
      'The stranger could also become your cue: recognising him as a dream image helps.',
      'For you, key has come with dread in both earlier dreams.',
      'It shows its sense of loss.',
      'You wrote  twice.',
      'It ends with undefined.',
      'The dream names , its own feeling.',
      'A quote: “”.',
    ];
    for (const sentence of bad) expect(slipsOf(sentence), sentence).not.toEqual([]);
    expect(paragraphSlips('It opens with “She said “go” and left”.', FIXTURES, new Set())).not.toEqual([]);
    const unfinished = paragraphSlips('the dream starts here', FIXTURES, new Set());
    expect(unfinished.some((s) => s.startsWith('no capital'))).toBe(true);
    expect(unfinished.some((s) => s.startsWith('no closing punctuation'))).toBe(true);
  });

  it('pass sentences that agree', () => {
    const good = [
      'The keys are worth pausing on.',
      'Each time the keys have come, the feeling has been much the same: fear.',
      'The lantern carries much of its weight.',
      'Its central image is the lantern.',
      'What do your friends mean to you?',
      'Being naked is part of the dream too.',
      'Then comes flying.',
      'Being naked has not appeared in any of your last 7 other dreams.',
      'What in your life right now leaves you feeling scared?',
      'There is something odd about the lantern.',
      'It opens on an unsettled note.',
      'If your mother could speak, what would she want you to know?',
      'The feeling around the keys has not changed across those dreams.',
      'What does the lantern mean to you?',
      'You walked through Paris with Tomás, and he waved.',
      'For you, the key has come with dread in both earlier dreams where it appeared.',
    ];
    for (const sentence of good) expect(slipsOf(sentence), sentence).toEqual([]);
  });
});
