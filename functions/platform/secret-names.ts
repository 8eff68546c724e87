// The secrets the server functions use, named once. In the cloud a function gets the Secrets
// Manager secret's name in `idVariable` (set by CDK from a deployment input) and permission to read
// it; on the laptop the host puts the value itself in `valueVariable` (a documented local default,
// or a developer's own test key). functions/platform/secrets.ts reads whichever is set. This module
// is pure data: CDK and config.ts import it without loading any client.
import { z } from 'zod';

export interface SecretDef {
  /** Variable carrying the Secrets Manager secret's name or ARN (cloud). */
  idVariable: string;
  /** Variable carrying the value itself (laptop host, tests). */
  valueVariable: string;
  /** Deployment input (lib/inputs.ts) naming the secret in the cloud; none for a secret only a laptop or self-hosted server sets. */
  input?: 'stripeSecretName' | 'stripeWebhookSecretName' | 'promoCodesSecretName';
  /** The stack creates the secret itself, with a random value (a key only Révise uses: nobody needs to know it). */
  generated?: true;
  description: string;
}

export const secrets = {
  stripeApiKey: {
    idVariable: 'STRIPE_SECRET_ID',
    valueVariable: 'STRIPE_SECRET_KEY',
    input: 'stripeSecretName',
    description: 'Stripe secret API key (sk_live_… or sk_test_…)',
  },
  stripeWebhook: {
    idVariable: 'STRIPE_WEBHOOK_SECRET_ID',
    valueVariable: 'STRIPE_WEBHOOK_SECRET',
    input: 'stripeWebhookSecretName',
    description: 'signing secret of the Stripe webhook endpoint (whsec_…)',
  },
  promoCodes: {
    idVariable: 'PROMO_CODES_SECRET_ID',
    valueVariable: 'PROMO_CODES',
    input: 'promoCodesSecretName',
    description: 'the accepted promo codes, comma-separated',
  },
  reminderSigning: {
    idVariable: 'REMINDER_SIGNING_SECRET_ID',
    valueVariable: 'REMINDER_SIGNING_KEY',
    generated: true,
    description: "HMAC key of the study reminders' unsubscribe links",
  },
  openaiApiKey: {
    idVariable: 'OPENAI_API_KEY_SECRET_ID',
    valueVariable: 'OPENAI_API_KEY',
    // No deployment input: the cloud stack writes with Bedrock.
    description: 'API key of the OpenAI-compatible server (ENGINE_PROVIDER=openai); local servers need none',
  },
} as const satisfies Record<string, SecretDef>;

export type SecretKey = keyof typeof secrets;

export const secretKeys = Object.keys(secrets) as SecretKey[];

/** The deployment input naming the secret in the cloud, if it has one. */
export const secretInput = (key: SecretKey): SecretDef['input'] => (secrets[key] as SecretDef).input;

/** The configuration variables of every secret, for config.ts's schema. */
export const secretVariables: Record<string, z.ZodOptional<z.ZodString>> = Object.fromEntries(
  Object.values(secrets).flatMap((s) => [
    [s.idVariable, z.string().min(1).optional()],
    [s.valueVariable, z.string().min(1).optional()],
  ]),
);

/** Whether the stack creates the secret itself. */
export const secretGenerated = (key: SecretKey): boolean => Boolean((secrets[key] as SecretDef).generated);
