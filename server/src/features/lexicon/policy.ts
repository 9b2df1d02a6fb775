import type { Actor } from '../dreams/policy';

/**
 * Who may see a personal lexicon (docs/decisions/0007): its owner, and no one else — not an admin,
 * not a reader of a shared dream. Private meanings and what was learned from someone's dreams never
 * reach another user's page or reading. The service takes a LexiconOwner, which only this file
 * makes, so every read and write of a lexicon passes through these rules.
 */
export interface LexiconOwner {
  readonly userId: number;
  readonly [ownerBrand]: true;
}
declare const ownerBrand: unique symbol;

const owner = (userId: number) => ({ userId }) as LexiconOwner;

export function mayUseLexicon(actor: Actor, ownerId: number): boolean {
  return actor.id === ownerId;
}

/** The signed-in user's own lexicon: the only one the lexicon endpoints ever read or change. */
export function ownLexicon(actor: Actor): LexiconOwner {
  return owner(actor.id);
}

/**
 * The lexicon a reading of this dream may draw on: the dream owner's, and only when the one asking
 * for the reading is that owner; otherwise none.
 */
export function lexiconForReading(actor: Actor, dream: { userId: number }): LexiconOwner | null {
  return mayUseLexicon(actor, dream.userId) ? owner(dream.userId) : null;
}
