// The web build's precompressed copies: next to each compressible file of `web/dist`, a `.br` and a
// `.gz` (written by the build, see web/vite.config.ts). The laptop host serves them by
// Accept-Encoding (lib/local/web.ts); the cloud does not upload them, CloudFront compresses itself.
import path from 'node:path';

/** Content negotiation order: the first the client accepts wins. */
export const PRECOMPRESSED_ENCODINGS = [
  { encoding: 'br', suffix: '.br' },
  { encoding: 'gzip', suffix: '.gz' },
] as const;

/** Files worth compressing (text, WebAssembly, the PDF viewer's uncompressed fonts). */
export const COMPRESSIBLE_EXTENSIONS = ['.html', '.js', '.mjs', '.css', '.svg', '.json', '.txt', '.wasm', '.ttf', '.otf', '.pfb', '.icc'];

/** Below this size a compressed copy saves less than its own headers. */
export const MIN_COMPRESSIBLE_BYTES = 1024;

export const isCompressible = (file: string): boolean => COMPRESSIBLE_EXTENSIONS.includes(path.extname(file).toLowerCase());

/** Glob patterns of the precompressed copies (never `*.gz` alone: the OCR models are gzip files). */
export const precompressedGlobs = (): string[] =>
  PRECOMPRESSED_ENCODINGS.flatMap(({ suffix }) => COMPRESSIBLE_EXTENSIONS.map((ext) => `*${ext}${suffix}`));
