import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { AMBIENT_AUDIO, AMBIENT_TRACKS } from '../../common/ambient-tracks';
import { buildInfoFrame, crc16, ENCODER_DELAY, readFrameHeader, summariseMp3 } from './mp3-frames';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const read = (file: string) => new Uint8Array(readFileSync(path.join(root, 'app/public/audio', file)));

describe('the committed ambient loops', () => {
  it.each(AMBIENT_TRACKS.map((t) => [t.file, t.title]))(
    '%s (%s) is a valid MP3 of at least a minute, under 1 MB',
    (file) => {
      const bytes = read(file);
      expect(bytes.length).toBeLessThan(AMBIENT_AUDIO.maxBytes);
      const summary = summariseMp3(bytes);
      // Every byte belongs to a frame: nothing after the last frame, no broken frame in between.
      expect(summary.strayBytes).toBe(0);
      expect(summary.frames).toBeGreaterThan(2000);
      expect(summary.sampleRate).toBe(44_100);
      expect(summary.durationSeconds).toBeGreaterThanOrEqual(AMBIENT_AUDIO.minSeconds);
      // The LAME Info frame that makes the loop gapless: its counts match the file and its checksum holds.
      expect(summary.info).not.toBeNull();
      expect(summary.info?.frames).toBe(summary.frames);
      expect(summary.info?.bytes).toBe(bytes.length);
      expect(summary.info?.crcValid).toBe(true);
      expect(summary.info?.encoderDelay).toBeGreaterThanOrEqual(ENCODER_DELAY);
    },
  );
});

describe('mp3-frames', () => {
  it('reads an MPEG-1 Layer III header and refuses other bytes', () => {
    // 0xFFFB: MPEG-1 Layer III without CRC; 0x70: 96 kbps at 44.1 kHz; 0xC4: mono.
    expect(readFrameHeader(Uint8Array.from([0xff, 0xfb, 0x70, 0xc4]), 0)).toEqual({
      bitrateKbps: 96,
      sampleRate: 44_100,
      padding: false,
      mono: true,
      length: 313,
    });
    expect(readFrameHeader(Uint8Array.from([0xff, 0xfb, 0x72, 0xc4]), 0)?.length).toBe(314);
    expect(readFrameHeader(Uint8Array.from([0x49, 0x44, 0x33, 0x04]), 0)).toBeNull();
    // Layer II, and the invalid bitrate index 15.
    expect(readFrameHeader(Uint8Array.from([0xff, 0xfd, 0x70, 0xc4]), 0)).toBeNull();
    expect(readFrameHeader(Uint8Array.from([0xff, 0xfb, 0xf0, 0xc4]), 0)).toBeNull();
  });

  it('computes LAME’s CRC-16 (the ARC variant)', () => {
    expect(crc16(new TextEncoder().encode('123456789'))).toBe(0xbb3d);
  });

  it('finds a cut-short file', () => {
    const bytes = read('ambient1.mp3');
    expect(() => summariseMp3(bytes.subarray(0, bytes.length - 100))).toThrow(/cut short/);
  });

  it('writes an Info frame that reads back with its delay and padding', () => {
    const audio = read('ambient1.mp3');
    const first = summariseMp3(audio);
    const firstAudio = audio.subarray(readFrameHeader(audio, 0)?.length ?? 0);
    const samples = first.frames * 1152 - 2000;
    const frame = buildInfoFrame({ audio: firstAudio, sampleCount: samples, sampleRate: 44_100, bitrateKbps: 96 });
    const again = summariseMp3(new Uint8Array([...frame, ...firstAudio]));
    expect(again.info).toMatchObject({ encoderDelay: ENCODER_DELAY, padding: 2000 - ENCODER_DELAY, crcValid: true });
    expect(again.samples).toBe(samples);
  });
});
