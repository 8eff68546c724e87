// The Stripe client, built once per process from configuration: the API key from the secrets
// (Secrets Manager in the cloud, the host's environment on the laptop) and, when the laptop host
// runs its stand-in (lib/local/stripe-standin.ts), the stand-in's host, port and protocol. In the
// cloud, and on a laptop given a real test key, those are unset and the client talks to Stripe.
import Stripe from 'stripe';
import { AppError } from '../core/errors.js';
import { config, type Config } from './config.js';
import { secretValue } from './secrets.js';

let cache: { config: Config; client: Promise<Stripe> } | undefined;

export function stripe(): Promise<Stripe> {
  const c = config();
  if (cache?.config === c) return cache.client;
  const client = secretValue('stripeApiKey').then(
    (key) =>
      new Stripe(key, {
        ...(c.STRIPE_API_HOST ? { host: c.STRIPE_API_HOST } : {}),
        ...(c.STRIPE_API_PORT ? { port: c.STRIPE_API_PORT } : {}),
        ...(c.STRIPE_API_PROTOCOL ? { protocol: c.STRIPE_API_PROTOCOL } : {}),
        maxNetworkRetries: 2,
        timeout: 20_000,
        appInfo: { name: 'Revise' },
      }),
  );
  cache = { config: c, client };
  client.catch(() => {
    if (cache?.client === client) cache = undefined;
  });
  return client;
}

/** The Premium price (6.99 euros a month, subscription mode). */
export function premiumPriceId(): string {
  const id = config().STRIPE_PRICE_ID;
  if (!id) throw new AppError('not_configured', { what: 'STRIPE_PRICE_ID' });
  return id;
}
