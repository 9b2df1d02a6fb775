import { describe, expect, it } from 'vitest';
import { GUIDED_DIFFICULTIES, GUIDED_TYPES } from '@common/guided';
import { composePersonalized, scriptSeconds, spokenWords } from './compose';
import { loadBlocks } from './library';

const blocks = loadBlocks();
const DURATIONS = [5, 10, 15, 20, 25, 30];

describe('composePersonalized with the shipped blocks', () => {
  for (const contentType of GUIDED_TYPES) {
    for (const difficulty of GUIDED_DIFFICULTIES) {
      it(`${contentType}, ${difficulty}: sized to every duration, personal parts woven in`, () => {
        let words = 0;
        for (const duration of DURATIONS) {
          const script = composePersonalized(blocks, {
            contentType,
            difficulty,
            duration,
            focusArea: 'Walking through a lighthouse',
            preferences: 'gentle imagery, no counting',
            signs: ['Water', 'Old house'],
          });
          const minutes = scriptSeconds(script.content) / 60;
          expect(minutes, `${duration} min`).toBeGreaterThan(duration * 0.9);
          expect(minutes, `${duration} min`).toBeLessThan(duration * 1.12 + 0.5);
          expect(spokenWords(script.content), `${duration} min`).toBeGreaterThan(words);
          words = spokenWords(script.content);
          expect(script.content).toContain('walking through a lighthouse');
          expect(script.content).toContain('gentle imagery, no counting');
          expect(script.content.toLowerCase()).toContain('old house');
          expect(script.content).not.toMatch(/\{(focus|preferences|sign)\}/);
          // No block twice.
          expect(new Set(script.blockIds).size).toBe(script.blockIds.length);
        }
      });
    }
  }

  it('leaves out blocks that need preferences or dream signs when there are none', () => {
    const script = composePersonalized(blocks, {
      contentType: 'technique',
      difficulty: 'beginner',
      duration: 30,
      focusArea: 'flying',
      preferences: '',
      signs: [],
    });
    expect(script.blockIds.some((id) => id.endsWith('-pref') || id.includes('-sign'))).toBe(false);
  });

  it('keeps user text from adding rests or placeholders of its own', () => {
    const script = composePersonalized(blocks, {
      contentType: 'meditation',
      difficulty: 'beginner',
      duration: 5,
      focusArea: 'a door [pause 45m] {sign}',
      preferences: '',
      signs: [],
    });
    expect(script.content).not.toContain('[pause 45m]');
    expect(scriptSeconds(script.content) / 60).toBeLessThan(7);
  });
});
