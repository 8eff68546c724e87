// The study reminders in the template: a daily EventBridge Scheduler schedule at 07:00 Paris time
// invoking the reminder function, which may read a user (ListUsers, nothing else in the pool)
// and send e-mail from the deployment's SES identity only, with its sender configured; without a
// sender it gets no SES permission at all. The podcast draft sweep: daily at 03:30 Paris time, the
// Podcasts table's sparse index of drafts by their end, and a function that may use that table
// and its indexes and the Usage table (a unit given back) only, and list and delete podcast audio
// only. The podcast recovery sweep: every 5 minutes, the sparse index of unfinished runs (keys,
// ids and run numbers only, no scripts), and a function that may also ask how the podcast state
// machine's runs went and start one, nothing else of Step Functions. cdk-nag finds nothing.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { AwsSolutionsChecks } from 'cdk-nag';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseInputs } from '../../lib/inputs.js';
import { ReviseStack } from '../../lib/revise-stack.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- template JSON is untyped by nature
type Json = Record<string, any>;

const outdirs: string[] = [];
const synth = (raw: Record<string, unknown>) => {
  const outdir = mkdtempSync(join(tmpdir(), 'revise-infra-schedules-'));
  outdirs.push(outdir);
  const app = new App({ outdir, context: { 'aws:cdk:bundling-stacks': [] }, builtinCloudFormationValidation: false });
  const stack = new ReviseStack(app, 'Revise-schedules', { inputs: parseInputs(raw), env: { account: '123456789012' } });
  return { stack, json: Template.fromStack(stack).toJSON() as Json };
};

let withSender: ReturnType<typeof synth>;
let withoutSender: ReturnType<typeof synth>;

beforeAll(() => {
  withSender = synth({ sesFromEmail: 'rappels@revise.example.com' });
  withoutSender = synth({});
});

afterAll(() => {
  for (const dir of outdirs) rmSync(dir, { recursive: true, force: true });
});

const ofType = (json: Json, type: string): [string, Json][] => Object.entries(json.Resources as Record<string, Json>).filter(([, r]) => r.Type === type);
const reminderFn = (json: Json): [string, Json] => {
  const found = ofType(json, 'AWS::Lambda::Function').filter(([, f]) => f.Properties.Handler === 'index.handler' && String(f.Properties.Description).includes('exam-date plans'));
  expect(found).toHaveLength(1);
  return found[0];
};
const statementsOf = (json: Json, fnId: string): Json[] => {
  const roleId = json.Resources[fnId].Properties.Role['Fn::GetAtt'][0];
  return ofType(json, 'AWS::IAM::Policy')
    .filter(([, p]) => p.Properties.Roles.some((r: Json) => r.Ref === roleId))
    .flatMap(([, p]) => p.Properties.PolicyDocument.Statement as Json[]);
};

/** The one schedule invoking a function: its expression in Paris time, two retries, failures kept in a queue. */
const expectScheduled = (json: Json, fnId: string, expression: string) => {
  const schedules = ofType(json, 'AWS::Scheduler::Schedule').filter(([, s]) => JSON.stringify(s.Properties.Target.Arn) === JSON.stringify({ 'Fn::GetAtt': [fnId, 'Arn'] }));
  expect(schedules).toHaveLength(1);
  const props = schedules[0][1].Properties;
  expect(props.ScheduleExpression).toBe(expression);
  expect(props.ScheduleExpressionTimezone).toBe('Europe/Paris');
  expect(props.Target.RetryPolicy.MaximumRetryAttempts).toBe(2);
  expect(props.Target.DeadLetterConfig.Arn).toBeDefined();
};

describe('study reminders', () => {
  it('run every day at 07:00 Paris time, retried, with failures kept', () => {
    expectScheduled(withSender.json, reminderFn(withSender.json)[0], 'cron(0 7 * * ? *)');
  });

  it('send only from the configured SES identity, and read users without changing them', () => {
    const [id, fn] = reminderFn(withSender.json);
    expect(fn.Properties.Environment.Variables.MAIL_FROM).toBe('rappels@revise.example.com');
    const statements = statementsOf(withSender.json, id);
    const ses = statements.filter((s) => JSON.stringify(s.Action).includes('ses:'));
    expect(ses).toHaveLength(1);
    expect(ses[0].Action).toBe('ses:SendEmail');
    const resources = JSON.stringify(ses[0].Resource);
    expect(resources).toContain(':identity/rappels@revise.example.com');
    expect(resources).toContain(':identity/revise.example.com');
    expect(resources).not.toContain('*');
    const cognito = statements.filter((s) => JSON.stringify(s.Action).includes('cognito-idp:'));
    expect(cognito).toHaveLength(1);
    expect(cognito[0].Action).toBe('cognito-idp:ListUsers');
    const [poolId] = ofType(withSender.json, 'AWS::Cognito::UserPool')[0];
    expect(cognito[0].Resource).toEqual({ 'Fn::GetAtt': [poolId, 'Arn'] });
  });

  it('get no SES permission and no sender when the deployment names none', () => {
    const [id, fn] = reminderFn(withoutSender.json);
    expect(fn.Properties.Environment.Variables.MAIL_FROM).toBeUndefined();
    expect(statementsOf(withoutSender.json, id).filter((s) => JSON.stringify(s.Action).includes('ses:'))).toEqual([]);
  });

  it("sign their unsubscribe links with a key the stack generates, readable by the job and the API only", () => {
    const [secretId] = ofType(withSender.json, 'AWS::SecretsManager::Secret').find(([, r]) => String(r.Properties.Description).includes('unsubscribe'))!;
    expect(withSender.json.Resources[secretId].Properties.GenerateSecretString).toBeDefined();
    const readers = ofType(withSender.json, 'AWS::Lambda::Function').filter(([, f]) => JSON.stringify(f.Properties.Environment?.Variables?.REMINDER_SIGNING_SECRET_ID ?? null) === JSON.stringify({ Ref: secretId }));
    expect(readers.map(([, f]) => f.Properties.Description).sort()).toEqual(["E-mails Premium students today's sessions of their exam-date plans", 'Serves every route of the HTTP API']);
    for (const [id] of readers) {
      const grant = statementsOf(withSender.json, id).find((s) => JSON.stringify(s.Resource) === JSON.stringify({ Ref: secretId }));
      expect([grant?.Action].flat().sort()).toEqual(['secretsmanager:DescribeSecret', 'secretsmanager:GetSecretValue']);
    }
  });

  it('pass cdk-nag', () => {
    const report = new AwsSolutionsChecks().validateScope(withSender.stack);
    const findings = report.violations.map((v) => `${v.severity} ${v.ruleName}: ${v.violatingResources.map((r) => r.constructPath).join(', ')}`);
    expect(findings).toEqual([]);
  });
});

describe('the podcast draft sweep', () => {
  const sweepFn = (json: Json): [string, Json] => {
    const found = ofType(json, 'AWS::Lambda::Function').filter(([, f]) => String(f.Properties.Description).startsWith('Removes expired podcast drafts'));
    expect(found).toHaveLength(1);
    return found[0];
  };
  const podcastsTable = (json: Json): [string, Json] => {
    const found = ofType(json, 'AWS::DynamoDB::Table').filter(([id]) => id.includes('Podcasts'));
    expect(found).toHaveLength(1);
    return found[0];
  };

  it('runs every day at 03:30 Paris time, retried, with failures kept', () => {
    expectScheduled(withSender.json, sweepFn(withSender.json)[0], 'cron(30 3 * * ? *)');
  });

  it('finds the drafts through a sparse index of the Podcasts table keyed by their end', () => {
    const [, table] = podcastsTable(withSender.json);
    expect(table.Properties.GlobalSecondaryIndexes).toEqual([
      {
        IndexName: 'by-draft-end',
        KeySchema: [
          { AttributeName: 'draft_open', KeyType: 'HASH' },
          { AttributeName: 'draft_until', KeyType: 'RANGE' },
        ],
        Projection: { ProjectionType: 'ALL' },
      },
      {
        IndexName: 'by-open-run',
        KeySchema: [
          { AttributeName: 'run_open', KeyType: 'HASH' },
          { AttributeName: 'run_started', KeyType: 'RANGE' },
        ],
        Projection: { ProjectionType: 'INCLUDE', NonKeyAttributes: ['id', 'run', 'created_at'] },
      },
    ]);
    expect(table.Properties.AttributeDefinitions).toEqual(expect.arrayContaining([{ AttributeName: 'draft_until', AttributeType: 'N' }, { AttributeName: 'run_started', AttributeType: 'N' }]));
    expect(table.Properties.TimeToLiveSpecification).toEqual({ AttributeName: 'expires_at', Enabled: true });
  });

  it('may use the Podcasts table, its indexes and the Usage table, and list and delete podcast audio, nothing more', () => {
    const [id, fn] = sweepFn(withSender.json);
    const statements = statementsOf(withSender.json, id);
    expectPodcastTables(withSender.json, statements);
    expectPodcastAudio(withSender.json, statements);
    const others = statements.filter((s) => !/dynamodb:|s3:|logs:|xray:/.test(JSON.stringify(s.Action)));
    expect(others).toEqual([]);
    expect(Object.keys(fn.Properties.Environment.Variables).sort()).toEqual(['NODE_OPTIONS', 'TABLE_PODCASTS', 'TABLE_USAGE', 'UPLOADS_BUCKET']);
  });
});

const tableOf = (json: Json, name: string): string => {
  const found = ofType(json, 'AWS::DynamoDB::Table').filter(([id]) => id.includes(name));
  expect(found).toHaveLength(1);
  return found[0][0];
};

/** Read and write on the Podcasts table and its two indexes, and on the Usage table (and its index), as two statements. */
const expectPodcastTables = (json: Json, statements: Json[]) => {
  const podcasts = tableOf(json, 'Podcasts');
  const usage = tableOf(json, 'Usage');
  const dynamo = statements.filter((s) => JSON.stringify(s.Action).includes('dynamodb:'));
  expect(dynamo).toHaveLength(2);
  for (const s of dynamo) expect(s.Action).toEqual(expect.arrayContaining(['dynamodb:Query', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem']));
  expect(dynamo.map((s) => s.Resource)).toEqual(
    expect.arrayContaining([
      [
        { 'Fn::GetAtt': [podcasts, 'Arn'] },
        { 'Fn::Join': ['', [{ 'Fn::GetAtt': [podcasts, 'Arn'] }, '/index/by-draft-end']] },
        { 'Fn::Join': ['', [{ 'Fn::GetAtt': [podcasts, 'Arn'] }, '/index/by-open-run']] },
      ],
      [{ 'Fn::GetAtt': [usage, 'Arn'] }, { 'Fn::Join': ['', [{ 'Fn::GetAtt': [usage, 'Arn'] }, '/index/by-month']] }],
    ]),
  );
};

/** Listing and deleting under `*\/podcasts/*` of the uploads bucket, nothing else of it. */
const expectPodcastAudio = (json: Json, statements: Json[]) => {
  const [bucketId] = ofType(json, 'AWS::S3::Bucket').find(([, r]) => r.Properties.CorsConfiguration !== undefined)!;
  const s3 = statements.filter((s) => JSON.stringify(s.Action).includes('s3:'));
  expect(s3).toEqual([
    expect.objectContaining({ Action: 's3:ListBucket', Resource: { 'Fn::GetAtt': [bucketId, 'Arn'] }, Condition: { StringLike: { 's3:prefix': '*/podcasts/*' } } }),
    expect.objectContaining({ Action: 's3:DeleteObject', Resource: { 'Fn::Join': ['', [{ 'Fn::GetAtt': [bucketId, 'Arn'] }, '/*/podcasts/*']] } }),
  ]);
};

describe('the podcast recovery sweep', () => {
  const recoveryFn = (json: Json): [string, Json] => {
    const found = ofType(json, 'AWS::Lambda::Function').filter(([, f]) => String(f.Properties.Description).startsWith('Resumes, or ends as failed'));
    expect(found).toHaveLength(1);
    return found[0];
  };
  const machine = (json: Json): string => {
    const found = ofType(json, 'AWS::StepFunctions::StateMachine');
    expect(found).toHaveLength(1);
    return found[0][0];
  };

  it('runs every 5 minutes (Paris time, as every schedule), retried, with failures kept', () => {
    expectScheduled(withSender.json, recoveryFn(withSender.json)[0], 'cron(0/5 * * * ? *)');
  });

  it("may ask how the podcast machine's runs went and start one, use the podcast and usage tables, and list and delete podcast audio, nothing more", () => {
    const [id, fn] = recoveryFn(withSender.json);
    const machineId = machine(withSender.json);
    const statements = statementsOf(withSender.json, id);
    expectPodcastTables(withSender.json, statements);
    expectPodcastAudio(withSender.json, statements);
    const states = statements.filter((s) => JSON.stringify(s.Action).includes('states:'));
    expect(states).toEqual([
      expect.objectContaining({
        Action: 'states:DescribeExecution',
        Resource: { 'Fn::Join': ['', ['arn:', { Ref: 'AWS::Partition' }, ':states:eu-west-3:123456789012:execution:', { 'Fn::GetAtt': [machineId, 'Name'] }, ':*']] },
      }),
      expect.objectContaining({ Action: 'states:StartExecution', Resource: { Ref: machineId } }),
    ]);
    const others = statements.filter((s) => !/dynamodb:|s3:|states:|logs:|xray:/.test(JSON.stringify(s.Action)));
    expect(others).toEqual([]);
    expect(fn.Properties.Environment.Variables.PODCAST_STATE_MACHINE_ARN).toEqual({ Ref: machineId });
  });

  it('bounds each run of the state machine in its definition', () => {
    const definition = JSON.stringify(withSender.json.Resources[machine(withSender.json)].Properties.DefinitionString);
    expect(definition).toContain('\\"TimeoutSeconds\\":1800');
  });
});
