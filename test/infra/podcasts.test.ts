// The podcast pipeline in the template: the state machine is the one definition the laptop runs
// (its placeholders filled with the task functions), bounded concurrency over items that carry each
// segment's line, retries with back-off and a catch to MarkFailed; Polly only for the synthesiser, StartExecution on this machine only for
// the API and the recovery sweep (which resumes a run that died), DescribeExecution on its
// executions for both; logging and tracing on; cdk-nag finds nothing.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { AwsSolutionsChecks } from 'cdk-nag';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PODCAST_SYNTHESIS_CONCURRENCY } from '../../functions/core/podcasts.js';
import { podcastTaskStates } from '../../functions/core/podcast-states.js';
import { podcastMachineDefinition } from '../../functions/pipelines/podcast-machine.js';
import { parseInputs } from '../../lib/inputs.js';
import { ReviseStack } from '../../lib/revise-stack.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- template JSON is untyped by nature
type Json = Record<string, any>;

let outdir: string;
let stack: ReviseStack;
let json: Json;

beforeAll(() => {
  outdir = mkdtempSync(join(tmpdir(), 'revise-infra-podcasts-'));
  const app = new App({ outdir, context: { 'aws:cdk:bundling-stacks': [] }, builtinCloudFormationValidation: false });
  stack = new ReviseStack(app, 'Revise-podcasts', { inputs: parseInputs({}), env: { account: '123456789012' } });
  json = Template.fromStack(stack).toJSON();
});

afterAll(() => rmSync(outdir, { recursive: true, force: true }));

const ofType = (type: string): [string, Json][] => Object.entries(json.Resources as Record<string, Json>).filter(([, r]) => r.Type === type);
const statementsOf = (fnId: string): Json[] => {
  const roleId = json.Resources[fnId].Properties.Role['Fn::GetAtt'][0];
  // The role's own policy and, when that grows past IAM's inline size, the overflow managed policies CDK attaches beside it.
  return [...ofType('AWS::IAM::Policy'), ...ofType('AWS::IAM::ManagedPolicy')]
    .filter(([, p]) => (p.Properties.Roles ?? []).some((r: Json) => r.Ref === roleId))
    .flatMap(([, p]) => p.Properties.PolicyDocument.Statement as Json[]);
};
const fnId = (handler: string): string => ofType('AWS::Lambda::Function').find(([, f]) => f.Properties.Handler === `index.${handler}` && f.Properties.Description?.includes('odcast'))![0];

describe('the podcast state machine', () => {
  it('is the shared definition, each placeholder filled with its task function', () => {
    const [[, machine]] = ofType('AWS::StepFunctions::StateMachine');
    const body = machine.Properties.DefinitionString;
    expect(JSON.parse(typeof body === 'string' ? body : JSON.stringify(body))).toEqual(podcastMachineDefinition());
    const handlers = { WriteScript: 'writeScript', SynthesiseSegment: 'synthesiseSegment', Finalise: 'finalise', MarkFailed: 'markFailed' } as const;
    for (const [state, placeholder] of Object.entries(podcastTaskStates)) {
      expect(machine.Properties.DefinitionSubstitutions[placeholder]).toEqual({ 'Fn::GetAtt': [fnId(handlers[state as keyof typeof handlers]), 'Arn'] });
    }
    expect(machine.Properties.TracingConfiguration).toEqual({ Enabled: true });
    expect(machine.Properties.LoggingConfiguration).toMatchObject({ Level: 'ALL', IncludeExecutionData: false });
  });

  it('speaks segments in a bounded Map, retries with back-off and sends every failure to MarkFailed', () => {
    const states = podcastMachineDefinition().States as Json;
    expect(states.Synthesise).toMatchObject({ Type: 'Map', MaxConcurrency: PODCAST_SYNTHESIS_CONCURRENCY, ItemsPath: '$.segments', ResultPath: null });
    // Each segment's task gets its own line (the item) with the podcast's ids and language, not the script.
    expect(states.Synthesise.ItemSelector).toEqual({ 'user_id.$': '$.user_id', 'podcast_id.$': '$.podcast_id', 'language.$': '$.language', 'segment.$': '$$.Map.Item.Value' });
    // Finalise gets the podcast's ids only: the segments stay behind.
    expect(states.Finalise.Parameters.Payload).toEqual({ 'user_id.$': '$.user_id', 'podcast_id.$': '$.podcast_id' });
    const inner = states.Synthesise.ItemProcessor.States.SynthesiseSegment;
    expect(inner.Retry.every((r: Json) => r.BackoffRate >= 2 && r.MaxAttempts >= 2)).toBe(true);
    for (const name of ['WriteScript', 'Synthesise', 'Finalise']) expect(states[name].Catch).toEqual([{ ErrorEquals: ['States.ALL'], ResultPath: '$.failure', Next: 'MarkFailed' }]);
    expect(states.MarkFailed.Next).toBe('Failed');
    expect(states.Failed.Type).toBe('Fail');
  });

  it('lets only the synthesiser speak with Polly, and only the API and the recovery sweep start this machine and ask how its runs went', () => {
    const polly = (id: string) => statementsOf(id).filter((s) => JSON.stringify(s.Action).includes('polly:'));
    expect(polly(fnId('synthesiseSegment'))).toEqual([expect.objectContaining({ Action: 'polly:SynthesizeSpeech', Effect: 'Allow' })]);
    for (const h of ['writeScript', 'finalise', 'markFailed']) expect(polly(fnId(h))).toEqual([]);
    const [[machineId]] = ofType('AWS::StepFunctions::StateMachine');
    const apiId = ofType('AWS::Lambda::Function').find(([, f]) => f.Properties.Description === 'Serves every route of the HTTP API')![0];
    const executions = { 'Fn::Join': ['', ['arn:', { Ref: 'AWS::Partition' }, ':states:eu-west-3:123456789012:execution:', { 'Fn::GetAtt': [machineId, 'Name'] }, ':*']] };
    const states = (id: string) => statementsOf(id).filter((s) => JSON.stringify(s.Action).includes('states:'));
    expect(states(apiId)).toEqual([
      expect.objectContaining({ Action: 'states:StartExecution', Resource: { Ref: machineId } }),
      expect.objectContaining({ Action: 'states:DescribeExecution', Resource: executions }),
    ]);
    const withStates = ofType('AWS::Lambda::Function').filter(([id]) => states(id).length > 0);
    expect(withStates.map(([, f]) => String(f.Properties.Description).split(' ')[0]).sort()).toEqual(['Resumes,', 'Serves']);
    expect(json.Resources[apiId].Properties.Environment.Variables.PODCAST_STATE_MACHINE_ARN).toEqual({ Ref: machineId });
    expect(json.Resources[fnId('synthesiseSegment')].Properties.Environment.Variables.SPEECH_PROVIDER).toBe('polly');
    // Neural unless the deployment chose otherwise; a wrong engine fails at synth.
    expect(json.Resources[fnId('synthesiseSegment')].Properties.Environment.Variables.POLLY_ENGINE).toBe('neural');
    expect(parseInputs({ pollyEngine: 'standard' }).pollyEngine).toBe('standard');
    expect(() => parseInputs({ pollyEngine: 'long-form' })).toThrow(/pollyEngine: must be standard, neural or generative/);
  });

  it('passes cdk-nag', () => {
    const report = new AwsSolutionsChecks().validateScope(stack);
    const findings = report.violations.map((v) => `${v.severity} ${v.ruleName}: ${v.violatingResources.map((r) => r.constructPath).join(', ')}`);
    expect(findings).toEqual([]);
  });
});
