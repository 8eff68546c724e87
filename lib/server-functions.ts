// Every server function of the stack, built from its entry in functions/registry.ts: the house
// function with the entry's handler, size and configuration variables, and the grants its entry
// names (tables, the uploads bucket, secrets: the stack's own in Secrets Manager, the operator's as
// SSM SecureString parameters, AWS services). The constructs of each trigger kind
// (lib/api.ts, lib/ingestion.ts, lib/auth.ts, lib/schedules.ts) call `buildServerFunction` for the
// registry's entries of their kind and wire the trigger.
import path from 'node:path';
import { createRequire } from 'node:module';
import { Duration, Stack, Validations } from 'aws-cdk-lib';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { CfnFunction } from 'aws-cdk-lib/aws-lambda';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import { StringParameter } from 'aws-cdk-lib/aws-ssm';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import type { FunctionDef } from '../functions/registry.js';
import type { ConfigVariable } from '../functions/platform/config.js';
import { secretGenerated, secretInput, secretParameterVariable, secrets, type SecretKey } from '../functions/platform/secret-names.js';
import type { Data } from './data.js';
import { HouseFunction, repoRoot } from './house-function.js';
import type { BedrockModel, DeploymentInputs } from './inputs.js';

/** What the functions of the stack may be given: inputs, resources and configuration values. */
export interface FunctionContext {
  inputs: DeploymentInputs;
  data: Data;
  uploads: IBucket;
  /** Values of the configuration variables the registry's entries ask for (cloud values). */
  env: Partial<Record<ConfigVariable, string>>;
  /** The user pool, for entries with the `cognito-admin` capability. */
  userPoolArn?: string;
  /** The secrets the stack creates itself (`generated` in functions/platform/secret-names.ts). */
  generatedSecrets?: Partial<Record<SecretKey, ISecret>>;
  /** The SES identity the `send-email` entries send from: the sender's address (MAIL_FROM) and its domain. */
  mailIdentities?: string[];
  /** The podcast state machine, for entries with the `start-podcast` capability. */
  podcastMachineArn?: string;
  /** Its executions (`…:execution:{machine name}:*`, and that ARN as cdk-nag writes it), for entries with the `podcast-runs` capability. */
  podcastExecutions?: { arn: string; nagResource: string };
  /** The data export job's function, for entries with the `start-export` capability. */
  exportFunctionArn?: string;
}

/**
 * Permission to call the generation model and nothing else (Converse needs bedrock:InvokeModel).
 * A model id: that foundation model in the stack's region. An inference profile: the profile, and
 * the foundation model in each region it routes to, only when called through that profile.
 * `sidPrefix` keeps the statements of two models (Premium's and the free plan's) apart in one policy.
 */
export function bedrockInvokeStatements(stack: Stack, model: BedrockModel, sidPrefix = 'InvokeGeneration'): PolicyStatement[] {
  const foundationModels = model.regions.map((region) => `arn:${stack.partition}:bedrock:${region}::foundation-model/${model.foundationModelId}`);
  if (!model.geography) {
    return [new PolicyStatement({ sid: `${sidPrefix}Model`, actions: ['bedrock:InvokeModel'], resources: foundationModels })];
  }
  const profile = stack.formatArn({ service: 'bedrock', resource: 'inference-profile', resourceName: model.id });
  return [
    new PolicyStatement({ sid: `${sidPrefix}Profile`, actions: ['bedrock:InvokeModel'], resources: [profile] }),
    new PolicyStatement({
      sid: `${sidPrefix}ModelThroughProfile`,
      actions: ['bedrock:InvokeModel'],
      resources: foundationModels,
      conditions: { StringEquals: { 'bedrock:InferenceProfileArn': profile } },
    }),
  ];
}

/** PDFium's WebAssembly, relative to the repository root (bundling works from there). */
function pdfiumWasm(): string {
  const wasm = createRequire(import.meta.url).resolve('@embedpdf/pdfium/pdfium.wasm');
  return path.relative(repoRoot, wasm).split(path.sep).join('/');
}

/**
 * Commands that complete the bundle: the PDF worker thread bundled as `worker.mjs` (the name the
 * code looks for beside itself, functions/platform/pdf/workers.ts) and `pdfium.wasm` copied beside
 * it (functions/platform/pdf/worker.mjs finds it there).
 */
export function pdfWorkerBundleCommands(root: string, out: string): string[] {
  return [
    `"${root}/node_modules/.bin/esbuild" "${root}/functions/platform/pdf/worker.mjs" --bundle --platform=node --format=esm --target=node22 --minify --legal-comments=none --log-level=warning --outfile="${out}/worker.mjs"`,
    `cp "${root}/${pdfiumWasm()}" "${out}/pdfium.wasm"`,
  ];
}

/** A dead-letter queue for a trigger's failed asynchronous invocations, kept 14 days for inspection. */
export function failureQueue(scope: Construct, id: string, whose: string): Queue {
  const queue = new Queue(scope, id, { encryption: QueueEncryption.SQS_MANAGED, enforceSSL: true, retentionPeriod: Duration.days(14) });
  Validations.of(queue).acknowledge({
    id: 'AwsSolutions-SQS3',
    reason: `This queue is itself the dead-letter queue of ${whose}; nothing consumes it automatically.`,
  });
  return queue;
}

export function buildServerFunction(scope: Construct, def: FunctionDef, ctx: FunctionContext): HouseFunction {
  const environment: Record<string, string> = {};
  for (const name of def.env) {
    const value = ctx.env[name];
    if (value === undefined) throw new Error(`Function ${def.id} needs the configuration variable ${name}, which its construct does not provide`);
    environment[name] = value;
  }
  for (const name of def.optionalEnv ?? []) {
    const value = ctx.env[name];
    if (value !== undefined) environment[name] = value;
  }
  const fn = new HouseFunction(scope, def.id, {
    entry: def.entry,
    handler: def.handler,
    description: def.description,
    timeout: Duration.seconds(def.timeoutSeconds),
    memorySize: def.memoryMb,
    tracing: ctx.inputs.tracing,
    retainLogs: ctx.inputs.retainData,
    environment,
    afterBundling: def.bundle === 'pdf-worker' ? pdfWorkerBundleCommands : undefined,
  });
  if (def.ephemeralStorageMb) (fn.node.defaultChild as CfnFunction).ephemeralStorage = { size: def.ephemeralStorageMb };

  for (const [key, access] of Object.entries(def.tables)) fn.useTable(ctx.data.tables[key as keyof Data['tables']], access);
  if (def.uploads) fn.useUploads(ctx.uploads, def.uploads, def.uploadsKeys);

  for (const key of def.secrets ?? []) {
    const secret = secrets[key];
    if (secretGenerated(key)) {
      const generated = ctx.generatedSecrets?.[key];
      if (!generated) throw new Error(`Function ${def.id} reads the secret ${key}, which its construct does not give`);
      generated.grantRead(fn);
      fn.addEnvironment(secret.idVariable, generated.secretArn);
      continue;
    }
    const input = secretInput(key);
    const name = input && ctx.inputs[input];
    const variable = secretParameterVariable(key);
    // Not configured in this deployment: the feature answers `not_configured`.
    if (!name || !variable) continue;
    // The operator's SecureString parameter (standard tier: no monthly charge), read with the
    // account's aws/ssm key, whose policy lets SSM decrypt for any role allowed to read it.
    StringParameter.fromSecureStringParameterAttributes(fn, `${key}Parameter`, { parameterName: name }).grantRead(fn);
    fn.addEnvironment(variable, name);
  }

  for (const capability of def.capabilities ?? []) {
    switch (capability) {
      case 'bedrock':
        // Premium's model, and the free plan's lighter one when it differs.
        for (const statement of bedrockInvokeStatements(Stack.of(fn), ctx.inputs.bedrockModel)) fn.addToRolePolicy(statement);
        if (ctx.inputs.freeModel.id !== ctx.inputs.bedrockModel.id) {
          for (const statement of bedrockInvokeStatements(Stack.of(fn), ctx.inputs.freeModel, 'InvokeFreeGeneration')) fn.addToRolePolicy(statement);
        }
        break;
      case 'textract':
        fn.addToRolePolicy(
          new PolicyStatement({
            actions: ['textract:DetectDocumentText', 'textract:StartDocumentTextDetection', 'textract:GetDocumentTextDetection'],
            resources: ['*'],
          }),
        );
        Validations.of(fn.role).acknowledge({
          id: 'AwsSolutions-IAM5[Resource::*]',
          reason:
            "Textract text detection (DetectDocumentText, StartDocumentTextDetection, GetDocumentTextDetection) supports no resource-level permissions; the documents it reads are limited by the function's S3 access.",
        });
        break;
      case 'cognito-admin':
        if (!ctx.userPoolArn) throw new Error(`Function ${def.id} manages users but its construct gives no user pool`);
        // Account deletion removes the Cognito user; nothing else in the pool is reachable.
        fn.addToRolePolicy(new PolicyStatement({ actions: ['cognito-idp:AdminDeleteUser', 'cognito-idp:AdminGetUser'], resources: [ctx.userPoolArn] }));
        break;
      case 'read-users':
        if (!ctx.userPoolArn) throw new Error(`Function ${def.id} reads users but its construct gives no user pool`);
        // A student's address, found by their id (`sub`: ListUsers, as a Google student's username
        // is not their `sub`); nothing in the pool can be changed.
        fn.addToRolePolicy(new PolicyStatement({ actions: ['cognito-idp:ListUsers'], resources: [ctx.userPoolArn] }));
        break;
      case 'send-email': {
        // Without a sender (no `sesFromEmail` input) the function sends nothing and gets no permission.
        const identities = ctx.mailIdentities ?? [];
        if (identities.length) {
          const stack = Stack.of(fn);
          fn.addToRolePolicy(
            new PolicyStatement({
              actions: ['ses:SendEmail'],
              resources: identities.map((identity) => stack.formatArn({ service: 'ses', resource: 'identity', resourceName: identity })),
            }),
          );
        }
        break;
      }
      case 'polly':
        // Speech with the voices the app uses; SynthesizeSpeech has no resource but lexicons, which the app does not use.
        fn.addToRolePolicy(new PolicyStatement({ actions: ['polly:SynthesizeSpeech'], resources: ['*'] }));
        Validations.of(fn.role).acknowledge({
          id: 'AwsSolutions-IAM5[Resource::*]',
          reason: 'polly:SynthesizeSpeech takes no resource other than lexicons, which Révise does not use; the role can only speak text, nothing else in Polly.',
        });
        break;
      case 'start-podcast':
        if (!ctx.podcastMachineArn) throw new Error(`Function ${def.id} starts podcasts but its construct gives no state machine`);
        fn.addToRolePolicy(new PolicyStatement({ actions: ['states:StartExecution'], resources: [ctx.podcastMachineArn] }));
        break;
      case 'podcast-runs':
        if (!ctx.podcastExecutions) throw new Error(`Function ${def.id} asks about podcast runs but its construct gives no state machine`);
        // How a podcast's run went, nothing else: no history (it holds course text), no stopping.
        fn.addToRolePolicy(new PolicyStatement({ actions: ['states:DescribeExecution'], resources: [ctx.podcastExecutions.arn] }));
        Validations.of(fn.role).acknowledge({
          id: `AwsSolutions-IAM5[Resource::${ctx.podcastExecutions.nagResource}]`,
          reason: "An execution's ARN holds its name, the podcast's id, known only per podcast: the grant covers the podcast state machine's executions and nothing else.",
        });
        break;
      case 'start-export':
        if (!ctx.exportFunctionArn) throw new Error(`Function ${def.id} starts exports but its construct gives no export job`);
        // Queues the data export job, nothing else (its own invocations only).
        fn.addToRolePolicy(new PolicyStatement({ actions: ['lambda:InvokeFunction'], resources: [ctx.exportFunctionArn] }));
        break;
      default: {
        const unknown: never = capability;
        throw new Error(`Unknown capability ${String(unknown)}`);
      }
    }
  }
  return fn;
}
