// The runtime configuration (`/config.json`), loaded once at start (or by the landing's gate,
// before the app starts) and validated with the schema
// the server side deploys it with (functions/core/web-config.ts). One build of the app serves every stage.
import { parseWebConfig, type WebConfig } from '@core/web-config.js';

export type { WebConfig };

let loaded: WebConfig | null = null;
let pending: Promise<WebConfig> | null = null;

export function loadConfig(): Promise<WebConfig> {
  if (loaded) return Promise.resolve(loaded);
  pending ??= (async () => {
    // The landing's gate (lib/prerender-gate.ts) may have read it already, while the page was
    // idle: the app then starts without that round trip, even if the network has gone since.
    const early = await (window as { __reviseConfig?: Promise<unknown> }).__reviseConfig?.catch(() => null);
    if (early) {
      loaded = parseWebConfig(early);
      return loaded;
    }
    const res = await fetch('/config.json', { cache: 'no-store', headers: { Accept: 'application/json' } });
    if (!res.ok) throw new Error(`HTTP error! status: ${res.status}`);
    loaded = parseWebConfig(await res.json());
    return loaded;
  })().catch((err: unknown) => {
    pending = null;
    throw err;
  });
  return pending;
}

/** The configuration after `loadConfig()` resolved (the app renders nothing before that). */
export function getConfig(): WebConfig {
  if (!loaded) throw new Error('getConfig() called before loadConfig() resolved');
  return loaded;
}
