/**
 * The engine's code version. Bump it when a change to the engine's code changes what an analysis
 * holds; edits to the knowledge-base files need no bump, because their content is part of the
 * fingerprint that keys stored analyses (kb/loader.ts).
 */
export const ENGINE_VERSION = 'engine-3';
