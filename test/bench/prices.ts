// The prices `npm run bench cost` turns measured usage into money with: public list prices, kept
// as data (service, region, unit, price in US dollars, the day they were read), so that a change
// of price is one line and the figures say how old they are. Paris (eu-west-3), the stack's
// default region, where AWS publishes a price for it; the models are the stack's defaults: for
// Premium, Claude Haiku 4.5 through the EU cross-region inference profile (regional profiles are
// billed 10 % over the global list price); for the free plan, Amazon Nova Lite through its EU
// profile (billed at the EU regions' price, 30 % over us-east-1's $0.06 and $0.24). A model call
// is priced by the model that served it (modelPrices). Not in the table: what an idle stack pays
// whoever uses it (see idle()).

export interface Price {
  service: string;
  region: string;
  /** What one `price` buys. */
  unit: string;
  /** US dollars per unit. */
  price: number;
  /** When the price was read. */
  read: string;
}

const READ = '2026-11-27';
const PARIS = 'eu-west-3';

export const PRICES = {
  bedrockInput: { service: 'Bedrock, Claude Haiku 4.5 (eu. profile), input', region: 'eu', unit: '1M tokens', price: 1.1, read: READ },
  bedrockOutput: { service: 'Bedrock, Claude Haiku 4.5 (eu. profile), output', region: 'eu', unit: '1M tokens', price: 5.5, read: READ },
  novaLiteInput: { service: 'Bedrock, Amazon Nova Lite (eu. profile), input', region: 'eu', unit: '1M tokens', price: 0.078, read: READ },
  novaLiteOutput: { service: 'Bedrock, Amazon Nova Lite (eu. profile), output', region: 'eu', unit: '1M tokens', price: 0.312, read: READ },
  bedrockCacheWrite: { service: 'Bedrock, Claude Haiku 4.5, prompt cache write', region: 'eu', unit: '1M tokens', price: 1.375, read: READ },
  bedrockCacheRead: { service: 'Bedrock, Claude Haiku 4.5, prompt cache read', region: 'eu', unit: '1M tokens', price: 0.11, read: READ },
  pollyStandard: { service: 'Polly, standard voices', region: PARIS, unit: '1M characters', price: 4, read: READ },
  pollyNeural: { service: 'Polly, neural voices', region: PARIS, unit: '1M characters', price: 16, read: READ },
  pollyGenerative: { service: 'Polly, generative voices', region: PARIS, unit: '1M characters', price: 30, read: READ },
  textract: { service: 'Textract, DetectDocumentText', region: PARIS, unit: '1,000 pages', price: 1.5, read: READ },
  lambdaCompute: { service: 'Lambda, Arm', region: PARIS, unit: 'GB-second', price: 0.0000133334, read: READ },
  lambdaRequests: { service: 'Lambda, requests', region: PARIS, unit: '1M requests', price: 0.2, read: READ },
  httpApi: { service: 'API Gateway, HTTP API', region: PARIS, unit: '1M requests', price: 1.11, read: READ },
  dynamoWrite: { service: 'DynamoDB on demand, writes', region: PARIS, unit: '1M write request units', price: 0.7125, read: READ },
  dynamoRead: { service: 'DynamoDB on demand, reads', region: PARIS, unit: '1M read request units', price: 0.1425, read: READ },
  stepFunctions: { service: 'Step Functions, standard', region: PARIS, unit: '1,000 state transitions', price: 0.025, read: READ },
  s3Storage: { service: 'S3 Standard storage', region: PARIS, unit: 'GB-month', price: 0.024, read: READ },
  s3Writes: { service: 'S3 PUT, POST, LIST', region: PARIS, unit: '1,000 requests', price: 0.0053, read: READ },
  s3Reads: { service: 'S3 GET', region: PARIS, unit: '1,000 requests', price: 0.00042, read: READ },
  secret: { service: 'Secrets Manager', region: PARIS, unit: 'secret-month', price: 0.4, read: READ },
  parameter: { service: 'SSM Parameter Store, standard SecureString (aws/ssm key)', region: PARIS, unit: 'parameter-month', price: 0, read: READ },
  alarm: { service: 'CloudWatch alarm (standard)', region: PARIS, unit: 'alarm-month', price: 0.1, read: READ },
  hostedZone: { service: 'Route 53 hosted zone', region: 'global', unit: 'zone-month', price: 0.5, read: READ },
} satisfies Record<string, Price>;

export type PriceKey = keyof typeof PRICES;

/** The input and output prices of the model a call went to (a model without a price in the table stops the bench). */
export function modelPrices(modelId: string): { input: PriceKey; output: PriceKey } {
  if (/(^|\.)anthropic\.claude-haiku-4-5-/.test(modelId)) return { input: 'bedrockInput', output: 'bedrockOutput' };
  if (/(^|\.)amazon\.nova-lite-v1/.test(modelId)) return { input: 'novaLiteInput', output: 'novaLiteOutput' };
  throw new Error(`No price for the model ${modelId} in test/bench/prices.ts`);
}

/** Units in one `unit` of a price ("1M tokens" → 1,000,000). */
export function perUnit(p: Price): number {
  const m = /^([\d,.]+)(M)?\b/.exec(p.unit);
  if (!m) return 1;
  return Number(m[1].replace(/,/g, '')) * (m[2] ? 1_000_000 : 1);
}

/** Dollars for `quantity` of what a price is quoted for. */
export const cost = (key: PriceKey, quantity: number): number => (quantity / perUnit(PRICES[key])) * PRICES[key].price;

/** Premium: 6.99 € a month, VAT included (France, 20 %), Stripe's fee for a European card (1.5 % + 0.25 €). */
export const PREMIUM = { priceEur: 6.99, vatRate: 0.2, stripePercent: 0.015, stripeFixedEur: 0.25, usdPerEur: 1.16, read: READ };

/** What Révise keeps of a Premium month, in euros and dollars. */
export function premiumNet(): { eur: number; usd: number } {
  const eur = PREMIUM.priceEur / (1 + PREMIUM.vatRate) - (PREMIUM.priceEur * PREMIUM.stripePercent + PREMIUM.stripeFixedEur);
  return { eur, usd: eur * PREMIUM.usdPerEur };
}

/**
 * An idle stack's month: the reminders' signing key the stack generates (a Secrets Manager secret,
 * always), the optional secrets (Stripe's key and webhook secret and the promo codes as SSM
 * SecureString parameters, free; Google's client secret in Secrets Manager, which Cognito reads at
 * deployment), alarms when `alarmEmail` is set (the stack's alarms), a hosted zone when a domain is
 * used; storage of a few hundred MB (site, logs, backups) and the recovery sweep's 8,900
 * invocations fall inside the free tiers or cents; a cold start's parameter reads are free.
 */
export function idle(opts: { stripe: boolean; promoCodes: boolean; google: boolean; alarms: number; hostedZone: boolean }): number {
  const secrets = 1 + (opts.google ? 1 : 0);
  const parameters = (opts.stripe ? 2 : 0) + (opts.promoCodes ? 1 : 0);
  return (
    secrets * PRICES.secret.price +
    parameters * PRICES.parameter.price +
    opts.alarms * PRICES.alarm.price +
    (opts.hostedZone ? PRICES.hostedZone.price : 0) +
    cost('s3Storage', 0.3)
  );
}
