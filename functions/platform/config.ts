// Configuration of the server-side code, read once from the environment and validated. CDK sets
// these variables on each Lambda; the laptop host sets the same ones before loading handlers.
// This module and clients.ts are the only places that know which host the code runs in.
import { z } from 'zod';
import { openaiOutputModes } from '../engine/openai/chat-completions.js';
import { secretVariables } from './secret-names.js';
import { tables, type TableKey } from './tables.js';

const optionalUrl = z.string().url().optional();

export const engineProviders = ['local', 'bedrock', 'openai'] as const;
export const ocrProviders = ['local', 'textract'] as const;
export const speechProviders = ['local', 'polly'] as const;
/** Polly's voice engines, cheapest first (functions/platform/speech/polly.ts). */
export const pollyEngines = ['standard', 'neural', 'generative'] as const;

const schema = z.object({
  AWS_REGION: z.string().min(1).default('eu-west-3'),
  UPLOADS_BUCKET: z.string().min(1).default('uploads'),
  /** Unset on the Cognito triggers, which must not depend on their own pool. */
  USER_POOL_ID: z.string().min(1).optional(),
  USER_POOL_CLIENT_ID: z.string().min(1).optional(),
  /** Public origin of the web app, used in e-mail links. */
  APP_URL: z.string().url().default('http://localhost:3000'),
  /** Endpoints of the embedded services; unset in the cloud. */
  DYNAMODB_ENDPOINT: optionalUrl,
  S3_ENDPOINT: optionalUrl,
  COGNITO_ENDPOINT: optionalUrl,
  /** Where the laptop host verifies JWTs; the cloud authorizer is configured from the same pool. */
  JWT_ISSUER: optionalUrl,
  JWKS_URL: optionalUrl,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Who writes answers and sheets: the built-in engine (laptop), Amazon Bedrock (cloud), or an OpenAI-compatible server. */
  ENGINE_PROVIDER: z.enum(engineProviders).default('local'),
  /** Bedrock model or inference profile id (Premium's); required with ENGINE_PROVIDER=bedrock. */
  BEDROCK_MODEL_ID: z.string().min(1).optional(),
  /** The lighter Bedrock model or inference profile the free plan's generation runs on; BEDROCK_MODEL_ID when unset. */
  BEDROCK_FREE_MODEL_ID: z.string().min(1).optional(),
  /** Bedrock Runtime endpoint override (tests, VPC endpoints); unset in the cloud. */
  BEDROCK_ENDPOINT: optionalUrl,
  /** Most input tokens one generation request may send to Bedrock. */
  BEDROCK_INPUT_TOKENS: z.coerce.number().int().min(4_000).max(150_000).default(12_000),
  /** Base URL of an OpenAI-compatible API, version included (`http://127.0.0.1:11434/v1`); required with ENGINE_PROVIDER=openai. */
  OPENAI_BASE_URL: optionalUrl,
  /** The model that server runs (`qwen2.5:7b-instruct`); required with ENGINE_PROVIDER=openai. */
  OPENAI_MODEL: z.string().min(1).optional(),
  /** How that model is held to the app's JSON schemas: a JSON-schema response format, or a forced function call. */
  OPENAI_OUTPUT: z.enum(openaiOutputModes).default('json_schema'),
  /** Most input tokens one generation request may send to that model (its context window, less the answer). */
  OPENAI_INPUT_TOKENS: z.coerce.number().int().min(2_000).max(150_000).default(6_000),
  /** Textract endpoint override (tests, VPC endpoints); unset in the cloud. */
  TEXTRACT_ENDPOINT: optionalUrl,
  /** Who reads scanned pages: tesseract.js (`local`, the laptop) or Amazon Textract (the cloud). */
  OCR_PROVIDER: z.enum(ocrProviders).optional(),
  /** Where the laptop's OCR models are copied (default: a folder in the system's temp directory). */
  OCR_DATA_DIR: z.string().min(1).optional(),
  /** A fixed interval between Textract job polls (tests); unset: back-off from 1 s to 10 s. */
  TEXTRACT_POLL_MS: z.coerce.number().int().min(0).max(60_000).optional(),
  /** Who speaks podcasts: espeak-ng as WebAssembly (`local`, the laptop's synthetic voices) or Amazon Polly (the cloud's natural voices). */
  SPEECH_PROVIDER: z.enum(speechProviders).default('local'),
  /** Polly's voice engine (a deployment input, `pollyEngine`): standard, neural (the default) or generative. */
  POLLY_ENGINE: z.enum(pollyEngines).default('neural'),
  /** Polly endpoint override (tests, VPC endpoints); unset in the cloud. */
  POLLY_ENDPOINT: optionalUrl,
  /** The AWS profile Polly is called with from the laptop (SPEECH_PROVIDER=polly); unset in the cloud (the function's role). */
  POLLY_PROFILE: z.string().min(1).optional(),
  /** Step Functions endpoint: the laptop host's stand-in that runs the same definition; unset in the cloud. */
  SFN_ENDPOINT: optionalUrl,
  /** The podcast state machine's ARN (CDK sets the cloud's; the laptop host its stand-in's). */
  PODCAST_STATE_MACHINE_ARN: z.string().min(1).optional(),
  /** SES v2 endpoint: the laptop host's stand-in that delivers to its dev mailbox; unset in the cloud. */
  SES_ENDPOINT: optionalUrl,
  /** The sender of the e-mails the functions send themselves (study reminders): an address of an SES-verified identity. Unset: no such e-mail is sent. */
  MAIL_FROM: z.string().email().optional(),
  /** Lambda endpoint: the laptop host's stand-in that runs the background jobs' handlers in-process; unset in the cloud. */
  LAMBDA_ENDPOINT: optionalUrl,
  /** The data export job's function (functions/registry.ts `DataExport`): CDK sets the cloud's name; the laptop host its entry's id. */
  EXPORT_FUNCTION_NAME: z.string().min(1).optional(),
  /** Secrets Manager endpoint override (tests, VPC endpoints); unset in the cloud. */
  SECRETS_MANAGER_ENDPOINT: optionalUrl,
  /** SSM (Parameter Store) endpoint override (tests, VPC endpoints); unset in the cloud. */
  SSM_ENDPOINT: optionalUrl,
  /** Stripe price of the Premium plan (price_…); the laptop host sets its stand-in's price. */
  STRIPE_PRICE_ID: z.string().min(1).optional(),
  /** Where the stripe client sends API calls: the laptop's stand-in; unset in the cloud (api.stripe.com). */
  STRIPE_API_HOST: z.string().min(1).optional(),
  STRIPE_API_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  STRIPE_API_PROTOCOL: z.enum(['http', 'https']).optional(),
  ...secretVariables,
  ...Object.fromEntries(Object.values(tables).map((t) => [t.env, z.string().min(1).default(t.id)])),
}).superRefine((env, ctx) => {
  if (env.ENGINE_PROVIDER === 'bedrock' && !env.BEDROCK_MODEL_ID) {
    ctx.addIssue({ code: 'custom', path: ['BEDROCK_MODEL_ID'], message: 'is required with ENGINE_PROVIDER=bedrock' });
  }
  if (env.ENGINE_PROVIDER === 'openai') {
    for (const key of ['OPENAI_BASE_URL', 'OPENAI_MODEL'] as const) {
      if (!env[key]) ctx.addIssue({ code: 'custom', path: [key], message: 'is required with ENGINE_PROVIDER=openai' });
    }
  }
});

export type Config = z.infer<typeof schema> & { tableNames: Record<TableKey, string> };

/** The name of a variable this module reads (functions/registry.ts lists each function's). */
export type ConfigVariable = keyof z.input<typeof schema> & string;

/** The log level, read on its own: the logger exists before the rest is validated. */
export function logLevel(env: NodeJS.ProcessEnv = process.env): z.infer<typeof schema>['LOG_LEVEL'] {
  const parsed = schema.shape.LOG_LEVEL.safeParse(env.LOG_LEVEL);
  return parsed.success ? parsed.data : 'info';
}

let cached: Config | undefined;

/** The validated configuration; throws at first use when the environment is incomplete. */
export function config(): Config {
  if (cached) return cached;
  const parsed = schema.safeParse(process.env);
  if (!parsed.success) {
    const fields = parsed.error.issues.map((i) => i.path.join('.')).join(', ');
    throw new Error(`Invalid server configuration: ${fields}`);
  }
  const env = parsed.data as Record<string, unknown>;
  const tableNames = Object.fromEntries(
    (Object.keys(tables) as TableKey[]).map((k) => [k, env[tables[k].env]]),
  ) as Record<TableKey, string>;
  cached = { ...(parsed.data as z.infer<typeof schema>), tableNames };
  return cached;
}

/** Forget the cached configuration (the laptop host and tests set the environment first). */
export function resetConfig(): void {
  cached = undefined;
}
