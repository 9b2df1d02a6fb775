/**
 * Reading and writing the parts of an MPEG-1 Layer III file that the ambient loops need: the frame
 * headers (to walk a file and measure it) and the LAME "Info" frame that tells a decoder how many
 * priming and padding samples to drop, so a loop joins without the encoder's silence at the seam.
 */

/** MPEG-1 Layer III bitrates in kbps by header index (0 = free format, 15 = invalid). */
const BITRATES = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320, -1] as const;
const SAMPLE_RATES = [44100, 48000, 32000, -1] as const;
export const SAMPLES_PER_FRAME = 1152;
/** LAME's encoder delay (ENCDELAY); decoders add 528 + 1 of their own. */
export const ENCODER_DELAY = 576;
export const DECODER_DELAY = 529;

export interface FrameHeader {
  bitrateKbps: number;
  sampleRate: number;
  padding: boolean;
  mono: boolean;
  /** Bytes in the frame, header included. */
  length: number;
}

/** The MPEG-1 Layer III frame header at `offset`, or null when there is none. */
export function readFrameHeader(bytes: Uint8Array, offset: number): FrameHeader | null {
  if (offset + 4 > bytes.length) return null;
  const b1 = bytes[offset + 1] ?? 0;
  const b2 = bytes[offset + 2] ?? 0;
  const b3 = bytes[offset + 3] ?? 0;
  if (bytes[offset] !== 0xff || (b1 & 0xe0) !== 0xe0) return null;
  // MPEG version 1 (bits 11) and Layer III (bits 01).
  if (((b1 >> 3) & 0x03) !== 0x03 || ((b1 >> 1) & 0x03) !== 0x01) return null;
  const bitrateKbps = BITRATES[(b2 >> 4) & 0x0f] ?? -1;
  const sampleRate = SAMPLE_RATES[(b2 >> 2) & 0x03] ?? -1;
  if (bitrateKbps <= 0 || sampleRate <= 0) return null;
  const padding = ((b2 >> 1) & 0x01) === 1;
  const mono = ((b3 >> 6) & 0x03) === 0x03;
  const length = Math.floor((144 * bitrateKbps * 1000) / sampleRate) + (padding ? 1 : 0);
  return { bitrateKbps, sampleRate, padding, mono, length };
}

export interface LameInfo {
  frames: number;
  bytes: number;
  encoderDelay: number;
  padding: number;
  /** Whether the tag's own CRC matches the bytes before it. */
  crcValid: boolean;
}

export interface Mp3Summary {
  /** Audio frames, the Info frame excluded. */
  frames: number;
  sampleRate: number;
  bitrateKbps: number;
  mono: boolean;
  /** Bytes that are not part of a frame (junk or tags); 0 for our files. */
  strayBytes: number;
  info: LameInfo | null;
  /** Playable samples once the decoder drops priming and padding (all decoded samples without an Info tag). */
  samples: number;
  durationSeconds: number;
}

/** CRC-16 (polynomial 0x8005, reflected, initial 0) as LAME computes its tag's checksums. */
export function crc16(bytes: Uint8Array, start = 0, end = bytes.length, initial = 0): number {
  let crc = initial;
  for (let i = start; i < end; i += 1) {
    crc ^= bytes[i] ?? 0;
    for (let bit = 0; bit < 8; bit += 1) crc = crc & 1 ? (crc >>> 1) ^ 0xa001 : crc >>> 1;
  }
  return crc & 0xffff;
}

/** Where "Info"/"Xing" sits in an MPEG-1 frame: after the header and the side information. */
function infoOffset(mono: boolean): number {
  return 4 + (mono ? 17 : 32);
}

function readUint32(bytes: Uint8Array, at: number): number {
  return (
    (((bytes[at] ?? 0) << 24) | ((bytes[at + 1] ?? 0) << 16) | ((bytes[at + 2] ?? 0) << 8) | (bytes[at + 3] ?? 0)) >>> 0
  );
}

function readInfo(bytes: Uint8Array, offset: number, header: FrameHeader): LameInfo | null {
  const at = offset + infoOffset(header.mono);
  const tag = String.fromCharCode(...bytes.subarray(at, at + 4));
  if (tag !== 'Info' && tag !== 'Xing') return null;
  const flags = readUint32(bytes, at + 4);
  if ((flags & 0x03) !== 0x03) return null;
  const frames = readUint32(bytes, at + 8);
  const size = readUint32(bytes, at + 12);
  const lame = at + 8 + 4 + 4 + 100 + 4;
  const delays = ((bytes[lame + 21] ?? 0) << 16) | ((bytes[lame + 22] ?? 0) << 8) | (bytes[lame + 23] ?? 0);
  const storedCrc = ((bytes[lame + 34] ?? 0) << 8) | (bytes[lame + 35] ?? 0);
  return {
    frames,
    bytes: size,
    encoderDelay: delays >> 12,
    padding: delays & 0xfff,
    crcValid: crc16(bytes, offset, lame + 34) === storedCrc,
  };
}

/** Walks every frame of an MP3 file (after an optional ID3v2 tag). Throws when the stream is broken. */
export function summariseMp3(bytes: Uint8Array): Mp3Summary {
  let offset = 0;
  if (String.fromCharCode(...bytes.subarray(0, 3)) === 'ID3') {
    const size =
      (((bytes[6] ?? 0) & 0x7f) << 21) |
      (((bytes[7] ?? 0) & 0x7f) << 14) |
      (((bytes[8] ?? 0) & 0x7f) << 7) |
      ((bytes[9] ?? 0) & 0x7f);
    offset = 10 + size;
  }
  const first = readFrameHeader(bytes, offset);
  if (!first) throw new Error(`no MPEG-1 Layer III frame header at byte ${offset}`);
  const info = readInfo(bytes, offset, first);
  if (info) offset += first.length;
  let frames = 0;
  let strayBytes = 0;
  while (offset < bytes.length) {
    const header = readFrameHeader(bytes, offset);
    if (!header) {
      strayBytes = bytes.length - offset;
      break;
    }
    if (header.sampleRate !== first.sampleRate || header.mono !== first.mono)
      throw new Error(`frame ${frames} changes the stream's format`);
    if (offset + header.length > bytes.length) throw new Error(`frame ${frames} is cut short`);
    frames += 1;
    offset += header.length;
  }
  const decoded = frames * SAMPLES_PER_FRAME;
  const samples = info ? decoded - info.encoderDelay - info.padding : decoded;
  return {
    frames,
    sampleRate: first.sampleRate,
    bitrateKbps: first.bitrateKbps,
    mono: first.mono,
    strayBytes,
    info,
    samples,
    durationSeconds: samples / first.sampleRate,
  };
}

/**
 * A LAME "Info" frame (the tag of a constant-bitrate file) for the given audio frames, with the
 * encoder delay and the padding that decoders (FFmpeg, and so Chromium) drop for gapless playback.
 */
export function buildInfoFrame(options: {
  audio: Uint8Array;
  sampleCount: number;
  sampleRate: number;
  bitrateKbps: number;
  /** Samples the decoder drops at the start: LAME's own delay plus any lead-in the script encoded. */
  encoderDelay?: number;
}): Uint8Array {
  const { audio, sampleCount, sampleRate, bitrateKbps, encoderDelay = ENCODER_DELAY } = options;
  const first = readFrameHeader(audio, 0);
  if (!first || first.sampleRate !== sampleRate) throw new Error('the encoded audio does not start with a frame');
  let frames = 0;
  for (let at = 0; at < audio.length;) {
    const header = readFrameHeader(audio, at);
    if (!header) throw new Error(`the encoded audio has no frame at byte ${at}`);
    frames += 1;
    at += header.length;
  }
  const padding = frames * SAMPLES_PER_FRAME - encoderDelay - sampleCount;
  if (encoderDelay > 0xfff) throw new Error(`encoder delay ${encoderDelay} does not fit the tag`);
  if (padding < 0 || padding > 0xfff) throw new Error(`padding ${padding} does not fit the tag`);

  const length = Math.floor((144 * bitrateKbps * 1000) / sampleRate);
  const frame = new Uint8Array(length);
  // Same header as the audio, without padding or CRC.
  frame.set(audio.subarray(0, 4));
  frame[2] = (frame[2] ?? 0) & ~0x02;
  const view = new DataView(frame.buffer);
  let at = infoOffset(first.mono);
  frame.set(
    Array.from('Info', (c) => c.charCodeAt(0)),
    at,
  );
  view.setUint32(at + 4, 0x0f); // frames, bytes, TOC and quality present
  view.setUint32(at + 8, frames);
  view.setUint32(at + 12, length + audio.length);
  // A linear seek table: constant bitrate.
  for (let i = 0; i < 100; i += 1) frame[at + 16 + i] = Math.min(255, Math.round((i * 256) / 100));
  view.setUint32(at + 116, 50); // quality
  at += 120;
  const lame = at;
  frame.set(
    Array.from('LAME3.100', (c) => c.charCodeAt(0)),
    lame,
  );
  frame[lame + 9] = 0x01; // tag revision 0, method: constant bitrate
  frame[lame + 10] = Math.min(255, Math.round(sampleRate / 2 / 100)); // lowpass / 100 Hz
  frame[lame + 20] = Math.min(255, bitrateKbps);
  frame[lame + 21] = (encoderDelay >> 4) & 0xff;
  frame[lame + 22] = ((encoderDelay & 0x0f) << 4) | ((padding >> 8) & 0x0f);
  frame[lame + 23] = padding & 0xff;
  view.setUint32(lame + 28, length + audio.length); // music length
  view.setUint16(lame + 32, crc16(audio)); // music CRC
  view.setUint16(lame + 34, crc16(frame, 0, lame + 34)); // tag CRC over every byte before it
  return frame;
}
