// The five ambient loops decoded by Chromium's own MP3 decoder (as the player hears them): at least
// 60 s long, seamless where the loop wraps, and normalised to the same level.
import { AMBIENT_AUDIO, AMBIENT_TRACKS } from '../common/ambient-tracks';
import { expect, test } from './fixtures';

interface Decoded {
  duration: number;
  seamJumpDb: number;
  seamStep: number;
  typicalStep: number;
  rmsDb: number;
}

for (const track of AMBIENT_TRACKS) {
  test(`${track.title} (${track.file}) decodes to a seamless, normalised loop of at least a minute`, async ({
    page,
  }) => {
    await page.goto('/landing');
    const result = await page.evaluate(
      async ({ url, windowMs }): Promise<Decoded> => {
        const bytes = await (await fetch(url)).arrayBuffer();
        const context = new OfflineAudioContext(1, 1, 44_100);
        const buffer = await context.decodeAudioData(bytes);
        const x = buffer.getChannelData(0);
        const w = Math.round((buffer.sampleRate * windowMs) / 1000);
        const rms = (from: number, to: number) => {
          let sum = 0;
          for (let i = from; i < to; i += 1) sum += (x[i] ?? 0) ** 2;
          return Math.sqrt(sum / (to - from));
        };
        // Sample-to-sample steps across the file, to judge the step across the seam against.
        const steps: number[] = [];
        for (let i = 1; i < x.length; i += 97) steps.push(Math.abs((x[i] ?? 0) - (x[i - 1] ?? 0)));
        steps.sort((a, b) => a - b);
        return {
          duration: buffer.duration,
          seamJumpDb: 20 * Math.log10(rms(0, w) / rms(x.length - w, x.length)),
          seamStep: Math.abs((x[0] ?? 0) - (x[x.length - 1] ?? 0)),
          typicalStep: steps[Math.floor(steps.length * 0.999)] ?? 0,
          rmsDb: 20 * Math.log10(rms(0, x.length)),
        };
      },
      { url: `${AMBIENT_AUDIO.basePath}/${track.file}`, windowMs: AMBIENT_AUDIO.seamWindowMs },
    );
    expect(result.duration).toBeGreaterThanOrEqual(AMBIENT_AUDIO.minSeconds);
    // The last and first 50 ms join without a level jump, and without a click between the two samples.
    expect(Math.abs(result.seamJumpDb)).toBeLessThan(AMBIENT_AUDIO.seamMaxJumpDb);
    expect(result.seamStep).toBeLessThanOrEqual(result.typicalStep);
    expect(Math.abs(result.rmsDb - AMBIENT_AUDIO.targetRmsDb)).toBeLessThan(1);
  });
}
