// The cloud stack, synthesized without bundling the functions and checked on its template: what
// a deployment would create, the rules cdk-nag's AWS Solutions pack enforces, and the inputs that
// must stop a synth.
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { promisify } from 'node:util';
import { App, Stack, Validations, type CfnElement } from 'aws-cdk-lib';
import type { IConstruct } from 'constructs';
import { Annotations, Match, Template } from 'aws-cdk-lib/assertions';
import { AwsSolutionsChecks } from 'cdk-nag';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeKey, routes } from '../../functions/api/routes.js';
import { parseWebConfig } from '../../functions/core/web-config.js';
import { tableList, tables, type TableKey } from '../../functions/platform/tables.js';
import { secretInput, secretParameterVariable, secrets } from '../../functions/platform/secret-names.js';
import { functions, type FunctionDef } from '../../functions/registry.js';
import { parseInputs, readInputs, type RawInputs } from '../../lib/inputs.js';
import { ReviseStack } from '../../lib/revise-stack.js';
import { HouseFunction, repoRoot } from '../../lib/house-function.js';
import { spaRewrite, webDistOrPlaceholder } from '../../lib/web.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- template JSON is untyped by nature
type Json = Record<string, any>;

interface Synth {
  stack: ReviseStack;
  template: Template;
  json: Json;
  outdir: string;
}

const outdirs: string[] = [];

function synth(raw: RawInputs): Synth {
  const outdir = mkdtempSync(join(tmpdir(), 'revise-infra-'));
  outdirs.push(outdir);
  const app = new App({
    outdir,
    // Template tests never bundle the functions; `npm run synth` does.
    context: { 'aws:cdk:bundling-stacks': [] },
    builtinCloudFormationValidation: false,
  });
  const stack = new ReviseStack(app, 'Revise-test', { inputs: parseInputs(raw as Record<string, unknown>), env: { account: '123456789012' } });
  const template = Template.fromStack(stack);
  return { stack, template, json: template.toJSON(), outdir };
}

const logicalId = (c: IConstruct): string => Stack.of(c).getLogicalId(c.node.defaultChild as CfnElement);

const resourcesOf = (json: Json, type: string): [string, Json][] =>
  Object.entries(json.Resources as Record<string, Json>).filter(([, r]) => r.Type === type);

const only = (json: Json, type: string, where: (r: Json) => boolean = () => true): [string, Json] => {
  const found = resourcesOf(json, type).filter(([, r]) => where(r));
  expect(found, `exactly one ${type}`).toHaveLength(1);
  return found[0];
};

const google: RawInputs = {
  stage: 'prod',
  domain: 'revise.example.com',
  certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/12345678-1234-1234-1234-123456789012',
  googleClientId: '123456789012-abcdef.apps.googleusercontent.com',
  googleClientSecretName: 'revise/google-client-secret',
  authDomainPrefix: 'revise-example',
  alarmEmail: 'ops@example.com',
  sesFromEmail: 'bonjour@revise.example.com',
  stripePriceId: 'price_1Revise',
  stripeSecretParameter: '/revise/stripe-secret-key',
  stripeWebhookSecretParameter: '/revise/stripe-webhook-secret',
  promoCodesParameter: 'revise-promo-codes',
  tracing: true,
};

let base: Synth;
let full: Synth;

beforeAll(() => {
  base = synth({});
  full = synth(google);
});

afterAll(() => {
  for (const dir of outdirs) rmSync(dir, { recursive: true, force: true });
});

describe('data', () => {
  it('creates one on-demand table per definition, with its keys, indexes and point-in-time recovery', () => {
    const found = resourcesOf(base.json, 'AWS::DynamoDB::Table');
    expect(found).toHaveLength(tableList.length);
    for (const def of tableList) {
      const keySchema = [{ AttributeName: def.partitionKey.name, KeyType: 'HASH' }];
      if (def.sortKey) keySchema.push({ AttributeName: def.sortKey.name, KeyType: 'RANGE' });
      const table = Object.values(base.stack.data.tables).find((t) => t.def === def)!;
      const props = base.json.Resources[logicalId(table)].Properties;
      expect(props.KeySchema, def.id).toEqual(keySchema);
      expect(props.BillingMode).toBe('PAY_PER_REQUEST');
      expect(props.PointInTimeRecoverySpecification).toEqual({ PointInTimeRecoveryEnabled: true });
      expect(props.SSESpecification).toEqual({ SSEEnabled: true });
      expect(props.TableName).toBeUndefined();
      const indexes = (props.GlobalSecondaryIndexes ?? []).map((i: Json) => ({ name: i.IndexName, keys: i.KeySchema, projection: i.Projection }));
      expect(indexes).toEqual(
        (def.indexes ?? []).map((i) => ({
          name: i.name,
          keys: [{ AttributeName: i.partitionKey.name, KeyType: 'HASH' }, ...(i.sortKey ? [{ AttributeName: i.sortKey.name, KeyType: 'RANGE' }] : [])],
          projection: i.include ? { ProjectionType: 'INCLUDE', NonKeyAttributes: [...i.include] } : { ProjectionType: 'ALL' },
        })),
      );
      if (def.ttlAttribute) expect(props.TimeToLiveSpecification).toEqual({ AttributeName: def.ttlAttribute, Enabled: true });
    }
  });

  it("lists files from an index that holds the listing's fields and never their text", () => {
    const table = base.stack.data.tables.files;
    const [index] = base.json.Resources[logicalId(table)].Properties.GlobalSecondaryIndexes;
    expect(index.IndexName).toBe('summaries');
    expect(index.Projection.ProjectionType).toBe('INCLUDE');
    expect(index.Projection.NonKeyAttributes).toEqual(expect.arrayContaining(['display_name', 'status', 'page_count']));
    expect(index.Projection.NonKeyAttributes).not.toContain('text_content');
  });

  it('keeps data on delete in prod only', () => {
    for (const [, table] of resourcesOf(base.json, 'AWS::DynamoDB::Table')) expect(table.DeletionPolicy).toBe('Delete');
    for (const [, table] of resourcesOf(full.json, 'AWS::DynamoDB::Table')) {
      expect(table.DeletionPolicy).toBe('Retain');
      expect(table.Properties.DeletionProtectionEnabled).toBe(true);
    }
    expect(only(full.json, 'AWS::Cognito::UserPool')[1].Properties.DeletionProtection).toBe('ACTIVE');
    expect(only(base.json, 'AWS::Cognito::UserPool')[1].Properties.DeletionProtection).toBe('INACTIVE');
  });
});

describe('uploads bucket', () => {
  const uploads = (json: Json) => only(json, 'AWS::S3::Bucket', (r) => r.Properties.CorsConfiguration !== undefined);

  it('is private, encrypted, SSL-only and drops unfinished multipart uploads after a day', () => {
    const [id, bucket] = uploads(base.json);
    expect(bucket.Properties.PublicAccessBlockConfiguration).toEqual({
      BlockPublicAcls: true,
      BlockPublicPolicy: true,
      IgnorePublicAcls: true,
      RestrictPublicBuckets: true,
    });
    expect(bucket.Properties.BucketEncryption.ServerSideEncryptionConfiguration[0].ServerSideEncryptionByDefault.SSEAlgorithm).toBe('AES256');
    expect(bucket.Properties.LifecycleConfiguration.Rules).toContainEqual(expect.objectContaining({ AbortIncompleteMultipartUpload: { DaysAfterInitiation: 1 }, Status: 'Enabled' }));
    // Data export zips go by themselves after their day.
    expect(bucket.Properties.LifecycleConfiguration.Rules).toContainEqual(expect.objectContaining({ Prefix: 'exports/', ExpirationInDays: 2, Status: 'Enabled' }));
    expect(bucket.Properties.LoggingConfiguration.DestinationBucketName).toBeDefined();
    expect(bucket.Properties.BucketName).toBeUndefined();
    base.template.hasResourceProperties('AWS::S3::BucketPolicy', {
      Bucket: { Ref: id },
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({ Effect: 'Deny', Action: 's3:*', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
        ]),
      },
    });
  });

  it('allows presigned requests from the site origin only', () => {
    const rules = uploads(base.json)[1].Properties.CorsConfiguration.CorsRules;
    expect(rules).toHaveLength(1);
    expect(rules[0].AllowedMethods).toEqual(['GET', 'PUT', 'POST', 'HEAD']);
    // Without a domain, the site is the distribution's own domain.
    const [cdnId] = only(base.json, 'AWS::CloudFront::Distribution');
    expect(rules[0].AllowedOrigins).toEqual([{ 'Fn::Join': ['', ['https://', { 'Fn::GetAtt': [cdnId, 'DomainName'] }]] }]);
    expect(uploads(full.json)[1].Properties.CorsConfiguration.CorsRules[0].AllowedOrigins).toEqual(['https://revise.example.com']);
  });
});

describe('user pool', () => {
  it('signs students in by e-mail with a 6-character password and verifies the e-mail by code', () => {
    const pool = only(base.json, 'AWS::Cognito::UserPool')[1].Properties;
    expect(pool.UsernameAttributes).toEqual(['email']);
    expect(pool.AutoVerifiedAttributes).toEqual(['email']);
    expect(pool.UsernameConfiguration).toEqual({ CaseSensitive: false });
    expect(pool.AdminCreateUserConfig.AllowAdminCreateUserOnly).toBe(false);
    expect(pool.Policies.PasswordPolicy).toMatchObject({
      MinimumLength: 6,
      RequireLowercase: false,
      RequireUppercase: false,
      RequireNumbers: false,
      RequireSymbols: false,
    });
    expect(pool.VerificationMessageTemplate.DefaultEmailOption).toBe('CONFIRM_WITH_CODE');
    expect(pool.AccountRecoverySetting.RecoveryMechanisms).toEqual([{ Name: 'verified_email', Priority: 1 }]);
    expect(pool.UserPoolName).toBeUndefined();
  });

  it('wires the CustomMessage and PostConfirmation triggers to their handlers', () => {
    const pool = only(base.json, 'AWS::Cognito::UserPool')[1].Properties;
    const handlerOf = (ref: Json) => base.json.Resources[ref['Fn::GetAtt'][0]].Properties.Handler;
    expect(handlerOf(pool.LambdaConfig.CustomMessage)).toBe('index.customMessage');
    expect(handlerOf(pool.LambdaConfig.PostConfirmation)).toBe('index.postConfirmation');
    const custom = base.json.Resources[pool.LambdaConfig.CustomMessage['Fn::GetAtt'][0]].Properties;
    expect(Object.keys(custom.Environment.Variables)).toContain('APP_URL');
    const post = base.json.Resources[pool.LambdaConfig.PostConfirmation['Fn::GetAtt'][0]].Properties;
    expect(Object.keys(post.Environment.Variables)).toEqual(expect.arrayContaining(['TABLE_PROFILES', 'TABLE_REFERRAL_CODES', 'TABLE_USAGE']));
  });

  it('gives the web client password, SRP and refresh-token flows, no secret, and no OAuth without Google', () => {
    const client = only(base.json, 'AWS::Cognito::UserPoolClient')[1].Properties;
    expect(client.ExplicitAuthFlows).toEqual(expect.arrayContaining(['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_USER_SRP_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH']));
    expect(client.GenerateSecret).toBe(false);
    expect(client.AccessTokenValidity).toBe(60);
    expect(client.RefreshTokenValidity).toBe(43200);
    expect(client.SupportedIdentityProviders).toEqual(['COGNITO']);
    expect(client.AllowedOAuthFlows).toBeUndefined();
    expect(resourcesOf(base.json, 'AWS::Cognito::UserPoolIdentityProvider')).toHaveLength(0);
    expect(resourcesOf(base.json, 'AWS::Cognito::UserPoolDomain')).toHaveLength(0);
  });

  it('sends e-mails through Cognito by default, or from the SES identity given', () => {
    expect(only(base.json, 'AWS::Cognito::UserPool')[1].Properties.EmailConfiguration).toEqual({ EmailSendingAccount: 'COGNITO_DEFAULT' });
    expect(only(full.json, 'AWS::Cognito::UserPool')[1].Properties.EmailConfiguration).toMatchObject({
      EmailSendingAccount: 'DEVELOPER',
      // "Révise", encoded for the From header.
      From: `=?UTF-8?B?${Buffer.from('Révise').toString('base64')}?= <bonjour@revise.example.com>`,
    });
  });

  it('with Google configured, federates through the hosted UI back to /auth/callback', () => {
    const [googleId, idp] = only(full.json, 'AWS::Cognito::UserPoolIdentityProvider');
    expect(idp.Properties.ProviderName).toBe('Google');
    expect(idp.Properties.ProviderDetails.client_id).toBe(google.googleClientId);
    expect(idp.Properties.ProviderDetails.client_secret).toBe('{{resolve:secretsmanager:revise/google-client-secret:SecretString:::}}');
    expect(idp.Properties.AttributeMapping).toMatchObject({ email: 'email', email_verified: 'email_verified' });
    expect(only(full.json, 'AWS::Cognito::UserPoolDomain')[1].Properties.Domain).toBe('revise-example');
    const [, client] = only(full.json, 'AWS::Cognito::UserPoolClient');
    expect(client.Properties.SupportedIdentityProviders).toEqual(['COGNITO', 'Google']);
    expect(client.DependsOn).toContain(googleId);
    expect(client.Properties.AllowedOAuthFlows).toEqual(['code']);
    expect(client.Properties.CallbackURLs).toEqual(['https://revise.example.com/auth/callback']);
    expect(client.Properties.LogoutURLs).toEqual(['https://revise.example.com/']);
  });
});

describe('API', () => {
  const apiHandler = (json: Json) =>
    only(json, 'AWS::Lambda::Function', (r) => r.Properties.Handler === 'index.handler' && r.Properties.Description === 'Serves every route of the HTTP API');

  it('has one route per entry of the route table, with the JWT authorizer exactly on user routes', () => {
    const found = resourcesOf(base.json, 'AWS::ApiGatewayV2::Route').map(([, r]) => r.Properties);
    expect(found.map((r) => r.RouteKey).sort()).toEqual(routes.map(routeKey).sort());
    const [authorizerId, authorizer] = only(base.json, 'AWS::ApiGatewayV2::Authorizer');
    expect(authorizer.Properties.AuthorizerType).toBe('JWT');
    const [clientId] = only(base.json, 'AWS::Cognito::UserPoolClient');
    expect(authorizer.Properties.JwtConfiguration.Audience).toEqual([{ Ref: clientId }]);
    for (const route of routes) {
      const props = found.find((r) => r.RouteKey === routeKey(route))!;
      if (route.auth === 'user') {
        expect(props.AuthorizationType, routeKey(route)).toBe('JWT');
        expect(props.AuthorizerId, routeKey(route)).toEqual({ Ref: authorizerId });
      } else {
        expect(props.AuthorizationType, routeKey(route)).toBe('NONE');
        expect(props.AuthorizerId, routeKey(route)).toBeUndefined();
      }
    }
    // Every route reaches the one API function.
    const [handlerId] = apiHandler(base.json);
    const [, integration] = only(base.json, 'AWS::ApiGatewayV2::Integration');
    expect(JSON.stringify(integration.Properties.IntegrationUri)).toContain(handlerId);
    expect(integration.Properties.PayloadFormatVersion).toBe('2.0');
  });

  it('logs access on the default stage and throttles it', () => {
    const stage = only(base.json, 'AWS::ApiGatewayV2::Stage')[1].Properties;
    expect(stage.StageName).toBe('$default');
    expect(stage.AutoDeploy).toBe(true);
    expect(stage.AccessLogSettings.DestinationArn).toBeDefined();
    expect(stage.DefaultRouteSettings).toMatchObject({ ThrottlingRateLimit: expect.any(Number), ThrottlingBurstLimit: expect.any(Number) });
  });

  it('runs every function on Node 22, ARM64, as an ESM bundle with source maps', () => {
    const ours = HouseFunction.all(base.stack).map((fn) => [logicalId(fn), base.json.Resources[logicalId(fn)]] as const);
    expect(ours.map(([, r]) => r.Properties.Handler).sort()).toEqual(functions.map((f) => `index.${f.handler}`).sort());
    for (const [, fn] of ours) {
      expect(fn.Properties.Runtime).toBe('nodejs22.x');
      expect(fn.Properties.Architectures).toEqual(['arm64']);
      expect(fn.Properties.Environment.Variables.NODE_OPTIONS).toBe('--enable-source-maps');
      expect(fn.Properties.LoggingConfig.LogGroup).toBeDefined();
      expect(fn.Properties.FunctionName).toBeUndefined();
    }
    for (const [, group] of resourcesOf(base.json, 'AWS::Logs::LogGroup')) expect(group.Properties.RetentionInDays).toBe(30);
  });

  it('gives the API function its configuration and only the access it needs', () => {
    const [handlerId, handler] = apiHandler(base.json);
    const env = handler.Properties.Environment.Variables;
    for (const def of tableList) expect(Object.keys(env)).toContain(def.env);
    for (const name of ['UPLOADS_BUCKET', 'USER_POOL_ID', 'USER_POOL_CLIENT_ID', 'APP_URL', 'BEDROCK_MODEL_ID']) expect(Object.keys(env)).toContain(name);
    const [poolId] = only(base.json, 'AWS::Cognito::UserPool');
    expect(env.USER_POOL_ID).toEqual({ Ref: poolId });

    const roleId = handler.Properties.Role['Fn::GetAtt'][0];
    const statements = [...resourcesOf(base.json, 'AWS::IAM::Policy'), ...resourcesOf(base.json, 'AWS::IAM::ManagedPolicy')]
      .filter(([, p]) => (p.Properties.Roles ?? []).some((r: Json) => r.Ref === roleId))
      .flatMap(([, p]) => p.Properties.PolicyDocument.Statement as Json[]);
    const actions = statements.flatMap((s) => [s.Action].flat());
    expect(actions).toEqual(expect.arrayContaining(['dynamodb:UpdateItem', 's3:PutObject', 's3:DeleteObject', 's3:ListBucket', 'cognito-idp:AdminDeleteUser', 'cognito-idp:AdminGetUser']));
    for (const s of statements) {
      expect(s.Resource, JSON.stringify(s)).not.toBe('*');
      for (const a of [s.Action].flat()) expect(a, 'no wildcard actions').not.toMatch(/\*/);
    }
    const cognito = statements.find((s) => [s.Action].flat().includes('cognito-idp:AdminDeleteUser'))!;
    expect(cognito.Resource).toEqual({ 'Fn::GetAtt': [poolId, 'Arn'] });
    expect(handlerId).toBeTruthy();
  });
});

describe('function registry', () => {
  /** The Lambda built from a registry entry (entries have distinct descriptions). */
  const lambdaOf = (json: Json, def: FunctionDef): [string, Json] =>
    only(json, 'AWS::Lambda::Function', (r) => r.Properties.Description === def.description && r.Properties.Handler === `index.${def.handler}`);
  const arnOf = (id: string) => ({ 'Fn::GetAtt': [id, 'Arn'] });

  it('builds every entry with its size, configuration, tables and bucket', () => {
    for (const def of functions) {
      const [, fn] = lambdaOf(base.json, def);
      expect(fn.Properties.MemorySize, def.id).toBe(def.memoryMb);
      expect(fn.Properties.Timeout, def.id).toBe(def.timeoutSeconds);
      const env = Object.keys(fn.Properties.Environment.Variables);
      expect(env, def.id).toEqual(expect.arrayContaining([...def.env, ...Object.keys(def.tables).map((k) => tables[k as TableKey].env)]));
      if (def.uploads) expect(env, def.id).toContain('UPLOADS_BUCKET');
      else expect(env, def.id).not.toContain('UPLOADS_BUCKET');
    }
  });

  it('tells every entry that writes with Bedrock both models, and lets it invoke both, through their EU profiles', () => {
    const writers = functions.filter((def) => def.capabilities?.includes('bedrock'));
    expect(writers.map((d) => d.id)).toEqual(expect.arrayContaining(['Handler', 'PodcastWriteScript']));
    for (const def of writers) {
      const [, fn] = lambdaOf(base.json, def);
      expect(fn.Properties.Environment.Variables, def.id).toMatchObject({
        BEDROCK_MODEL_ID: 'eu.anthropic.claude-haiku-4-5-20251001-v1:0',
        BEDROCK_FREE_MODEL_ID: 'eu.amazon.nova-lite-v1:0',
      });
      const roleId = fn.Properties.Role['Fn::GetAtt'][0];
      const granted = [...resourcesOf(base.json, 'AWS::IAM::Policy'), ...resourcesOf(base.json, 'AWS::IAM::ManagedPolicy')]
        .filter(([, p]) => (p.Properties.Roles ?? []).some((r: Json) => r.Ref === roleId))
        .flatMap(([, p]) => p.Properties.PolicyDocument.Statement as Json[])
        .filter((st) => [st.Action].flat().includes('bedrock:InvokeModel'))
        .map((st) => JSON.stringify(st.Resource));
      for (const model of ['anthropic.claude-haiku-4-5-20251001-v1:0', 'amazon.nova-lite-v1:0']) {
        expect(granted.some((r) => r.includes(`inference-profile/eu.${model}`)), `${def.id}: the profile of ${model}`).toBe(true);
        expect(granted.some((r) => r.includes(`foundation-model/${model}`)), `${def.id}: ${model}`).toBe(true);
      }
    }
  });

  it('wires every entry to its trigger', () => {
    for (const def of functions) {
      const [id] = lambdaOf(base.json, def);
      const trigger = def.trigger;
      switch (trigger.kind) {
        case 'http': {
          const [, integration] = only(base.json, 'AWS::ApiGatewayV2::Integration');
          expect(integration.Properties.IntegrationUri).toEqual(arnOf(id));
          break;
        }
        case 'storage': {
          const [, notifications] = only(base.json, 'Custom::S3BucketNotifications');
          const targets = (notifications.Properties.NotificationConfiguration.LambdaFunctionConfigurations as Json[]).map((c) => c.LambdaFunctionArn);
          expect(targets).toContainEqual(arnOf(id));
          break;
        }
        case 'cognito': {
          const pool = only(base.json, 'AWS::Cognito::UserPool')[1].Properties;
          const key = trigger.trigger === 'customMessage' ? 'CustomMessage' : 'PostConfirmation';
          expect(pool.LambdaConfig[key]).toEqual(arnOf(id));
          break;
        }
        case 'schedule': {
          const [, schedule] = only(base.json, 'AWS::Scheduler::Schedule', (r) => JSON.stringify(r.Properties.Target.Arn) === JSON.stringify(arnOf(id)));
          const { minute, hour, day, month } = trigger.cron;
          expect(schedule.Properties.ScheduleExpression).toBe(`cron(${minute} ${hour} ${day} ${month} ? *)`);
          expect(schedule.Properties.ScheduleExpressionTimezone).toBe(trigger.timeZone);
          expect(schedule.Properties.Target.RetryPolicy.MaximumRetryAttempts).toBe(def.retries);
          expect(schedule.Properties.Target.DeadLetterConfig.Arn).toBeDefined();
          expect(JSON.parse(schedule.Properties.Target.Input)).toEqual({ scheduledTime: '<aws.scheduler.scheduled-time>' });
          break;
        }
        case 'task': {
          const [, machine] = only(base.json, 'AWS::StepFunctions::StateMachine');
          const placeholder = { WriteScript: 'WriteScriptFunctionArn', SynthesiseSegment: 'SynthesiseSegmentFunctionArn', Finalise: 'FinaliseFunctionArn', MarkFailed: 'MarkFailedFunctionArn' }[trigger.state];
          expect(machine.Properties.DefinitionSubstitutions[placeholder]).toEqual(arnOf(id));
          break;
        }
        case 'job': {
          // Invoked asynchronously by the API: its retries and dead-letter queue, and the API may invoke it and nothing else.
          const [, invokeConfig] = only(base.json, 'AWS::Lambda::EventInvokeConfig', (r) => r.Properties.FunctionName?.Ref === id);
          expect(invokeConfig.Properties.MaximumRetryAttempts).toBe(def.retries ?? 0);
          expect(invokeConfig.Properties.DestinationConfig.OnFailure.Destination).toBeDefined();
          const [handlerId] = lambdaOf(base.json, functions.find((f) => f.trigger.kind === 'http')!);
          const handlerFn = (base.json.Resources as Record<string, Json>)[handlerId];
          expect(handlerFn.Properties.Environment.Variables.EXPORT_FUNCTION_NAME).toEqual({ Ref: id });
          const invokes = Object.values(base.json.Resources as Record<string, Json>)
            // The role's policy, or the overflow managed policy CDK adds when it grows too large.
            .filter((r) => r.Type === 'AWS::IAM::Policy' || r.Type === 'AWS::IAM::ManagedPolicy')
            .flatMap((r) => r.Properties.PolicyDocument.Statement as Json[])
            .filter((st) => [st.Action].flat().includes('lambda:InvokeFunction') && JSON.stringify(st.Resource) === JSON.stringify(arnOf(id)));
          expect(invokes.length).toBeGreaterThan(0);
          break;
        }
        default: {
          const unknown: never = trigger;
          throw new Error(`no check for trigger ${JSON.stringify(unknown)}`);
        }
      }
    }
  });

  it("gives an entry the operator's SecureString parameters by name, readable and nothing more, only when the deployment names them", () => {
    let checked = 0;
    for (const def of functions.filter((f) => f.secrets?.some((key) => secretInput(key)))) {
      const named = def.secrets!.filter((key) => secretInput(key));
      const [, plain] = lambdaOf(base.json, def);
      for (const key of named) expect(Object.keys(plain.Properties.Environment.Variables)).not.toContain(secretParameterVariable(key));
      const [, fn] = lambdaOf(full.json, def);
      const env = fn.Properties.Environment.Variables;
      const roleId = fn.Properties.Role['Fn::GetAtt'][0];
      const statements = [...resourcesOf(full.json, 'AWS::IAM::Policy'), ...resourcesOf(full.json, 'AWS::IAM::ManagedPolicy')]
        .filter(([, p]) => (p.Properties.Roles ?? []).some((r: Json) => r.Ref === roleId))
        .flatMap(([, p]) => p.Properties.PolicyDocument.Statement as Json[]);
      for (const key of named) {
        const name = google[secretInput(key)!] as string;
        expect(env[secretParameterVariable(key)!]).toBe(name);
        expect(Object.keys(env)).not.toContain(secrets[key].idVariable);
        // The parameter's own ARN (a name without its leading slash after `parameter/`), never a wildcard.
        const grants = statements.filter((s) => JSON.stringify(s.Resource).includes(`:parameter/${name.replace(/^\//, '')}"`));
        expect(grants.flatMap((g) => [g.Action].flat()).sort(), key).toEqual(['ssm:DescribeParameters', 'ssm:GetParameter', 'ssm:GetParameterHistory', 'ssm:GetParameters']);
        checked++;
      }
      // Secrets Manager only for the key the stack generates (a Ref to its own secret), never by name.
      const stackSecrets = resourcesOf(full.json, 'AWS::SecretsManager::Secret').map(([id]) => id);
      for (const s of statements.filter((st) => JSON.stringify(st.Action).includes('secretsmanager:'))) expect(stackSecrets).toContain(s.Resource.Ref);
    }
    expect(checked).toBeGreaterThanOrEqual(3);
    // The operator's secrets are parameters, not Secrets Manager secrets: the only secret the stack holds is the key it generates.
    expect(resourcesOf(full.json, 'AWS::SecretsManager::Secret').map(([, r]) => r.Properties.Description)).toEqual([expect.stringMatching(/unsubscribe/)]);
  });

  it('refuse the inputs that named Secrets Manager secrets, naming the parameter input that replaces each', () => {
    expect(() => readInputs(new App({ context: { stripeSecretName: 'revise/stripe' } }), {})).toThrow(/stripeSecretName: no longer read.*-c stripeSecretParameter=/);
    expect(() => readInputs(new App(), { REVISE_PROMO_CODES_SECRET_NAME: 'revise/promo' })).toThrow(/promoCodesSecretName: no longer read.*-c promoCodesParameter=/);
    expect(() => parseInputs({ stripeSecretParameter: 'aws/stripe' })).toThrow(/stripeSecretParameter: must be at most 1,011 characters and not start with aws or ssm/);
  });
});

describe('site', () => {
  const distribution = (json: Json) => only(json, 'AWS::CloudFront::Distribution')[1].Properties.DistributionConfig;

  it('serves the private site bucket through Origin Access Control and the API under /api/*', () => {
    const config = distribution(base.json);
    const s3Origin = config.Origins.find((o: Json) => o.S3OriginConfig);
    expect(s3Origin.OriginAccessControlId).toBeDefined();
    expect(s3Origin.S3OriginConfig.OriginAccessIdentity).toBe('');
    const [httpApiId] = only(base.json, 'AWS::ApiGatewayV2::Api');
    const apiOrigin = config.Origins.find((o: Json) => o.CustomOriginConfig);
    expect(JSON.stringify(apiOrigin.DomainName)).toContain(httpApiId);
    expect(apiOrigin.CustomOriginConfig.OriginProtocolPolicy).toBe('https-only');

    expect(config.CacheBehaviors).toHaveLength(1);
    const api = config.CacheBehaviors[0];
    expect(api.PathPattern).toBe('/api/*');
    expect(api.TargetOriginId).toBe(apiOrigin.Id);
    expect(api.AllowedMethods).toEqual(['GET', 'HEAD', 'OPTIONS', 'PUT', 'PATCH', 'POST', 'DELETE']);
    expect(api.CachePolicyId).toBe('4135ea2d-6df8-44a3-9df3-4b5a84be39ad'); // CachingDisabled
    expect(api.OriginRequestPolicyId).toBe('b689b0a8-53d0-40ab-baf2-68738e2966ac'); // AllViewerExceptHostHeader
    expect(api.FunctionAssociations).toBeUndefined();

    expect(config.DefaultCacheBehavior.TargetOriginId).toBe(s3Origin.Id);
    expect(config.DefaultCacheBehavior.ViewerProtocolPolicy).toBe('redirect-to-https');
    expect(config.DefaultCacheBehavior.FunctionAssociations).toHaveLength(1);
    expect(config.Logging.Prefix).toBe('cloudfront/');
  });

  it('answers app routes with index.html and leaves files alone', () => {
    const rewrite = (uri: string) => runInNewContext(`${spaRewrite}\nhandler({ request: { uri: ${JSON.stringify(uri)} } }).uri`) as string;
    expect(rewrite('/')).toBe('/index.html');
    expect(rewrite('/subjects')).toBe('/index.html');
    expect(rewrite('/subject/01HX/quiz')).toBe('/index.html');
    expect(rewrite('/auth/callback')).toBe('/index.html');
    expect(rewrite('/assets/index-abc123.js')).toBe('/assets/index-abc123.js');
    expect(rewrite('/config.json')).toBe('/config.json');
    const [, fn] = only(base.json, 'AWS::CloudFront::Function');
    expect(fn.Properties.FunctionCode).toBe(spaRewrite);
    expect(fn.Properties.FunctionConfig.Runtime).toBe('cloudfront-js-2.0');
  });

  it('sends a strict CSP, HSTS, frame denial, a referrer policy and nosniff', () => {
    const policy = only(base.json, 'AWS::CloudFront::ResponseHeadersPolicy')[1].Properties.ResponseHeadersPolicyConfig.SecurityHeadersConfig;
    const csp: string = policy.ContentSecurityPolicy.ContentSecurityPolicy;
    const directives = Object.fromEntries(csp.split('; ').map((d) => [d.split(' ')[0], d.split(' ').slice(1)]));
    expect(directives['default-src']).toEqual(["'self'"]);
    expect(directives['script-src']).not.toContain("'unsafe-inline'");
    expect(directives['connect-src']).toEqual(["'self'", 'https://cognito-idp.eu-west-3.amazonaws.com', 'https://*.s3.eu-west-3.amazonaws.com']);
    expect(directives['frame-ancestors']).toEqual(["'none'"]);
    expect(directives['object-src']).toEqual(["'none'"]);
    expect(csp).not.toMatch(/cdn|unpkg|jsdelivr|googleapis/);
    expect(policy.StrictTransportSecurity).toMatchObject({ AccessControlMaxAgeSec: 63072000, IncludeSubdomains: true });
    expect(policy.FrameOptions.FrameOption).toBe('DENY');
    expect(policy.ReferrerPolicy.ReferrerPolicy).toBe('strict-origin-when-cross-origin');
    expect(policy.ContentTypeOptions.Override).toBe(true);

    const fullCsp: string = only(full.json, 'AWS::CloudFront::ResponseHeadersPolicy')[1].Properties.ResponseHeadersPolicyConfig.SecurityHeadersConfig.ContentSecurityPolicy.ContentSecurityPolicy;
    expect(fullCsp).toContain("connect-src 'self' https://cognito-idp.eu-west-3.amazonaws.com https://revise-example.auth.eu-west-3.amazoncognito.com");
    // Both behaviours carry the headers.
    const config = distribution(base.json);
    expect(config.CacheBehaviors[0].ResponseHeadersPolicyId).toEqual(config.DefaultCacheBehavior.ResponseHeadersPolicyId);
  });

  it('uses the custom domain and its certificate with TLS 1.2 when configured', () => {
    const config = distribution(full.json);
    expect(config.Aliases).toEqual(['revise.example.com']);
    expect(config.ViewerCertificate).toMatchObject({ AcmCertificateArn: google.certificateArn, MinimumProtocolVersion: 'TLSv1.2_2021', SslSupportMethod: 'sni-only' });
  });

  it('deploys config.json beside the app, matching the web config schema', () => {
    const check = (s: Synth) => {
      const [, entry] = only(s.json, 'Custom::CDKBucketDeployment', (r) => (r.Properties.Include ?? []).includes('config.json'));
      expect(entry.Properties.Include).toEqual(['index.html', 'config.json']);
      expect(entry.Properties.DistributionPaths).toEqual(['/*']);
      const index = entry.Properties.SourceMarkers.findIndex((m: Json) => Object.keys(m).length > 0);
      const key: string = entry.Properties.SourceObjectKeys[index];
      let text = readFileSync(join(s.outdir, `asset.${key.replace(/\.zip$/, '')}`, 'config.json'), 'utf8');
      // Deploy-time values (pool and client ids) are markers until CloudFormation fills them in.
      for (const marker of Object.keys(entry.Properties.SourceMarkers[index])) text = text.replaceAll(marker, 'eu-west-3_deployed');
      return parseWebConfig(JSON.parse(text));
    };
    const config = check(base);
    expect(config).toMatchObject({ stage: 'cloud', apiUrl: '/api', region: 'eu-west-3' });
    expect(config.oauth).toBeUndefined();
    expect(check(full).oauth).toEqual({
      domain: 'revise-example.auth.eu-west-3.amazoncognito.com',
      redirectSignIn: 'https://revise.example.com/auth/callback',
      redirectSignOut: 'https://revise.example.com/',
      scopes: ['openid', 'email', 'profile'],
    });
  });

  it('caches hashed assets for a year, other files a day, and revalidates index.html and config.json', () => {
    const deployments = resourcesOf(base.json, 'Custom::CDKBucketDeployment').map(([id, r]) => ({ id, ...r.Properties, DependsOn: r.DependsOn ?? [] }));
    expect(deployments).toHaveLength(3);
    const by = (pattern: string) => deployments.find((d) => (d.Include ?? []).includes(pattern) || (!d.Include && pattern === 'rest'))!;
    expect(by('assets/*')).toMatchObject({ Exclude: ['*'], Prune: false, SystemMetadata: { 'cache-control': 'public, max-age=31536000, immutable' } });
    expect(by('rest')).toMatchObject({ Exclude: ['index.html', 'config.json', 'assets/*'], Prune: true, SystemMetadata: { 'cache-control': 'public, max-age=86400' } });
    const entry = by('config.json');
    expect(entry).toMatchObject({ Exclude: ['*'], Prune: false, SystemMetadata: { 'cache-control': 'no-cache' } });
    expect(entry.DependsOn).toEqual(expect.arrayContaining([by('assets/*').id, by('rest').id]));
  });

  it('compresses at the edge (gzip and brotli) and leaves the build\'s precompressed copies out of the bucket', () => {
    const behaviour = distribution(base.json).DefaultCacheBehavior;
    expect(behaviour.Compress).toBe(true);
    expect(behaviour.CachePolicyId).toBe('658327ea-f89d-4fab-a63d-7e88639e58f6'); // CachingOptimized: gzip + brotli keys

    const dist = mkdtempSync(join(tmpdir(), 'revise-dist-'));
    outdirs.push(dist);
    mkdirSync(join(dist, 'assets', 'ocr-1'), { recursive: true });
    for (const file of ['index.html', 'index.html.br', 'index.html.gz', 'assets/app-1.js', 'assets/app-1.js.br', 'assets/app-1.js.gz', 'assets/ocr-1/eng.traineddata.gz']) {
      writeFileSync(join(dist, file), file);
    }
    const outdir = mkdtempSync(join(tmpdir(), 'revise-infra-'));
    outdirs.push(outdir);
    const app = new App({ outdir, context: { 'aws:cdk:bundling-stacks': [] }, builtinCloudFormationValidation: false });
    new ReviseStack(app, 'Revise-dist', { inputs: parseInputs({}), webDistDir: dist, env: { account: '123456789012' } });
    app.synth();
    const staged = readdirSync(outdir)
      .filter((name) => name.startsWith('asset.'))
      .map((name) => join(outdir, name))
      .filter((dir) => statSync(dir).isDirectory() && readdirSync(dir).includes('index.html'));
    expect(staged.length).toBeGreaterThan(0);
    for (const dir of staged) {
      const files = readdirSync(dir, { recursive: true }).map(String).sort();
      expect(files).toEqual(['assets', 'assets/app-1.js', 'assets/ocr-1', 'assets/ocr-1/eng.traineddata.gz', 'index.html']);
    }
  });

  it('still synthesizes before the web app is built, with a placeholder page', () => {
    const dir = webDistOrPlaceholder(join(tmpdir(), 'revise-no-such-build'));
    expect(readFileSync(join(dir, 'index.html'), 'utf8')).toContain('npm run build');
  });

  it('outputs the site URL', () => {
    const outputs = base.json.Outputs as Json;
    const [cdnId] = only(base.json, 'AWS::CloudFront::Distribution');
    expect(outputs.SiteUrl.Value).toEqual({ 'Fn::Join': ['', ['https://', { 'Fn::GetAtt': [cdnId, 'DomainName'] }]] });
    expect((full.json.Outputs as Json).SiteUrl.Value).toBe('https://revise.example.com');
  });
});

describe('alarms', () => {
  it('exist only with an alarm e-mail: API 5xx and every function\'s errors, sent by e-mail', () => {
    expect(resourcesOf(base.json, 'AWS::SNS::Topic')).toHaveLength(0);
    expect(resourcesOf(base.json, 'AWS::CloudWatch::Alarm')).toHaveLength(0);
    const [topicId] = only(full.json, 'AWS::SNS::Topic');
    full.template.hasResourceProperties('AWS::SNS::Subscription', { Protocol: 'email', Endpoint: 'ops@example.com', TopicArn: { Ref: topicId } });
    const alarms = resourcesOf(full.json, 'AWS::CloudWatch::Alarm').map(([, a]) => a.Properties);
    expect(alarms.filter((a) => a.Namespace === 'AWS/ApiGateway' && a.MetricName === '5xx')).toHaveLength(1);
    expect(alarms.filter((a) => a.Namespace === 'AWS/Lambda' && a.MetricName === 'Errors')).toHaveLength(functions.length);
    for (const a of alarms) expect(a.AlarmActions).toEqual([{ Ref: topicId }]);
  });
});

describe('whole template', () => {
  it('has no dependency cycle', () => {
    for (const s of [base, full]) {
      const resources = s.json.Resources as Record<string, Json>;
      const deps = new Map<string, Set<string>>();
      for (const [id, r] of Object.entries(resources)) {
        const found = new Set<string>([r.DependsOn ?? []].flat());
        const walk = (v: unknown): void => {
          if (Array.isArray(v)) v.forEach(walk);
          else if (v && typeof v === 'object') {
            for (const [k, inner] of Object.entries(v)) {
              if (k === 'Ref' && typeof inner === 'string' && inner in resources) found.add(inner);
              else if (k === 'Fn::GetAtt') found.add((inner as string[])[0]);
              else walk(inner);
            }
          }
        };
        walk(r.Properties);
        deps.set(id, found);
      }
      const state = new Map<string, 'open' | 'done'>();
      const visit = (id: string, path: string[]): void => {
        if (state.get(id) === 'done') return;
        if (state.get(id) === 'open') throw new Error(`cycle: ${[...path, id].join(' → ')}`);
        state.set(id, 'open');
        for (const d of deps.get(id) ?? []) visit(d, [...path, id]);
        state.set(id, 'done');
      };
      for (const id of deps.keys()) visit(id, []);
    }
  });

  it('names no resource physically', () => {
    for (const s of [base, full]) {
      for (const [id, r] of Object.entries(s.json.Resources as Record<string, Json>)) {
        if (r.Type.startsWith('Custom::')) continue; // custom resources name what they act on
        for (const key of ['TableName', 'BucketName', 'FunctionName', 'RoleName', 'LogGroupName', 'TopicName', 'UserPoolName']) {
          // A reference to another resource is fine; a literal name is not.
          expect(typeof r.Properties?.[key], `${id}.${key}`).not.toBe('string');
        }
      }
    }
  });

  it('synthesizes without warnings', () => {
    for (const s of [base, full]) expect(Annotations.fromStack(s.stack).findWarning('*', Match.anyValue())).toEqual([]);
  });

  it('passes the AWS Solutions checks of cdk-nag, each acknowledgment with its reason', () => {
    for (const s of [base, full]) {
      const report = new AwsSolutionsChecks().validateScope(s.stack);
      const findings = report.violations.map((v) => `${v.severity} ${v.ruleName}: ${v.violatingResources.map((r) => r.constructPath).join(', ')}`);
      expect(findings).toEqual([]);
      const reasons = s.stack.node
        .findAll()
        .flatMap((c) => c.node.metadata.filter((m) => m.type === Validations.ACKNOWLEDGED_RULES_METADATA_KEY))
        .flatMap((m) => Object.entries(m.data as Record<string, string>));
      expect(reasons.length).toBeGreaterThan(0);
      for (const [rule, reason] of reasons) expect(reason.length, `reason for ${rule}`).toBeGreaterThan(40);
    }
  });
});

describe('function bundles', () => {
  it('bundle with the local esbuild into ESM that loads and answers', async () => {
    const outdir = mkdtempSync(join(tmpdir(), 'revise-infra-bundle-'));
    outdirs.push(outdir);
    const app = new App({ outdir, builtinCloudFormationValidation: false });
    const stack = new ReviseStack(app, 'Revise-bundle', { inputs: parseInputs({}) });
    const assembly = app.synth();
    const template = assembly.getStackByName(stack.stackName).template as Json;
    const bundleOf = (fn: HouseFunction) => {
      const code = template.Resources[logicalId(fn)].Properties.Code;
      const key = String(code.S3Key).replace(/\.zip$/, '');
      return join(outdir, `asset.${key}`, 'index.mjs');
    };
    const env = { USER_POOL_ID: 'eu-west-3_test', USER_POOL_CLIENT_ID: 'client', AWS_REGION: 'eu-west-3' };
    Object.assign(process.env, env);
    const api = await import(bundleOf(stack.api.handler));
    const health = await api.handler({
      routeKey: 'GET /api/health',
      rawPath: '/api/health',
      headers: {},
      requestContext: { http: { method: 'GET', path: '/api/health' }, requestId: 'test' },
      isBase64Encoded: false,
    });
    expect(health.statusCode).toBe(200);
    expect(JSON.parse(health.body)).toEqual({ ok: true });
    const triggers = await import(bundleOf(stack.auth.customMessage));
    expect(typeof triggers.customMessage).toBe('function');
    expect(typeof triggers.postConfirmation).toBe('function');
    expect(bundleOf(stack.auth.postConfirmation)).toBe(bundleOf(stack.auth.customMessage));
  });
});

describe('deployment inputs', () => {
  it('default to a dev stage in eu-west-3 without Google, alarms or payments', () => {
    expect(parseInputs({})).toMatchObject({ stage: 'dev', region: 'eu-west-3', tracing: false, retainData: false });
    expect(parseInputs({ stage: 'prod' }).retainData).toBe(true);
    expect(parseInputs({ tracing: 'true' }).tracing).toBe(true);
  });

  it('reject a bad input with a message naming it and how to set it', () => {
    expect(() => parseInputs({ alarmEmail: 'not-an-email' })).toThrow(
      'alarmEmail: must be an e-mail address (got "not-an-email"); set it with -c alarmEmail=… or REVISE_ALARM_EMAIL',
    );
    expect(() => parseInputs({ googleClientId: '123-abc.apps.googleusercontent.com' })).toThrow(/googleClientSecretName: is required with googleClientId/);
    expect(() => parseInputs({ domain: 'https://revise.example.com/' })).toThrow(/domain: must be a lower-case host name/);
    expect(() => parseInputs({ region: 'paris' })).toThrow(/region: must be an AWS region code/);
  });

  it('are read from CDK context before the environment', () => {
    const app = new App({ context: { stage: 'staging' } });
    expect(readInputs(app, { REVISE_STAGE: 'other', REVISE_ALARM_EMAIL: 'ops@example.com' })).toMatchObject({ stage: 'staging', alarmEmail: 'ops@example.com' });
    expect(() => readInputs(new App(), { REVISE_ALARM_EMAIL: 'ops' })).toThrow(/alarmEmail: must be an e-mail address/);
  });

  it('stop the CDK app with the message before anything is synthesized', async () => {
    const run = promisify(execFile);
    const outdir = mkdtempSync(join(tmpdir(), 'revise-infra-app-'));
    outdirs.push(outdir);
    const result = await run(process.execPath, ['--import', 'tsx', 'bin/app.ts'], {
      cwd: repoRoot,
      env: { ...process.env, CDK_OUTDIR: outdir, REVISE_ALARM_EMAIL: 'ops-at-example' },
    }).then(
      () => ({ code: 0, stderr: '' }),
      (e: { code: number; stderr: string }) => e,
    );
    expect(result.code).not.toBe(0);
    expect(result.stderr).toContain('Invalid deployment inputs:\n  - alarmEmail: must be an e-mail address (got "ops-at-example")');
  });
});
