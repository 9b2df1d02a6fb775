/**
 * Who may do what in the guided library (docs/decisions/0007). The library is shared reference
 * data: every signed-in user reads all of it, premium items included (the spec shows a Premium label
 * and no gating). A personalised script is made for the requesting user alone, and the only
 * journal it may draw dream signs from is that user's own.
 */
export interface Actor {
  id: number;
}

export type GuidedAction = 'read-library' | 'personalise';

export function mayUseGuidedLibrary(actor: Actor | null, _action: GuidedAction): actor is Actor {
  return actor !== null && Number.isInteger(actor.id) && actor.id > 0;
}

/** Whose dream signs a personalised script may use: the requesting user's, never another's. */
export function dreamSignsOwner(actor: Actor): number {
  return actor.id;
}
