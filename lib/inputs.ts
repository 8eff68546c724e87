// Deployment inputs: everything that differs between two deployments of the stack, read from CDK
// context (`-c key=value`, cdk.json) or from the environment (`REVISE_KEY_NAME`), validated once
// at synth so that a mistake stops `cdk synth` with a message naming the input. Secrets never
// appear here: only the names of the SSM SecureString parameters (or, for Google's, of the Secrets
// Manager secret Cognito reads at deployment) that hold them.
import type { Construct } from 'constructs';
import { z } from 'zod';

const hostname = z
  .string()
  .regex(/^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/, 'must be a lower-case host name such as revise.example.com (no scheme, no path)');

const secretName = z
  .string()
  .regex(/^[A-Za-z0-9/_+=.@-]{1,512}$/, 'must be the name of a Secrets Manager secret (letters, digits and /_+=.@-)');

/** An SSM Parameter Store parameter name (a SecureString the operator creates: `aws ssm put-parameter --type SecureString`). */
const parameterName = z
  .string()
  .regex(/^(\/?[A-Za-z0-9_.-]+)+$/, 'must be the name of an SSM SecureString parameter (letters, digits and _.-, segments separated by /)')
  .refine((v) => v.length <= 1011 && !/^\/?(aws|ssm)/i.test(v), 'must be at most 1,011 characters and not start with aws or ssm');

const flag = z.union([z.boolean(), z.stringbool()]);

const regionCode = z.string().regex(/^[a-z]{2}(-[a-z]+)+-\d$/, 'must be an AWS region code such as eu-west-3');

/** A list given as an array (cdk.json) or as comma-separated text (`-c`, environment). */
const regionList = z
  .union([z.array(z.string()), z.string().transform((s) => s.split(',').map((r) => r.trim()).filter(Boolean))])
  .pipe(z.array(regionCode).min(1, 'must name at least one region'));

/**
 * Geographic inference profiles (`eu.…`, `us.…`) route each request to one of several regions of
 * their geography, and the caller needs permission on the foundation model in each. AWS adds
 * regions to a profile over time, so the defaults name every commercial region of the geography
 * where Bedrock runs: the grant stays valid, and it still covers one model reached only through
 * the profile. Other geographies are given with `bedrockRegions`.
 */
export const profileRegions: Record<string, readonly string[]> = {
  eu: ['eu-central-1', 'eu-central-2', 'eu-north-1', 'eu-south-1', 'eu-south-2', 'eu-west-1', 'eu-west-2', 'eu-west-3'],
  us: ['us-east-1', 'us-east-2', 'us-west-1', 'us-west-2'],
};
const profileGeographies = ['us', 'eu', 'apac', 'jp', 'au', 'ca', 'us-gov', 'global'];

/** What the API function may invoke: the model id, and the profile's regions when it is one. */
export interface BedrockModel {
  /** The id the code calls (BEDROCK_MODEL_ID, or BEDROCK_FREE_MODEL_ID for the free plan's). */
  id: string;
  /** The foundation model behind it (the id without its geography). */
  foundationModelId: string;
  /** The geography of a cross-region inference profile; undefined for a model called in the stack's region. */
  geography?: string;
  /** The regions whose copy of the foundation model may serve a request. */
  regions: string[];
}

function geographyOf(modelId: string): string | undefined {
  const prefix = modelId.split('.')[0];
  return modelId.includes('.') && profileGeographies.includes(prefix) ? prefix : undefined;
}

export const inputsSchema = z
  .object({
    /** Stage name, part of the stack name; `prod` keeps data when the stack is deleted. */
    stage: z
      .string()
      .regex(/^[a-z][a-z0-9-]{0,19}$/, 'must be 1 to 20 lower-case letters, digits or dashes, starting with a letter')
      .default('dev'),
    region: regionCode.default('eu-west-3'),
    /** Public host name of the site; without it the CloudFront domain is the site's origin. */
    domain: hostname.optional(),
    /** ACM certificate for `domain`, in us-east-1 (CloudFront reads certificates there). */
    certificateArn: z
      .string()
      .regex(/^arn:aws[a-z-]*:acm:us-east-1:\d{12}:certificate\/[0-9a-f-]{36}$/, 'must be the ARN of an ACM certificate in us-east-1')
      .optional(),
    /** Google OAuth client (Google Cloud console → Credentials → OAuth client ID, type "Web"). */
    googleClientId: z
      .string()
      .regex(/^[0-9]+-[a-z0-9]+\.apps\.googleusercontent\.com$/, 'must be a Google OAuth client id ending in .apps.googleusercontent.com')
      .optional(),
    /** Secrets Manager secret holding the Google client secret as plain text (Cognito reads it at deployment, which SecureString parameters do not allow). */
    googleClientSecretName: secretName.optional(),
    /** Prefix of the Cognito hosted-UI domain (`<prefix>.auth.<region>.amazoncognito.com`). */
    authDomainPrefix: z
      .string()
      .regex(/^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/, 'must be lower-case letters, digits and dashes (at most 63)')
      .refine((v) => !/aws|amazon|cognito/.test(v), 'may not contain "aws", "amazon" or "cognito"')
      .optional(),
    /** Where alarms are sent (API 5xx, function errors); no alarms without it. */
    alarmEmail: z.email('must be an e-mail address').optional(),
    /** Verified SES identity to send Cognito's e-mails from; Cognito's own sender otherwise (50 a day). */
    sesFromEmail: z.email('must be an e-mail address verified in Amazon SES').optional(),
    /** Bedrock model or inference profile used for generation. */
    bedrockModelId: z
      .string()
      .regex(/^[a-z0-9][a-z0-9.:-]{2,127}$/, 'must be a Bedrock model id or inference profile id such as eu.anthropic.claude-haiku-4-5-20251001-v1:0')
      .default('eu.anthropic.claude-haiku-4-5-20251001-v1:0'),
    /** Lighter Bedrock model or inference profile the free plan's generation runs on (Premium keeps `bedrockModelId`). */
    freeModelId: z
      .string()
      .regex(/^[a-z0-9][a-z0-9.:-]{2,127}$/, 'must be a Bedrock model id or inference profile id such as eu.amazon.nova-lite-v1:0')
      .default('eu.amazon.nova-lite-v1:0'),
    /** Regions a geographic inference profile routes to (comma-separated), when not eu. or us. */
    bedrockRegions: regionList.optional(),
    /** Polly's voice engine for podcasts: standard ($4 per million characters), neural ($16, the default), generative ($30). */
    pollyEngine: z.enum(['standard', 'neural', 'generative'], 'must be standard, neural or generative').default('neural'),
    /** Stripe Premium price and the SecureString parameter holding the Stripe API key; payments are off without them. */
    stripePriceId: z.string().regex(/^price_[A-Za-z0-9]+$/, 'must be a Stripe price id (price_…)').optional(),
    stripeSecretParameter: parameterName.optional(),
    /** SecureString parameter holding the signing secret of the Stripe webhook endpoint (whsec_…). */
    stripeWebhookSecretParameter: parameterName.optional(),
    /** SecureString parameter holding the accepted promo codes, comma-separated. */
    promoCodesParameter: parameterName.optional(),
    /** X-Ray tracing of the functions. */
    tracing: flag.default(false),
    /** Keep tables, buckets and the user pool when the stack is deleted; defaults to true for `prod`. */
    retainData: flag.optional(),
  })
  .superRefine((v, ctx) => {
    const together = (a: keyof typeof v, b: keyof typeof v, why: string) => {
      if ((v[a] === undefined) !== (v[b] === undefined)) {
        ctx.addIssue({ code: 'custom', path: [v[a] === undefined ? a : b], message: `is required with ${String(v[a] === undefined ? b : a)}: ${why}` });
      }
    };
    together('domain', 'certificateArn', 'CloudFront serves a custom domain only with its us-east-1 certificate');
    together('googleClientId', 'googleClientSecretName', 'Google sign-in needs both the client id and its secret');
    together('stripePriceId', 'stripeSecretParameter', 'payments need both the price and the API key');
    together('stripeSecretParameter', 'stripeWebhookSecretParameter', 'payments need the API key and the webhook signing secret');
    for (const key of ['bedrockModelId', 'freeModelId'] as const) {
      const geography = geographyOf(v[key]);
      if (geography === 'global') {
        ctx.addIssue({
          code: 'custom',
          path: [key],
          message: 'global inference profiles may process requests in any region of the world; use a geographic profile (eu.…) or a model id',
        });
      } else if (geography) {
        const regions = v.bedrockRegions ?? profileRegions[geography];
        if (!regions) {
          ctx.addIssue({ code: 'custom', path: ['bedrockRegions'], message: `is required with the ${geography}. inference profile: list the regions it routes requests to` });
        } else if (!regions.includes(v.region)) {
          ctx.addIssue({ code: 'custom', path: [key], message: `is an inference profile of regions ${regions.join(', ')}, which do not include the stack's region ${v.region}` });
        }
      }
    }
    const [premiumGeography, freeGeography] = [geographyOf(v.bedrockModelId), geographyOf(v.freeModelId)];
    if (premiumGeography && freeGeography && premiumGeography !== freeGeography) {
      ctx.addIssue({ code: 'custom', path: ['freeModelId'], message: `is an inference profile of the ${freeGeography}. geography and bedrockModelId of the ${premiumGeography}. one; use profiles of one geography (or a model id)` });
    }
    if (v.bedrockRegions && !premiumGeography && !freeGeography) {
      ctx.addIssue({ code: 'custom', path: ['bedrockRegions'], message: 'applies to inference profiles only; a model id is called in the stack\'s region' });
    }
  })
  .transform((v) => {
    const modelOf = (id: string): BedrockModel => {
      const geography = geographyOf(id);
      return geography
        ? { id, foundationModelId: id.slice(geography.length + 1), geography, regions: [...(v.bedrockRegions ?? profileRegions[geography])] }
        : { id, foundationModelId: id, regions: [v.region] };
    };
    return {
      ...v,
      retainData: v.retainData ?? v.stage === 'prod',
      /** Premium's model. */
      bedrockModel: modelOf(v.bedrockModelId),
      /** The free plan's model. */
      freeModel: modelOf(v.freeModelId),
    };
  });

export type DeploymentInputs = z.output<typeof inputsSchema>;
export type RawInputs = z.input<typeof inputsSchema>;

/** The input keys; each can be given as CDK context `key` or environment variable `REVISE_KEY`. */
export const inputKeys = [
  'stage',
  'region',
  'domain',
  'certificateArn',
  'googleClientId',
  'googleClientSecretName',
  'authDomainPrefix',
  'alarmEmail',
  'sesFromEmail',
  'bedrockModelId',
  'freeModelId',
  'bedrockRegions',
  'pollyEngine',
  'stripePriceId',
  'stripeSecretParameter',
  'stripeWebhookSecretParameter',
  'promoCodesParameter',
  'tracing',
  'retainData',
] as const satisfies readonly (keyof RawInputs)[];

/** Inputs that named Secrets Manager secrets, and the SecureString parameter inputs that replace them. */
export const replacedInputs = {
  stripeSecretName: 'stripeSecretParameter',
  stripeWebhookSecretName: 'stripeWebhookSecretParameter',
  promoCodesSecretName: 'promoCodesParameter',
} as const satisfies Record<string, keyof RawInputs>;

/** `googleClientId` → `REVISE_GOOGLE_CLIENT_ID`. */
export const envName = (key: string): string => `REVISE_${key.replace(/[A-Z]/g, (c) => `_${c}`).toUpperCase()}`;

/** Validates raw inputs; throws one error listing every bad input and how to set it. */
export function parseInputs(raw: Record<string, unknown>): DeploymentInputs {
  // An empty string means "not set", so `-c domain=` or `REVISE_DOMAIN=` clears an input.
  const cleaned = Object.fromEntries(Object.entries(raw).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = inputsSchema.safeParse(cleaned);
  if (parsed.success) return parsed.data;
  const lines = parsed.error.issues.map((issue) => {
    const key = String(issue.path[0] ?? '');
    const given = key in cleaned ? ` (got ${JSON.stringify(cleaned[key])})` : '';
    return `  - ${key}: ${issue.message}${given}; set it with -c ${key}=… or ${envName(key)}`;
  });
  throw new Error(`Invalid deployment inputs:\n${lines.join('\n')}`);
}

/** Reads the inputs from CDK context first, then from the environment, and validates them. */
export function readInputs(scope: Construct, env: NodeJS.ProcessEnv = process.env): DeploymentInputs {
  for (const [old, now] of Object.entries(replacedInputs)) {
    if ((scope.node.tryGetContext(old) ?? env[envName(old)]) !== undefined) {
      throw new Error(`Invalid deployment inputs:\n  - ${old}: no longer read; put the value in an SSM SecureString parameter and name it with -c ${now}=… or ${envName(now)}`);
    }
  }
  const raw: Record<string, unknown> = {};
  for (const key of inputKeys) {
    raw[key] = scope.node.tryGetContext(key) ?? env[envName(key)];
  }
  return parseInputs(raw);
}
