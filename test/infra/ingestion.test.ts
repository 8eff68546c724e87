// The ingestion construct: the extraction function sized for 100 MB PDFs, invoked by every object
// created in the uploads bucket, with exactly the access it needs, failed invocations kept, and a
// bundle that really reads PDFs (pdf.js's worker and data folders shipped beside the code).
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App, Stack, type CfnElement } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import type { IConstruct } from 'constructs';
import { AwsSolutionsChecks } from 'cdk-nag';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Data } from '../../lib/data.js';
import { extractionSizing, Ingestion } from '../../lib/ingestion.js';
import { parseInputs } from '../../lib/inputs.js';
import { ReviseStack } from '../../lib/revise-stack.js';
import { Storage } from '../../lib/storage.js';
import { coursePdf, ENGLISH_COURSE } from '../support/fixtures.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- template JSON is untyped by nature
type Json = Record<string, any>;

const outdirs: string[] = [];
const tempDir = (prefix: string) => {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  outdirs.push(dir);
  return dir;
};

const logicalId = (c: IConstruct): string => Stack.of(c).getLogicalId(c.node.defaultChild as CfnElement);

let stack: ReviseStack;
let json: Json;

beforeAll(() => {
  const app = new App({
    outdir: tempDir('revise-infra-ingestion-'),
    // Template tests never bundle the functions; the bundle test below does.
    context: { 'aws:cdk:bundling-stacks': [] },
    builtinCloudFormationValidation: false,
  });
  stack = new ReviseStack(app, 'Revise-ingestion', { inputs: parseInputs({}), env: { account: '123456789012' } });
  json = Template.fromStack(stack).toJSON();
});

afterAll(() => {
  for (const dir of outdirs) rmSync(dir, { recursive: true, force: true });
});

const resource = (id: string): Json => json.Resources[id];
const ofType = (type: string): [string, Json][] => Object.entries(json.Resources as Record<string, Json>).filter(([, r]) => r.Type === type);

function policyStatementsOf(roleId: string): Json[] {
  return ofType('AWS::IAM::Policy')
    .filter(([, p]) => (p.Properties.Roles as Json[]).some((r) => r.Ref === roleId))
    .flatMap(([, p]) => p.Properties.PolicyDocument.Statement as Json[]);
}

const actionsOf = (s: Json): string[] => [s.Action].flat();

describe('extraction function', () => {
  it('is sized for a 100 MB PDF: 3 GB of memory, 15 minutes, 2 GB of /tmp', () => {
    const fn = resource(logicalId(stack.ingestion.extractor)).Properties;
    expect(fn.MemorySize).toBe(3008);
    expect(fn.Timeout).toBe(15 * 60);
    expect(fn.EphemeralStorage).toEqual({ Size: 2048 });
    expect(extractionSizing.timeout.toSeconds()).toBe(900);
    expect(fn.Runtime).toBe('nodejs22.x');
    expect(fn.Architectures).toEqual(['arm64']);
  });

  it('reads Textract for scanned pages and knows its tables and bucket', () => {
    const env = resource(logicalId(stack.ingestion.extractor)).Properties.Environment.Variables;
    expect(env.OCR_PROVIDER).toBe('textract');
    expect(env.TABLE_FILES).toEqual({ Ref: logicalId(stack.data.tables.files) });
    expect(env.TABLE_PAGES).toEqual({ Ref: logicalId(stack.data.tables.pages) });
    expect(env.TABLE_PROFILES).toEqual({ Ref: logicalId(stack.data.tables.profiles) });
    expect(env.UPLOADS_BUCKET).toEqual({ Ref: logicalId(stack.storage.uploads) });
    // Nothing points it at local services.
    for (const name of ['S3_ENDPOINT', 'DYNAMODB_ENDPOINT', 'OCR_DATA_DIR']) expect(env[name]).toBeUndefined();
  });

  it('is invoked by every object created in the uploads bucket', () => {
    const [, notifications] = ofType('Custom::S3BucketNotifications')[0];
    expect(notifications.Properties.BucketName).toEqual({ Ref: logicalId(stack.storage.uploads) });
    const configs = notifications.Properties.NotificationConfiguration.LambdaFunctionConfigurations as Json[];
    expect(configs).toHaveLength(1);
    expect(configs[0].Events).toEqual(['s3:ObjectCreated:*']);
    expect(configs[0].Filter).toBeUndefined();
    expect(configs[0].LambdaFunctionArn).toEqual({ 'Fn::GetAtt': [logicalId(stack.ingestion.extractor), 'Arn'] });
    const permissions = ofType('AWS::Lambda::Permission').filter(([, p]) => p.Properties.Principal === 's3.amazonaws.com');
    expect(permissions).toHaveLength(1);
    expect(permissions[0][1].Properties.SourceArn).toEqual({ 'Fn::GetAtt': [logicalId(stack.storage.uploads), 'Arn'] });
  });

  it('may read and delete uploads but not write them, only read profiles, and count scanned pages in the usage table', () => {
    const statements = policyStatementsOf(logicalId(stack.ingestion.extractor.role));
    const onObjects = statements.filter((s) => JSON.stringify(s.Resource).includes(logicalId(stack.storage.uploads)));
    const objectActions = onObjects.flatMap(actionsOf).filter((a) => a !== 's3:ListBucket');
    expect(objectActions.sort()).toEqual(['s3:DeleteObject', 's3:GetObject']);
    const textract = statements.find((s) => actionsOf(s).some((a) => a.startsWith('textract:')));
    expect(actionsOf(textract!).sort()).toEqual(['textract:DetectDocumentText', 'textract:GetDocumentTextDetection', 'textract:StartDocumentTextDetection']);
    expect(textract!.Resource).toBe('*');
    const on = (table: IConstruct) => statements.filter((s) => JSON.stringify(s.Resource).includes(logicalId(table))).flatMap(actionsOf);
    expect(on(stack.data.tables.files)).toContain('dynamodb:UpdateItem');
    expect(on(stack.data.tables.pages)).toContain('dynamodb:BatchWriteItem');
    expect(on(stack.data.tables.profiles)).toContain('dynamodb:GetItem');
    expect(on(stack.data.tables.profiles)).not.toContain('dynamodb:PutItem');
    // The free plan's monthly bound on scanned pages read by OCR is a counter of the usage table.
    expect(on(stack.data.tables.usage)).toContain('dynamodb:UpdateItem');
    for (const other of [stack.data.tables.subjects, stack.data.tables.referrals]) expect(on(other)).toEqual([]);
  });

  it('retries a failed invocation twice, then keeps the event in an encrypted queue', () => {
    const configs = ofType('AWS::Lambda::EventInvokeConfig').filter(([, c]) => JSON.stringify(c.Properties.FunctionName) === JSON.stringify({ Ref: logicalId(stack.ingestion.extractor) }));
    expect(configs).toHaveLength(1);
    const [, config] = configs[0];
    expect(config.Properties.MaximumRetryAttempts).toBe(2);
    expect(config.Properties.DestinationConfig.OnFailure.Destination).toEqual({ 'Fn::GetAtt': [logicalId(stack.ingestion.failures), 'Arn'] });
    const queue = resource(logicalId(stack.ingestion.failures)).Properties;
    expect(queue.SqsManagedSseEnabled).toBe(true);
    expect(queue.MessageRetentionPeriod).toBe(14 * 86_400);
  });

  it('passes the AWS Solutions checks of cdk-nag', () => {
    const report = new AwsSolutionsChecks().validateScope(stack);
    const findings = report.violations.map((v) => `${v.ruleName}: ${v.violatingResources.map((r) => r.constructPath).join(', ')}`);
    expect(findings).toEqual([]);
  });
});

describe('extraction bundle', () => {
  it('carries the PDF worker and PDFium, and reads a PDF without node_modules', async () => {
    const outdir = tempDir('revise-infra-ingestion-bundle-');
    const app = new App({ outdir, builtinCloudFormationValidation: false });
    const small = new Stack(app, 'Ingestion-bundle');
    const data = new Data(small, 'Data', { retain: false });
    const storage = new Storage(small, 'Storage', { retain: false });
    const functions = { inputs: parseInputs({}), data, uploads: storage.uploads, env: { OCR_PROVIDER: 'textract' } };
    const ingestion = new Ingestion(small, 'Ingestion', { functions, uploads: storage.uploads });
    const template = app.synth().getStackByName(small.stackName).template as Json;
    const key = String(template.Resources[logicalId(ingestion.extractor)].Properties.Code.S3Key).replace(/\.zip$/, '');
    const bundle = join(outdir, `asset.${key}`);

    expect(readdirSync(bundle).sort()).toEqual(expect.arrayContaining(['index.mjs', 'worker.mjs', 'pdfium.wasm']));
    // The laptop's OCR engine stays out of the cloud bundle.
    expect(readFileSync(join(bundle, 'index.mjs'), 'utf8')).not.toMatch(/tesseract\.js-core|traineddata/);

    // The bundle, away from the repository, reads a PDF through its own worker thread.
    const pdf = join(tempDir('revise-infra-ingestion-pdf-'), 'course.pdf');
    writeFileSync(pdf, await coursePdf(ENGLISH_COURSE.slice(0, 2)));
    const mod = await import(join(bundle, 'index.mjs'));
    expect(typeof mod.handler).toBe('function');
    try {
      const result = await mod.extractPdf(pdf, {
        sizeBytes: 1,
        object: { bucket: 'uploads', key: 'k' },
        ocr: {
          name: 'textract',
          recognize: async () => {
            throw new Error('no page should need OCR');
          },
        },
      });
      expect(result).toMatchObject({ pageCount: 2, successfulPages: 2, ocrPages: 0, language: 'en' });
      expect(result.pages[1].text).toContain('Price elasticity of demand');
    } finally {
      await mod.closeExtraction();
    }
  });
});
