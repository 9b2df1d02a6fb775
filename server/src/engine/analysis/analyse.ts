import type { WinkMethods } from 'wink-nlp';
import { categoriesWith, wordList } from '../kb/lexicon';
import type { KbSymbol, KnowledgeBase } from '../kb/loader';
import { gerund } from '../nlp/inflect';
import type { KbWordNet } from '../nlp/kb-wordnet';
import type { Sentiment } from '../nlp/sentiment';
import { STOPWORDS } from '../nlp/text';
import type { WordNet } from '../nlp/wordnet';
import type { DetectedSymbol, DreamAnalysis, DreamForEngine } from '../types';
import { readDocument, readDocumentSliced, type DreamDocument, type Token } from './document';
import { SymbolMatcher, surfaceOf, type NegatedMention, type SymbolHit } from './matcher';
import { detectMotifs } from './motifs';
import { readTone } from './tone';

export interface AnalyserDeps {
  nlp: WinkMethods;
  kb: KnowledgeBase;
  wordnet: WordNet;
  kbWordNet: KbWordNet;
  sentiment: Sentiment;
  verbUses?: Map<string, number>;
}

/** Everything the composer needs beyond the public analysis: the documents themselves. */
export interface DreamReading {
  analysis: DreamAnalysis;
  narrative: DreamDocument;
  title: DreamDocument;
  hits: SymbolHit[];
}

const SETTING_CATEGORIES = categoriesWith('setting');
const GENERIC_NOUNS = wordList('generic-nouns');
/** The end of an excerpt must not need a next word. */
const WEAK_ENDS = wordList('excerpt-weak-ends');
const LUCID_TEXT =
  /\blucid\b|\b(knew|know|realized|realised|realize|realise|understood|became aware|was aware|recognized|recognised|noticed)\b[^.!?]{0,24}?\b(i was|i'm|i am|this was|this is|it was|it's|we were) (dreaming|in a dream|a dream)\b/i;

/** How a detected symbol can be referred to in a sentence of the interpretation. */
function mentionFor(symbol: KbSymbol, hit: SymbolHit, doc: DreamDocument | null): string {
  const name = symbol.name;
  const first = doc?.tokens[hit.token];
  if (hit.source === 'tag' || !doc || !first) return symbol.category === 'Actions' ? gerund(name) : `the ${name}`;
  const span = doc.tokens.slice(hit.token, hit.token + hit.length);
  const lower = hit.surface.toLowerCase();
  if (hit.typo) return symbol.category === 'Actions' ? gerund(hit.term) : `the ${hit.term}`;
  if (symbol.category === 'Actions') return span.length === 1 && lower === gerund(hit.term) ? lower : gerund(name);
  if (symbol.category === 'Colors') return `the colour ${lower}`;
  if (symbol.category === 'Numbers') return `the number ${lower}`;
  // A phrase such as "snake bit" is referred to by the word in it that names the symbol.
  const terms = new Set([name, ...symbol.synonyms]);
  const head = span.length > 1 ? span.find((t) => t.forms.some((f) => terms.has(f)) && t.pos !== 'VERB') : undefined;
  const token = head ?? first;
  if (span.length > 1 && !head) {
    // A phrase such as "realised I was dreaming" or "car crashed" is referred to by the symbol's name.
    if (first.pos === 'VERB' || span.some((t) => t.forms.some((f) => terms.has(f)))) return `the ${name}`;
    return `the ${lower}`;
  }
  const text = token.text;
  // The word as the dreamer wrote it: wink's normal form americanises spellings ("grey" → "gray").
  const written = text.toLowerCase();
  if (token.pos === 'ADJ') return symbol.category === 'Emotions' ? `feeling ${written}` : `being ${written}`;
  if (token.pos === 'VERB' || token.pos === 'AUX')
    return symbol.category === 'Emotions' ? `feeling ${written}` : `the ${name}`;
  const prev = doc.tokens[token.index - 1];
  if (/^\p{Lu}/u.test(text) && !isSentenceStart(doc, token)) return prev?.normal === 'the' ? `the ${text}` : text;
  const adjective =
    prev &&
    prev.pos === 'ADJ' &&
    !prev.negated &&
    prev.isWord &&
    !STOPWORDS.has(prev.normal) &&
    prev.sentence === token.sentence
      ? `${prev.text.toLowerCase()} `
      : '';
  // "my husband" becomes "your husband": the reading speaks to the dreamer.
  const owner =
    !adjective && prev && (prev.normal === 'my' || prev.normal === 'our') && prev.sentence === token.sentence
      ? 'your'
      : 'the';
  return `${owner} ${adjective}${written}`;
}

/** A few words of the dream around a hit, kept within its clause: "flew over the rooftops". */
function excerptFor(hit: SymbolHit, doc: DreamDocument | null): string {
  if (!doc || hit.token < 0) return hit.surface;
  const t = doc.tokens[hit.token];
  const sentence = t ? doc.sentences.find((s) => s.index === t.sentence) : undefined;
  if (!t || !sentence) return hit.surface;
  const surfaceLength = Math.max(1, hit.length);
  const breaks = (x: Token | undefined) =>
    !x || x.pos === 'PUNCT' || x.pos === 'SYM' || x.pos === 'CCONJ' || x.pos === 'SCONJ';
  let start = hit.token;
  while (start > sentence.start && hit.token - start < 3 && !breaks(doc.tokens[start - 1])) start -= 1;
  let end = hit.token + surfaceLength;
  while (end < sentence.end && end - hit.token < surfaceLength + 3 && !breaks(doc.tokens[end])) end += 1;
  // Do not end on a word that needs a next one ("at my old school and could").
  while (end > hit.token + surfaceLength && WEAK_ENDS.has(doc.tokens[end - 1]?.normal ?? '')) end -= 1;
  return surfaceOf(doc.tokens.slice(start, end));
}

/** Whether the mention reads as plural ("the stars", "the teeth"). */
function pluralFor(symbol: KbSymbol, hit: SymbolHit, doc: DreamDocument | null): boolean {
  if (hit.typo || hit.source === 'tag' || !doc || symbol.category === 'Actions') return false;
  const span = doc.tokens.slice(hit.token, hit.token + Math.max(1, hit.length));
  const terms = new Set([symbol.name, ...symbol.synonyms]);
  const head = span.find((t) => t.forms.some((f) => terms.has(f)) && t.pos !== 'VERB') ?? span.at(-1);
  if (!head || (head.pos !== 'NOUN' && head.pos !== 'PROPN')) return false;
  return head.normal !== head.lemma && head.normal !== symbol.name && !/(ss|us|is)$/.test(head.normal);
}

function isSentenceStart(doc: DreamDocument, token: Token): boolean {
  const sentence = doc.sentences.find((s) => s.index === token.sentence);
  const firstWord = sentence ? doc.tokens.slice(sentence.start, sentence.end).find((t) => t.isWord) : undefined;
  return firstWord?.index === token.index;
}

/** Noun phrases in the dream's own words: optional adjectives and a run of nouns, not negated. */
function keyPhrases(doc: DreamDocument, limit = 8): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  let run: Token[] = [];
  const flush = () => {
    const nouns = run.filter((t) => t.pos === 'NOUN');
    const head = nouns.at(-1);
    if (head && !GENERIC_NOUNS.has(head.lemma) && !STOPWORDS.has(head.normal) && head.normal.length > 2) {
      const start = run.findIndex((t) => t.pos === 'ADJ' || t.pos === 'NOUN');
      const phrase = run
        .slice(Math.max(0, start), run.indexOf(head) + 1)
        .map((t) => t.normal)
        .join(' ');
      if (!seen.has(phrase)) {
        seen.add(phrase);
        out.push(phrase);
      }
    }
    run = [];
  };
  for (const t of doc.tokens) {
    if (t.isWord && !t.negated && (t.pos === 'NOUN' || (t.pos === 'ADJ' && !STOPWORDS.has(t.normal)))) run.push(t);
    else flush();
    if (out.length >= limit) break;
  }
  flush();
  return out.slice(0, limit);
}

export class DreamAnalyser {
  private readonly matcher: SymbolMatcher;

  constructor(private readonly deps: AnalyserDeps) {
    this.matcher = new SymbolMatcher({
      kb: deps.kb,
      wordnet: deps.wordnet,
      kbWordNet: deps.kbWordNet,
      verbUses: deps.verbUses,
    });
  }

  get kb(): KnowledgeBase {
    return this.deps.kb;
  }

  /** Reads any short text (an intention, a search term) with the same tokenizer. */
  readText(text: string): DreamDocument {
    return readDocument(this.deps.nlp, text);
  }

  /** Symbols of a free text (used for intentions). */
  async symbolsOf(text: string): Promise<SymbolHit[]> {
    return this.matcher.matchDocument(this.readText(text), 'narrative', []);
  }

  async read(dream: DreamForEngine): Promise<DreamReading> {
    const { nlp } = this.deps;
    const narrative = await readDocumentSliced(nlp, dream.narrative);
    const title = readDocument(nlp, dream.title);
    const tags = dream.tags.map((t) => t.trim()).filter(Boolean);
    const tagDocs = tags.map((t) => readDocument(nlp, t.replace(/[-_]/g, ' ')));
    const negatedMentions: NegatedMention[] = [];
    const hits = [
      ...(await this.matcher.matchDocument(narrative, 'narrative', negatedMentions)),
      ...(await this.matcher.matchDocument(title, 'title', [])),
    ];
    const tagHits = this.matcher.matchTags(tags, tagDocs).filter((h) => !hits.some((x) => x.symbol === h.symbol));
    const allHits = [...hits, ...tagHits.filter((h, i) => tagHits.findIndex((x) => x.symbol === h.symbol) === i)];

    const bySymbol = new Map<string, { symbol: KbSymbol; hits: SymbolHit[] }>();
    for (const hit of allHits) {
      const entry = bySymbol.get(hit.symbol.name) ?? { symbol: hit.symbol, hits: [] };
      entry.hits.push(hit);
      bySymbol.set(hit.symbol.name, entry);
    }
    const docOf = (h: SymbolHit) => (h.source === 'narrative' ? narrative : h.source === 'title' ? title : null);
    const order = (h: SymbolHit) => (h.source === 'narrative' ? h.token : h.source === 'title' ? -1 : 1e9);
    const symbols: DetectedSymbol[] = [...bySymbol.values()]
      .map(({ symbol, hits: hs }) => {
        const firstHit = [...hs].sort((a, b) => order(a) - order(b))[0] ?? hs[0];
        const narrativeHit = hs.find((h) => h.source === 'narrative');
        const mentionHit = narrativeHit ?? firstHit;
        const viaHit = hs.find((h) => h.via !== 'hypernym' && h.via !== 'tag') ?? firstHit;
        return {
          name: symbol.name,
          category: symbol.category,
          surface: (narrativeHit ?? firstHit)?.surface ?? symbol.name,
          via: viaHit?.via ?? 'name',
          count: hs.length,
          meaning: symbol.meaning,
          mention: mentionHit ? mentionFor(symbol, mentionHit, docOf(mentionHit)) : `the ${symbol.name}`,
          excerpt: mentionHit ? excerptFor(mentionHit, docOf(mentionHit)) : symbol.name,
          plural: mentionHit ? pluralFor(symbol, mentionHit, docOf(mentionHit)) : false,
          sentences: [...new Set(hs.filter((h) => h.source === 'narrative').map((h) => h.sentence))].sort(
            (a, b) => a - b,
          ),
          inTitle: hs.some((h) => h.source === 'title'),
          _first: firstHit ? order(firstHit) : 0,
        };
      })
      .sort((a, b) => b.count - a.count || a._first - b._first)
      .map(({ _first, ...rest }) => rest);

    const motifs = (
      await detectMotifs(this.deps.kb, {
        docs: [
          { doc: title, source: 'title' },
          { doc: narrative, source: 'narrative' },
        ],
        hits: allHits,
        tags: tagDocs,
      })
    ).map((m) => ({ id: m.motif.id, name: m.motif.name, sentence: m.sentence }));

    const tone = await readTone(
      narrative.sentences.map((s) => ({
        text: s.text,
        forms: new Set(
          narrative.tokens
            .slice(s.start, s.end)
            .filter((t) => t.isWord && !t.negated)
            .flatMap((t) => [t.lemma, t.normal]),
        ),
      })),
      this.deps.sentiment,
    );
    const lucid = tags.some((t) => /^lucid/i.test(t)) || LUCID_TEXT.test(dream.narrative);
    // The setting is the first place-like image the narrative mentions.
    const firstToken = new Map<string, number>();
    for (const h of allHits)
      if (h.source === 'narrative' && !firstToken.has(h.symbol.name)) firstToken.set(h.symbol.name, h.token);
    const settingSymbol = symbols
      .filter((s) => SETTING_CATEGORIES.has(s.category) && firstToken.has(s.name))
      .sort((a, b) => (firstToken.get(a.name) ?? 0) - (firstToken.get(b.name) ?? 0))[0];
    const detected = new Set(symbols.map((s) => s.name));
    const analysis: DreamAnalysis = {
      symbols,
      motifs,
      tone,
      lucid,
      setting: settingSymbol?.mention ?? null,
      negated: [...new Set(negatedMentions.map((n) => n.symbol))].filter((n) => !detected.has(n)),
      keyPhrases: keyPhrases(narrative),
      sentenceCount: narrative.sentences.length,
      wordCount: narrative.tokens.filter((t) => t.isWord).length,
    };
    return { analysis, narrative, title, hits: allHits };
  }
}
