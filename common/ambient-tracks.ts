/**
 * The five ambient tracks of the guided library (spec part 2 §3) and the file each plays: the
 * mapping decided in the spec's README. The files are made by scripts/make-ambient-audio.ts and
 * served at /audio/<file>.
 */
export const AMBIENT_TRACKS = [
  { id: 'ocean-waves', title: 'Ocean Waves', category: 'sleep', file: 'ambient1.mp3' },
  { id: 'river-meditation', title: 'River Meditation', category: 'meditation', file: 'meditation.mp3' },
  { id: 'ocean-waves-alt', title: 'Ocean Waves (Alt)', category: 'sleep', file: 'ambient2.mp3' },
  { id: 'flowing-stream', title: 'Flowing Stream', category: 'meditation', file: 'ambient3.mp3' },
  { id: 'gentle-rain', title: 'Gentle Rain', category: 'dream', file: 'relaxing.mp3' },
] as const;

export type AmbientTrackId = (typeof AMBIENT_TRACKS)[number]['id'];
export type AmbientFile = (typeof AMBIENT_TRACKS)[number]['file'];

/** What every loop must be (checked by scripts/ambient-audio/ambient-audio.test.ts and e2e/ambient-audio.spec.ts). */
export const AMBIENT_AUDIO = {
  /** The public path the server serves the files under. */
  basePath: '/audio',
  minSeconds: 60,
  maxBytes: 1024 * 1024,
  /** RMS level every loop is normalised to, in dBFS. */
  targetRmsDb: -20,
  /** The window compared on each side of the loop point. */
  seamWindowMs: 50,
  /** Largest level difference allowed between the two windows, in dB. */
  seamMaxJumpDb: 3,
} as const;
