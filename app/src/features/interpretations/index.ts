// What other features may use of interpretations (the lint boundary, docs/decisions/0007).
export { useDreamSaved } from './hooks';
export { InterpretationSlot } from './interpretation-slot';
export { HighlightedNarrative } from './evidence';
