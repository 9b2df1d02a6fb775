/**
 * Makes the five ambient loops of the guided library from nothing but filtered noise, envelopes and
 * a few sine partials, and encodes them to MP3 with @breezystack/lamejs. The results are committed
 * (app/public/audio/*.mp3), so installing the app needs no audio tools; run this only to change them:
 *
 *   npx tsx scripts/make-ambient-audio.ts
 *
 * Each loop is exactly LOOP_SECONDS long and seamless: every slow envelope is periodic in the loop
 * length, tones have a whole number of cycles in it, one-off events wrap around it, and the noise bed
 * is made a little longer and cross-faded into its own start. The encoder is primed with the loop's
 * tail and followed by its head, and a LAME Info frame tells the decoder to drop that lead-in and
 * the padding, so the MP3 decodes to exactly the loop. Every loop is normalised to the same RMS level.
 * Also writes app/src/features/guided/audio-versions.json: a content hash per file for cache busting.
 */
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Mp3Encoder } from '@breezystack/lamejs';
import { AMBIENT_AUDIO, AMBIENT_TRACKS, type AmbientFile } from '../common/ambient-tracks';
import { Rng } from '../server/src/engine/compose/rng';
import { buildInfoFrame, ENCODER_DELAY, SAMPLES_PER_FRAME, summariseMp3 } from './ambient-audio/mp3-frames';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const OUT_DIR = path.join(root, 'app/public/audio');
const VERSIONS_FILE = path.join(root, 'app/src/features/guided/audio-versions.json');

const SR = 44_100;
const LOOP_SECONDS = 64;
const N = SR * LOOP_SECONDS;
const FADE = SR * 3;
const BITRATE = 96;
/** Samples of the loop's tail encoded before it (dropped by the decoder, but they prime the encoder). */
const LEAD_IN = SAMPLES_PER_FRAME;
const TWO_PI = Math.PI * 2;

/** The same loops every run: the engine's seeded generator. */
function rng(seed: number): () => number {
  const generator = new Rng(seed);
  return () => generator.next();
}

/** White, pink (Paul Kellet's filter) and brown noise from one generator. */
class Noise {
  private readonly random: () => number;
  private b0 = 0;
  private b1 = 0;
  private b2 = 0;
  private brownState = 0;
  constructor(seed: number) {
    this.random = rng(seed);
  }
  white(): number {
    return this.random() * 2 - 1;
  }
  pink(): number {
    const w = this.white();
    this.b0 = 0.99765 * this.b0 + w * 0.099046;
    this.b1 = 0.963 * this.b1 + w * 0.2965164;
    this.b2 = 0.57 * this.b2 + w * 1.0526913;
    return (this.b0 + this.b1 + this.b2 + w * 0.1848) * 0.2;
  }
  brown(): number {
    this.brownState = (this.brownState + 0.02 * this.white()) / 1.02;
    return this.brownState * 3.5;
  }
}

/** An RBJ biquad whose cutoff may move; coefficients are recomputed when it does. */
class Biquad {
  private x1 = 0;
  private x2 = 0;
  private y1 = 0;
  private y2 = 0;
  private b0 = 1;
  private b1 = 0;
  private b2 = 0;
  private a1 = 0;
  private a2 = 0;
  private last = -1;
  constructor(
    private readonly kind: 'lowpass' | 'highpass' | 'bandpass',
    private readonly q = Math.SQRT1_2,
  ) {}
  private tune(freq: number) {
    if (Math.abs(freq - this.last) < 0.5) return;
    this.last = freq;
    const w = (TWO_PI * Math.min(freq, SR * 0.45)) / SR;
    const cos = Math.cos(w);
    const alpha = Math.sin(w) / (2 * this.q);
    const a0 = 1 + alpha;
    let b0: number;
    let b1: number;
    let b2: number;
    if (this.kind === 'lowpass') {
      b0 = (1 - cos) / 2;
      b1 = 1 - cos;
      b2 = b0;
    } else if (this.kind === 'highpass') {
      b0 = (1 + cos) / 2;
      b1 = -(1 + cos);
      b2 = b0;
    } else {
      b0 = alpha;
      b1 = 0;
      b2 = -alpha;
    }
    this.b0 = b0 / a0;
    this.b1 = b1 / a0;
    this.b2 = b2 / a0;
    this.a1 = (-2 * cos) / a0;
    this.a2 = (1 - alpha) / a0;
  }
  run(x: number, freq: number): number {
    this.tune(freq);
    const y = this.b0 * x + this.b1 * this.x1 + this.b2 * this.x2 - this.a1 * this.y1 - this.a2 * this.y2;
    this.x2 = this.x1;
    this.x1 = x;
    this.y2 = this.y1;
    this.y1 = y;
    return y;
  }
}

/** Position inside the loop, 0 ≤ p < 1, for a sample index that may run past the loop's end. */
const phase = (i: number) => (i % N) / N;

/** A periodic wave envelope: each wave swells, breaks and drains, with the given lengths summing to the loop. */
function waveEnvelope(lengths: number[], floor: number): (i: number) => number {
  const total = lengths.reduce((a, b) => a + b, 0);
  if (Math.abs(total - LOOP_SECONDS) > 1e-9) throw new Error(`wave lengths sum to ${total}, not ${LOOP_SECONDS}`);
  const starts = lengths.map((_, k) => lengths.slice(0, k).reduce((a, b) => a + b, 0));
  return (i) => {
    const t = phase(i) * LOOP_SECONDS;
    let k = starts.length - 1;
    while (k > 0 && (starts[k] ?? 0) > t) k -= 1;
    const len = lengths[k] ?? 1;
    const u = (t - (starts[k] ?? 0)) / len;
    // Swell over the first 45 %, a soft break, then a long drain; zero slope at both ends.
    const shape =
      u < 0.45 ? Math.sin((u / 0.45) * (Math.PI / 2)) ** 2 : Math.cos(((u - 0.45) / 0.55) * (Math.PI / 2)) ** 3;
    return floor + (1 - floor) * shape;
  };
}

/** A slow periodic drift in [-1, 1] made of partials with whole numbers of cycles per loop. */
function drift(cycles: number[], seed: number): (i: number) => number {
  const random = rng(seed);
  const offsets = cycles.map(() => random() * TWO_PI);
  return (i) =>
    cycles.reduce((sum, c, k) => sum + Math.sin(TWO_PI * c * phase(i) + (offsets[k] ?? 0)), 0) / cycles.length;
}

interface Layers {
  /** Noise bed, N + FADE samples long: cross-faded into its own start. */
  bed: Float64Array;
  /** Exactly periodic parts (tones, wrapped events), N samples long. */
  periodic: Float64Array;
}

function layers(): Layers {
  return { bed: new Float64Array(N + FADE), periodic: new Float64Array(N) };
}

/** Adds a short event into the periodic layer, wrapping around the loop's end. */
function addEvent(periodic: Float64Array, start: number, samples: Float64Array) {
  for (let k = 0; k < samples.length; k += 1) {
    const at = (start + k) % N;
    periodic[at] = (periodic[at] ?? 0) + (samples[k] ?? 0);
  }
}

function ocean(seed: number, lengths: number[], options: { bright: number; foam: number; floor: number }): Layers {
  const out = layers();
  const noise = new Noise(seed);
  const foamNoise = new Noise(seed + 1);
  const body = new Biquad('lowpass', 0.6);
  const foamHigh = new Biquad('highpass');
  const foamLow = new Biquad('lowpass');
  const envelope = waveEnvelope(lengths, options.floor);
  const wander = drift([3, 5], seed);
  for (let i = 0; i < out.bed.length; i += 1) {
    const e = envelope(i);
    const cutoff = 180 + options.bright * e * e * (1 + 0.15 * wander(i));
    const low = body.run(noise.brown(), cutoff) * (0.3 + 0.7 * e);
    const hiss = foamLow.run(foamHigh.run(foamNoise.pink(), 1800), 7000) * options.foam * e ** 4;
    out.bed[i] = low + hiss;
  }
  return out;
}

function river(seed: number): Layers {
  const out = layers();
  const noise = new Noise(seed);
  const band = new Biquad('bandpass', 0.8);
  const low = new Biquad('lowpass');
  const slow = drift([2, 3, 7], seed);
  const fast = drift([41, 67, 97], seed + 2);
  for (let i = 0; i < out.bed.length; i += 1) {
    const centre = 520 + 160 * slow(i) + 60 * fast(i);
    out.bed[i] = band.run(noise.pink(), centre) * 1.4 + low.run(noise.brown(), 260) * 0.6;
  }
  // A soft open fifth on A, each partial with a whole number of cycles per loop, breathing slowly.
  const partials = [
    { hz: 110, gain: 0.05 },
    { hz: 10548 / LOOP_SECONDS, gain: 0.035 },
    { hz: 220, gain: 0.025 },
  ];
  const breath = drift([4], seed + 3);
  for (let i = 0; i < N; i += 1) {
    const t = i / SR;
    const swell = 0.6 + 0.4 * breath(i);
    out.periodic[i] = partials.reduce((sum, p) => sum + p.gain * Math.sin(TWO_PI * p.hz * t), 0) * swell;
  }
  return out;
}

function stream(seed: number): Layers {
  const out = layers();
  const noise = new Noise(seed);
  const flutterNoise = new Noise(seed + 5);
  const band = new Biquad('bandpass', 0.7);
  const flutter = new Biquad('lowpass');
  const slow = drift([4, 9], seed);
  for (let i = 0; i < out.bed.length; i += 1) {
    const f = 1 + 0.6 * flutter.run(flutterNoise.white(), 9) * 4;
    out.bed[i] = band.run(noise.pink(), 1500 + 500 * slow(i)) * Math.max(0.2, f);
  }
  // Bubbles: short rising sine chirps with a quick decay, about six a second.
  const random = rng(seed + 9);
  const count = LOOP_SECONDS * 6;
  for (let b = 0; b < count; b += 1) {
    const start = Math.floor(random() * N);
    const f0 = 500 + random() * 1300;
    const length = Math.floor(SR * (0.03 + random() * 0.05));
    const gain = 0.04 + random() * 0.08;
    const samples = new Float64Array(length);
    let ph = 0;
    for (let k = 0; k < length; k += 1) {
      const u = k / length;
      ph += (TWO_PI * f0 * (1 + 0.7 * u)) / SR;
      const attack = Math.min(1, k / (SR * 0.002));
      samples[k] = Math.sin(ph) * gain * attack * Math.exp(-5 * u) * (1 - u);
    }
    addEvent(out.periodic, start, samples);
  }
  return out;
}

function rain(seed: number): Layers {
  const out = layers();
  const noise = new Noise(seed);
  const hissHigh = new Biquad('highpass');
  const hissLow = new Biquad('lowpass');
  const rumble = new Biquad('lowpass');
  const swell = drift([2, 5], seed);
  for (let i = 0; i < out.bed.length; i += 1) {
    const level = 0.8 + 0.2 * swell(i);
    out.bed[i] = hissLow.run(hissHigh.run(noise.pink(), 700), 6500) * level + rumble.run(noise.brown(), 160) * 0.5;
  }
  // Droplets: short band-passed noise ticks, about forty a second, some near and bright, most far.
  const random = rng(seed + 11);
  const dropNoise = new Noise(seed + 12);
  const count = LOOP_SECONDS * 40;
  for (let d = 0; d < count; d += 1) {
    const start = Math.floor(random() * N);
    const length = Math.floor(SR * (0.004 + random() * 0.01));
    const near = random() < 0.15;
    const gain = near ? 0.12 + random() * 0.1 : 0.02 + random() * 0.04;
    const filter = new Biquad('bandpass', 2.5);
    const centre = 2000 + random() * 4000;
    const samples = new Float64Array(length);
    for (let k = 0; k < length; k += 1) {
      const u = k / length;
      samples[k] = filter.run(dropNoise.white(), centre) * gain * Math.exp(-6 * u) * Math.min(1, k / 20);
    }
    addEvent(out.periodic, start, samples);
  }
  return out;
}

/** The loop: the bed cross-faded into its own start (equal power: the two ends are unrelated noise), plus the periodic parts. */
function mixLoop({ bed, periodic }: Layers): Float64Array {
  const loop = new Float64Array(N);
  for (let i = 0; i < N; i += 1) {
    let value = bed[i] ?? 0;
    if (i < FADE) {
      const u = i / FADE;
      value = value * Math.sin((u * Math.PI) / 2) + (bed[N + i] ?? 0) * Math.cos((u * Math.PI) / 2);
    }
    loop[i] = value + (periodic[i] ?? 0);
  }
  return loop;
}

function rms(samples: Float64Array, from = 0, to = samples.length): number {
  let sum = 0;
  for (let i = from; i < to; i += 1) sum += (samples[i] ?? 0) ** 2;
  return Math.sqrt(sum / Math.max(1, to - from));
}

/** Scales to the target RMS, with a soft knee above 0.7 so no peak reaches full scale. */
function normalise(loop: Float64Array): Float64Array {
  const target = 10 ** (AMBIENT_AUDIO.targetRmsDb / 20);
  const knee = 0.7;
  const limit = (x: number) => {
    const a = Math.abs(x);
    return a <= knee ? x : Math.sign(x) * (knee + 0.25 * Math.tanh((a - knee) / 0.25));
  };
  let out = loop;
  for (let pass = 0; pass < 3; pass += 1) {
    const gain = target / rms(out);
    out = out.map((x) => limit(x * gain));
  }
  return out;
}

function toInt16(samples: Float64Array): Int16Array {
  return Int16Array.from(samples, (x) => Math.max(-32768, Math.min(32767, Math.round(x * 32767))));
}

/** MP3 of the loop, primed with its tail and followed by its head, with a LAME Info frame for gapless decoding. */
function encode(loop: Float64Array): Uint8Array {
  const pcm = toInt16(loop);
  const tailStart = N - LEAD_IN;
  // Enough of the head after the loop to fill the last frame and the encoder's look-ahead.
  const framesNeeded = Math.ceil((ENCODER_DELAY + LEAD_IN + N) / SAMPLES_PER_FRAME) + 1;
  const after = framesNeeded * SAMPLES_PER_FRAME - (LEAD_IN + N);
  const feed = new Int16Array(LEAD_IN + N + after);
  feed.set(pcm.subarray(tailStart), 0);
  feed.set(pcm, LEAD_IN);
  for (let k = 0; k < after; k += 1) feed[LEAD_IN + N + k] = pcm[k % N] ?? 0;
  const encoder = new Mp3Encoder(1, SR, BITRATE);
  const chunks: Uint8Array[] = [];
  for (let i = 0; i < feed.length; i += SAMPLES_PER_FRAME * 64) {
    chunks.push(encoder.encodeBuffer(feed.subarray(i, i + SAMPLES_PER_FRAME * 64)));
  }
  chunks.push(encoder.flush());
  const audio = Buffer.concat(chunks.map((c) => Buffer.from(c.buffer, c.byteOffset, c.byteLength)));
  const info = buildInfoFrame({
    audio,
    sampleCount: N,
    sampleRate: SR,
    bitrateKbps: BITRATE,
    encoderDelay: ENCODER_DELAY + LEAD_IN,
  });
  return Buffer.concat([info, audio]);
}

const MAKERS: Record<AmbientFile, () => Layers> = {
  'ambient1.mp3': () => ocean(101, [7.5, 9, 8, 6.5, 9.5, 8, 7, 8.5], { bright: 1600, foam: 0.5, floor: 0.22 }),
  'ambient2.mp3': () => ocean(202, [11, 13, 10, 14, 16], { bright: 700, foam: 0.18, floor: 0.35 }),
  'meditation.mp3': () => river(303),
  'ambient3.mp3': () => stream(404),
  'relaxing.mp3': () => rain(505),
};

const versions: Record<string, string> = {};
const windowSamples = Math.round((SR * AMBIENT_AUDIO.seamWindowMs) / 1000);
for (const track of AMBIENT_TRACKS) {
  const loop = normalise(mixLoop(MAKERS[track.file]()));
  const seamDb = 20 * Math.log10(rms(loop, N - windowSamples, N) / rms(loop, 0, windowSamples));
  const mp3 = encode(loop);
  const summary = summariseMp3(mp3);
  writeFileSync(path.join(OUT_DIR, track.file), mp3);
  versions[track.file] = createHash('sha256').update(mp3).digest('hex').slice(0, 10);
  console.log(
    `${track.file} (${track.title}): ${summary.durationSeconds.toFixed(2)} s, ${(mp3.length / 1024).toFixed(0)} KB, ` +
      `RMS ${(20 * Math.log10(rms(loop))).toFixed(1)} dBFS, seam ${seamDb.toFixed(2)} dB`,
  );
}
writeFileSync(VERSIONS_FILE, `${JSON.stringify(versions, null, 2)}\n`);
