// What other features may use of the community (the lint boundary, docs/decisions/0007).
export { DreamShareButton } from './components/dream-share-button';
