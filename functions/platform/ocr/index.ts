// The OCR provider of this host, chosen by OCR_PROVIDER, which CDK (`textract`) and the laptop
// host (`local`) both set. Each provider is loaded only when a page needs OCR; the laptop one is
// imported through a computed name so that the cloud bundle does not carry tesseract.js.
import { config } from '../config.js';
import type { OcrProvider } from './types.js';

export { ocrLanguages, type OcrJob, type OcrLanguages, type OcrProvider } from './types.js';

export type OcrProviderName = 'local' | 'textract';

let chosen: { name: OcrProviderName; provider: Promise<OcrProvider> } | undefined;

export function ocrProviderName(env: { OCR_PROVIDER?: string } = config()): OcrProviderName {
  const value = env.OCR_PROVIDER;
  if (value === 'local' || value === 'textract') return value;
  throw new Error(`OCR_PROVIDER must be "local" or "textract" (got ${value === undefined ? 'nothing' : JSON.stringify(value)})`);
}

const localModule = './local.js';

export function ocrProvider(): Promise<OcrProvider> {
  const name = ocrProviderName();
  if (chosen?.name !== name) {
    const provider =
      name === 'textract'
        ? import('./textract.js').then((m) => m.textractProvider())
        : (import(/* @vite-ignore */ localModule) as Promise<typeof import('./local.js')>).then((m) => m.localOcrProvider());
    chosen = { name, provider };
    provider.catch(() => {
      if (chosen?.provider === provider) chosen = undefined;
    });
  }
  return chosen.provider;
}

/** Releases what the provider holds (the laptop's OCR worker thread); a no-op if none was used. */
export async function closeOcr(): Promise<void> {
  const current = chosen;
  chosen = undefined;
  if (current?.name !== 'local') return;
  const m = (await import(/* @vite-ignore */ localModule)) as typeof import('./local.js');
  await m.closeLocalOcr();
}
