// The generation models in the cloud stack: the API function is told to write with Bedrock and
// which models (Premium's, and the free plan's lighter one), and may invoke those models only (their
// inference profiles and the foundation models in the profiles' regions, never `*`); the model
// inputs that cannot work stop the synth.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App, Stack, type CfnElement } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { AwsSolutionsChecks } from 'cdk-nag';
import type { IConstruct } from 'constructs';
import { afterAll, describe, expect, it } from 'vitest';
import { parseInputs, profileRegions, type RawInputs } from '../../lib/inputs.js';
import { ReviseStack } from '../../lib/revise-stack.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- template JSON is untyped by nature
type Json = Record<string, any>;

const ACCOUNT = '123456789012';
const DEFAULT_MODEL = 'eu.anthropic.claude-haiku-4-5-20251001-v1:0';
const DEFAULT_FREE_MODEL = 'eu.amazon.nova-lite-v1:0';
const outdirs: string[] = [];

afterAll(() => {
  for (const dir of outdirs) rmSync(dir, { recursive: true, force: true });
});

const logicalId = (c: IConstruct): string => Stack.of(c).getLogicalId(c.node.defaultChild as CfnElement);

function synth(raw: RawInputs) {
  const outdir = mkdtempSync(join(tmpdir(), 'revise-infra-engine-'));
  outdirs.push(outdir);
  const app = new App({ outdir, context: { 'aws:cdk:bundling-stacks': [] }, builtinCloudFormationValidation: false });
  const inputs = parseInputs(raw as Record<string, unknown>);
  const stack = new ReviseStack(app, 'Revise-engine', { inputs, env: { account: ACCOUNT } });
  return { stack, json: Template.fromStack(stack).toJSON() as Json, region: inputs.region };
}

/** A template value as the string CloudFormation would make of it in this account and region. */
function resolved(value: unknown, region: string): string {
  if (typeof value === 'string') return value;
  const v = value as Json;
  if (v['Fn::Join']) return (v['Fn::Join'][1] as unknown[]).map((part) => resolved(part, region)).join(v['Fn::Join'][0]);
  const pseudo: Record<string, string> = { 'AWS::Partition': 'aws', 'AWS::AccountId': ACCOUNT, 'AWS::Region': region, 'AWS::URLSuffix': 'amazonaws.com' };
  if (typeof v.Ref === 'string' && pseudo[v.Ref]) return pseudo[v.Ref];
  return JSON.stringify(value);
}

function bedrockStatements(json: Json, region: string) {
  const found: { roles: string[]; actions: string[]; resources: string[]; condition?: Json }[] = [];
  for (const resource of Object.values(json.Resources as Record<string, Json>)) {
    // A role's own policy, and the overflow managed policies CDK attaches when that grows too large.
    if (resource.Type !== 'AWS::IAM::Policy' && resource.Type !== 'AWS::IAM::ManagedPolicy') continue;
    for (const s of resource.Properties.PolicyDocument.Statement as Json[]) {
      const actions = [s.Action].flat() as string[];
      if (!actions.some((a) => a.startsWith('bedrock:'))) continue;
      found.push({
        roles: ((resource.Properties.Roles ?? []) as Json[]).map((r) => r.Ref as string),
        actions,
        resources: [s.Resource].flat().map((r: unknown) => resolved(r, region)),
        condition: s.Condition,
      });
    }
  }
  return found;
}

function apiFunction(stack: ReviseStack, json: Json) {
  return json.Resources[logicalId(stack.api.handler)].Properties;
}

/** The Bedrock statements of the API function's role (the podcast script task has its own, the same). */
function apiBedrockStatements(stack: ReviseStack, json: Json, region: string) {
  const role = apiFunction(stack, json).Role['Fn::GetAtt'][0] as string;
  return bedrockStatements(json, region).filter((s) => s.roles.includes(role));
}

describe('generation in the cloud', () => {
  it('runs the API on Bedrock with the configured model', () => {
    const { stack, json } = synth({});
    const env = apiFunction(stack, json).Environment.Variables;
    expect(env.ENGINE_PROVIDER).toBe('bedrock');
    expect(env.BEDROCK_MODEL_ID).toBe(DEFAULT_MODEL);
    expect(env.BEDROCK_FREE_MODEL_ID).toBe(DEFAULT_FREE_MODEL);
    expect(env.BEDROCK_ENDPOINT).toBeUndefined();
    const nova = synth({ bedrockModelId: 'eu.amazon.nova-pro-v1:0', freeModelId: 'eu.amazon.nova-micro-v1:0' });
    expect(apiFunction(nova.stack, nova.json).Environment.Variables).toMatchObject({ BEDROCK_MODEL_ID: 'eu.amazon.nova-pro-v1:0', BEDROCK_FREE_MODEL_ID: 'eu.amazon.nova-micro-v1:0' });
  });

  it('lets the API function invoke the default EU profiles and their models in the EU regions only, through the profiles', () => {
    const { stack, json, region } = synth({});
    const statements = apiBedrockStatements(stack, json, region);
    const role = apiFunction(stack, json).Role['Fn::GetAtt'][0];
    // Premium's model, then the free plan's.
    expect(statements).toHaveLength(4);
    for (const s of statements) expect(s.roles).toEqual([role]);
    // Every role that may call Bedrock (the API, the podcast script task) gets exactly these grants.
    const all = bedrockStatements(json, region);
    for (const s of all) {
      expect(s.actions).toEqual(['bedrock:InvokeModel']);
      for (const r of s.resources) expect(r, 'no wildcard in a Bedrock resource').not.toContain('*');
      expect(statements.map((a) => a.resources.sort().join())).toContain(s.resources.sort().join());
    }
    // Each model: its profile without condition, its foundation model in every EU region only through that profile.
    for (const [id, foundation] of [
      [DEFAULT_MODEL, 'anthropic.claude-haiku-4-5-20251001-v1:0'],
      [DEFAULT_FREE_MODEL, 'amazon.nova-lite-v1:0'],
    ]) {
      const profile = `arn:aws:bedrock:eu-west-3:${ACCOUNT}:inference-profile/${id}`;
      const onProfile = statements.filter((s) => s.resources.includes(profile));
      expect(onProfile, id).toHaveLength(1);
      expect(onProfile[0].resources).toEqual([profile]);
      expect(onProfile[0].condition).toBeUndefined();
      const models = profileRegions.eu.map((r) => `arn:aws:bedrock:${r}::foundation-model/${foundation}`).sort();
      const throughProfile = statements.filter((s) => s.resources.some((r) => r.endsWith(`::foundation-model/${foundation}`)));
      expect(throughProfile, id).toHaveLength(1);
      expect(throughProfile[0].resources.sort()).toEqual(models);
      expect(throughProfile[0].resources.every((r) => /^arn:aws:bedrock:eu-[a-z]+-\d::foundation-model\//.test(r))).toBe(true);
      expect(resolved(throughProfile[0].condition?.StringEquals['bedrock:InferenceProfileArn'], region)).toBe(profile);
    }
  });

  it('grants one model once when both plans use it', () => {
    const { stack, json, region } = synth({ freeModelId: DEFAULT_MODEL });
    expect(apiFunction(stack, json).Environment.Variables.BEDROCK_FREE_MODEL_ID).toBe(DEFAULT_MODEL);
    expect(apiBedrockStatements(stack, json, region)).toHaveLength(2);
  });

  it('with a plain model id, allows that model in the stack region only', () => {
    const { stack, json, region } = synth({ bedrockModelId: 'mistral.mistral-large-2402-v1:0', freeModelId: 'amazon.nova-lite-v1:0' });
    const statements = apiBedrockStatements(stack, json, region);
    expect(statements).toHaveLength(2);
    for (const s of statements) {
      expect(s.actions).toEqual(['bedrock:InvokeModel']);
      expect(s.condition).toBeUndefined();
    }
    expect(statements.map((s) => s.resources).sort()).toEqual([
      ['arn:aws:bedrock:eu-west-3::foundation-model/amazon.nova-lite-v1:0'],
      ['arn:aws:bedrock:eu-west-3::foundation-model/mistral.mistral-large-2402-v1:0'],
    ]);
  });

  it('with a profile of another geography, uses the regions given', () => {
    const { stack, json, region } = synth({
      region: 'ap-northeast-1',
      bedrockModelId: 'apac.anthropic.claude-haiku-4-5-20251001-v1:0',
      freeModelId: 'apac.amazon.nova-lite-v1:0',
      bedrockRegions: 'ap-northeast-1, ap-southeast-2',
    });
    const resources = apiBedrockStatements(stack, json, region).map((s) => s.resources);
    expect(resources).toHaveLength(4);
    expect(resources).toContainEqual([`arn:aws:bedrock:ap-northeast-1:${ACCOUNT}:inference-profile/apac.anthropic.claude-haiku-4-5-20251001-v1:0`]);
    expect(resources).toContainEqual([`arn:aws:bedrock:ap-northeast-1:${ACCOUNT}:inference-profile/apac.amazon.nova-lite-v1:0`]);
    for (const foundation of ['anthropic.claude-haiku-4-5-20251001-v1:0', 'amazon.nova-lite-v1:0']) {
      expect(resources).toContainEqual([`arn:aws:bedrock:ap-northeast-1::foundation-model/${foundation}`, `arn:aws:bedrock:ap-southeast-2::foundation-model/${foundation}`]);
    }
  });

  it('passes the AWS Solutions checks with a profile and with a model id', () => {
    for (const raw of [{}, { bedrockModelId: 'mistral.mistral-large-2402-v1:0', freeModelId: 'amazon.nova-lite-v1:0' }] satisfies RawInputs[]) {
      const { stack } = synth(raw);
      const report = new AwsSolutionsChecks().validateScope(stack);
      expect(report.violations.map((v) => `${v.ruleName}: ${v.violatingResources.map((r) => r.constructPath).join(', ')}`)).toEqual([]);
    }
  });
});

describe('model inputs', () => {
  it('default to the EU profile of Claude Haiku 4.5 for Premium and of Nova Lite for the free plan, in all EU regions', () => {
    expect(parseInputs({}).bedrockModel).toEqual({
      id: DEFAULT_MODEL,
      foundationModelId: 'anthropic.claude-haiku-4-5-20251001-v1:0',
      geography: 'eu',
      regions: [...profileRegions.eu],
    });
    expect(parseInputs({}).freeModel).toEqual({ id: DEFAULT_FREE_MODEL, foundationModelId: 'amazon.nova-lite-v1:0', geography: 'eu', regions: [...profileRegions.eu] });
  });

  it('stop the synth when the model cannot be reached as configured', () => {
    expect(() => parseInputs({ bedrockModelId: 'global.anthropic.claude-haiku-4-5-20251001-v1:0' })).toThrow(
      /bedrockModelId: global inference profiles may process requests in any region/,
    );
    expect(() => parseInputs({ region: 'ap-northeast-1', bedrockModelId: 'apac.anthropic.claude-haiku-4-5-20251001-v1:0' })).toThrow(
      /bedrockRegions: is required with the apac\. inference profile.*set it with -c bedrockRegions=… or REVISE_BEDROCK_REGIONS/,
    );
    expect(() => parseInputs({ region: 'us-east-1' })).toThrow(/bedrockModelId: is an inference profile of regions eu-central-1.*do not include the stack's region us-east-1/);
    expect(() => parseInputs({ bedrockModelId: 'mistral.mistral-large-2402-v1:0', freeModelId: 'amazon.nova-lite-v1:0', bedrockRegions: 'eu-west-1' })).toThrow(/bedrockRegions: applies to inference profiles only/);
    expect(() => parseInputs({ freeModelId: 'us.amazon.nova-lite-v1:0' })).toThrow(/freeModelId: is an inference profile of the us\. geography and bedrockModelId of the eu\. one/);
    expect(() => parseInputs({ freeModelId: 'global.amazon.nova-2-lite-v1:0' })).toThrow(/freeModelId: global inference profiles may process requests in any region/);
    expect(() => parseInputs({ freeModelId: 'Nova Lite' })).toThrow(/freeModelId: must be a Bedrock model id/);
    expect(() => parseInputs({ bedrockRegions: 'eu-west-3,paris' })).toThrow(/bedrockRegions: must be an AWS region code/);
    expect(() => parseInputs({ bedrockModelId: 'Claude Haiku' })).toThrow(/bedrockModelId: must be a Bedrock model id/);
  });
});
