/**
 * The guided library's sets and the pause markers of its practice texts, free of zod so the library
 * page loads without it (the request and answer schemas are in schemas/guided.ts).
 */
export const GUIDED_TYPES = ['meditation', 'technique', 'exercise'] as const;
export type GuidedType = (typeof GUIDED_TYPES)[number];

export const GUIDED_DIFFICULTIES = ['beginner', 'intermediate', 'advanced'] as const;
export type GuidedDifficulty = (typeof GUIDED_DIFFICULTIES)[number];

/** `[pause 30s]` or `[pause 2m]` in a practice text: the listener rests this long. */
export const PAUSE_MARKER = /\[pause\s+(\d+(?:\.\d+)?)\s*(s|m)\]/gi;

/** The seconds a pause marker's amount and unit stand for. */
export function pauseSeconds(amount: string, unit: string): number {
  return Number(amount) * (unit.toLowerCase() === 'm' ? 60 : 1);
}

/** The text of a pause marker for a number of seconds: whole minutes as `m`, the rest as `s`. */
export function pauseMarker(seconds: number): string {
  return seconds % 60 === 0 ? `[pause ${seconds / 60}m]` : `[pause ${seconds}s]`;
}
