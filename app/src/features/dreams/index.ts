// What other features may use of dreams (the lint boundary, docs/decisions/0007).
export { DreamCard, DreamCardSkeleton } from './components/dream-card';
export { NewDreamButton } from './components/new-dream-button';
export { TagInput } from './components/tag-input';
