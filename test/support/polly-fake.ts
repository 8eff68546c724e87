// A stand-in for Amazon Polly's SynthesizeSpeech, on a free loopback port, speaking its wire
// format over HTTP/2 in clear text (the Polly client sends every operation over HTTP/2), REST-JSON: `POST /v1/speech` with the request's fields in a JSON body, answered with the
// audio as the body, its content type and `x-amzn-RequestCharacters`, or an AWS JSON error), so
// that the real Polly client serializes, signs and parses. It checks what Polly itself refuses: an
// unknown engine, a voice the engine does not have among the ones the app uses, more than 3,000
// billed characters (the text without its SSML tags) or 6,000 in all. The audio is silent MP3
// (MPEG-2 Layer III, 24 kHz, 48 kbit/s mono) lasting as long as the text takes at about 15
// characters a second, so that the pipeline measures plausible lengths. Every request is recorded
// with its billed characters, which is what Polly charges for.
import { createServer, type Http2Session } from 'node:http2';
import type { AddressInfo } from 'node:net';

/** Voices per engine, for the four voices the app speaks with (and Mathieu, Rémi's standard counterpart). */
const ENGINE_VOICES: Record<string, readonly string[]> = {
  standard: ['Lea', 'Mathieu', 'Joanna', 'Matthew'],
  neural: ['Lea', 'Remi', 'Joanna', 'Matthew'],
  generative: ['Lea', 'Remi', 'Joanna', 'Matthew'],
};
const MAX_BILLED = 3_000;
const MAX_TOTAL = 6_000;
const CHARS_PER_SECOND = 15;
/** One silent frame: 576 samples at 24 kHz (24 ms), 144 bytes. */
const FRAME = Buffer.concat([Buffer.from([0xff, 0xf3, 0x64, 0xc4]), Buffer.alloc(140)]);
const FRAME_SECONDS = 576 / 24_000;

export interface PollyCall {
  engine: string;
  voiceId: string;
  textType: string;
  /** Characters Polly bills: the text without SSML tags, entities counted as one. */
  billedCharacters: number;
  status: number;
}

export interface PollyFake {
  url: string;
  calls: PollyCall[];
  /** Characters billed by the answered requests. */
  billedCharacters(): number;
  reset(): void;
  close(): Promise<void>;
}

/** What Polly bills of a request's text: for SSML, the text between the tags. */
export function billedCharacters(text: string, textType: string): number {
  if (textType !== 'ssml') return text.length;
  return text.replace(/<[^>]*>/g, '').replace(/&(?:amp|lt|gt|quot|apos);/g, '_').length;
}

export async function startPollyFake(): Promise<PollyFake> {
  const calls: PollyCall[] = [];
  const sessions = new Set<Http2Session>();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const refuse = (status: number, type: string, message: string) => {
        res.writeHead(status, { 'content-type': 'application/json', 'x-amzn-errortype': type });
        res.end(JSON.stringify({ message }));
      };
      if (req.method !== 'POST' || req.url?.split('?')[0] !== '/v1/speech') return refuse(404, 'UnknownOperationException', `Unknown operation ${req.method} ${req.url}`);
      let body: Record<string, unknown>;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
      } catch {
        return refuse(400, 'SerializationException', 'The request body is not JSON.');
      }
      const engine = String(body.Engine ?? 'standard');
      const voiceId = String(body.VoiceId ?? '');
      const textType = String(body.TextType ?? 'text');
      const text = String(body.Text ?? '');
      const billed = billedCharacters(text, textType);
      const call: PollyCall = { engine, voiceId, textType, billedCharacters: billed, status: 400 };
      calls.push(call);
      if (!ENGINE_VOICES[engine]) return refuse(400, 'ValidationException', `Engine ${engine} is not one of standard, neural, generative, long-form.`);
      if (!ENGINE_VOICES[engine].includes(voiceId)) return refuse(400, 'EngineNotSupportedException', `This voice does not support the selected engine: ${engine}.`);
      if (billed > MAX_BILLED || text.length > MAX_TOTAL) return refuse(400, 'TextLengthExceededException', 'Maximum text length has been exceeded.');
      const frames = Math.max(1, Math.ceil(billed / CHARS_PER_SECOND / FRAME_SECONDS));
      const audio = Buffer.concat(Array.from({ length: frames }, () => FRAME));
      call.status = 200;
      res.writeHead(200, { 'content-type': 'audio/mpeg', 'x-amzn-requestcharacters': String(billed), 'content-length': audio.length });
      res.end(audio);
    });
  });
  server.on('session', (session: Http2Session) => {
    sessions.add(session);
    session.on('close', () => sessions.delete(session));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    billedCharacters: () => calls.filter((c) => c.status === 200).reduce((sum, c) => sum + c.billedCharacters, 0),
    reset: () => {
      calls.length = 0;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        for (const session of sessions) session.destroy();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}
