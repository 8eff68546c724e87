// The secrets the server functions use, named once. In the cloud a function gets either the name of
// the SSM Parameter Store SecureString parameter the operator created (`parameterVariable`, set by
// CDK from a deployment input: standard parameters cost nothing a month) or, for the key the stack
// generates itself, its Secrets Manager secret (`idVariable`), and permission to read that one
// only; on the laptop the host puts the value itself in `valueVariable` (a documented local
// default, or a developer's own test key). functions/platform/secrets.ts reads whichever is set.
// This module is pure data: CDK and config.ts import it without loading any client.
import { z } from 'zod';

export interface SecretDef {
  /** Variable carrying the Secrets Manager secret's name or ARN (cloud, a secret the stack generates). */
  idVariable: string;
  /** Variable carrying the name of the SSM SecureString parameter holding the value (cloud, a secret the operator gives). */
  parameterVariable?: string;
  /** Variable carrying the value itself (laptop host, tests). */
  valueVariable: string;
  /** Deployment input (lib/inputs.ts) naming the SSM SecureString parameter in the cloud; none for a secret only a laptop or self-hosted server sets. */
  input?: 'stripeSecretParameter' | 'stripeWebhookSecretParameter' | 'promoCodesParameter';
  /** The stack creates the secret itself, with a random value (a key only Révise uses: nobody needs to know it). */
  generated?: true;
  description: string;
}

export const secrets = {
  stripeApiKey: {
    idVariable: 'STRIPE_SECRET_ID',
    parameterVariable: 'STRIPE_SECRET_PARAMETER',
    valueVariable: 'STRIPE_SECRET_KEY',
    input: 'stripeSecretParameter',
    description: 'Stripe secret API key (sk_live_… or sk_test_…)',
  },
  stripeWebhook: {
    idVariable: 'STRIPE_WEBHOOK_SECRET_ID',
    parameterVariable: 'STRIPE_WEBHOOK_SECRET_PARAMETER',
    valueVariable: 'STRIPE_WEBHOOK_SECRET',
    input: 'stripeWebhookSecretParameter',
    description: 'signing secret of the Stripe webhook endpoint (whsec_…)',
  },
  promoCodes: {
    idVariable: 'PROMO_CODES_SECRET_ID',
    parameterVariable: 'PROMO_CODES_PARAMETER',
    valueVariable: 'PROMO_CODES',
    input: 'promoCodesParameter',
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
  Object.values(secrets as Record<SecretKey, SecretDef>).flatMap((s) => [
    [s.idVariable, z.string().min(1).optional()],
    ...(s.parameterVariable ? [[s.parameterVariable, z.string().min(1).optional()]] : []),
    [s.valueVariable, z.string().min(1).optional()],
  ]),
);

/** The variable naming the secret's SSM parameter, if it has one. */
export const secretParameterVariable = (key: SecretKey): string | undefined => (secrets[key] as SecretDef).parameterVariable;

/** Whether the stack creates the secret itself. */
export const secretGenerated = (key: SecretKey): boolean => Boolean((secrets[key] as SecretDef).generated);
