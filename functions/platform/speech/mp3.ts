// What the pipeline needs to know of MP3 files, read from their frame headers (no decoder): how
// long one lasts, and one file made of several. MPEG-1, 2 and 2.5 Layer III; an ID3v2 tag at the
// start is skipped. Segments of one episode share their encoding (one voice provider, one sample
// rate), so their frames can follow each other in one file.

const BITRATES: Record<'v1' | 'v2', number[]> = {
  v1: [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320],
  v2: [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
};
const SAMPLE_RATES: Record<number, number[]> = { 3: [44100, 48000, 32000], 2: [22050, 24000, 16000], 0: [11025, 12000, 8000] };

interface Frame {
  length: number;
  samples: number;
  sampleRate: number;
}

function frameAt(bytes: Uint8Array, i: number): Frame | null {
  if (i + 4 > bytes.length || bytes[i] !== 0xff || (bytes[i + 1] & 0xe0) !== 0xe0) return null;
  const version = (bytes[i + 1] >> 3) & 0x03; // 3: MPEG-1, 2: MPEG-2, 0: MPEG-2.5
  const layer = (bytes[i + 1] >> 1) & 0x03; // 1: Layer III
  if (version === 1 || layer !== 1) return null;
  const bitrate = BITRATES[version === 3 ? 'v1' : 'v2'][(bytes[i + 2] >> 4) & 0x0f];
  const sampleRate = SAMPLE_RATES[version]?.[(bytes[i + 2] >> 2) & 0x03];
  if (!bitrate || !sampleRate) return null;
  const padding = (bytes[i + 2] >> 1) & 0x01;
  const samples = version === 3 ? 1152 : 576;
  return { length: Math.floor(((samples / 8) * bitrate * 1000) / sampleRate) + padding, samples, sampleRate };
}

/** Where the audio starts: after an ID3v2 tag, if there is one. */
function audioStart(bytes: Uint8Array): number {
  if (bytes.length >= 10 && bytes[0] === 0x49 && bytes[1] === 0x44 && bytes[2] === 0x33) {
    const size = ((bytes[6] & 0x7f) << 21) | ((bytes[7] & 0x7f) << 14) | ((bytes[8] & 0x7f) << 7) | (bytes[9] & 0x7f);
    return 10 + size;
  }
  return 0;
}

/** The duration in seconds of an MP3, from its frames; 0 for bytes that hold no MP3 frame. */
export function mp3Duration(bytes: Uint8Array): number {
  let i = audioStart(bytes);
  let seconds = 0;
  let frames = 0;
  while (i < bytes.length) {
    const frame = frameAt(bytes, i);
    if (!frame) {
      // Resynchronise on the next frame (a stray byte, a tag at the end).
      i++;
      continue;
    }
    seconds += frame.samples / frame.sampleRate;
    frames++;
    i += frame.length;
  }
  return frames > 0 ? seconds : 0;
}

/** One MP3 of several (same encoding): their frames one after the other, tags dropped. */
export function concatMp3(parts: readonly Uint8Array[]): Uint8Array {
  const bodies = parts.map((p) => p.subarray(audioStart(p)));
  const out = new Uint8Array(bodies.reduce((n, b) => n + b.length, 0));
  let at = 0;
  for (const b of bodies) {
    out.set(b, at);
    at += b.length;
  }
  return out;
}
