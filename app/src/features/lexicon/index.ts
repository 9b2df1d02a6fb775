// What other features may use of the personal lexicon (the lint boundary, docs/decisions/0007).
export { DreamSymbolMeanings } from './components/dream-symbol-meanings';
export { PersonalMeaningEditor } from './components/personal-meaning-editor';
