import type { ComposeContext } from '../context';
import { connections } from './connections';
import { emotions } from './emotions';
import { everyday } from './everyday';
import { lucidity } from './lucidity';
import { nightmare } from './nightmare';
import { overview } from './overview';
import { personal } from './personal';
import { question } from './question';
import { relations } from './relations';
import { story } from './story';
import { symbols } from './symbols';
import { visit } from './visit';

/**
 * The paragraphs a reading can be built from. A shape or angle (compose.ts) lists kinds in order;
 * a new kind is one writer here and its place in those lists.
 */
export type ParagraphKind =
  | 'overview'
  | 'symbols'
  | 'feeling'
  | 'connections'
  | 'lucidity'
  | 'question'
  | 'story'
  | 'people'
  | 'nightmare'
  | 'visit'
  | 'everyday'
  | 'personal';

/** Writes one paragraph of a reading, or null when it has nothing to say for this dream. */
export type ParagraphWriter = (ctx: ComposeContext) => string | null;

export const PARAGRAPHS: ReadonlyMap<ParagraphKind, ParagraphWriter> = new Map<ParagraphKind, ParagraphWriter>([
  ['overview', overview],
  ['symbols', symbols],
  ['feeling', emotions],
  ['connections', connections],
  ['lucidity', lucidity],
  ['question', question],
  ['story', story],
  ['people', relations],
  ['nightmare', nightmare],
  ['visit', visit],
  ['everyday', everyday],
  ['personal', personal],
]);
