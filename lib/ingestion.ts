// Ingestion of uploaded course files: every object created in the uploads bucket invokes the
// extraction function (functions/pipelines/extract-upload.ts), the same handler the laptop host
// calls on s3rver's events. It reads each page's text with PDFium and sends pages without text to
// Amazon Textract, then records the result on the file.
//
// Sized for the largest upload (100 MB): memory for PDFium's copy and parse of the whole file,
// 15 minutes for a long scanned document read by Textract, and room in /tmp for the downloaded
// copy. The bundle carries the PDF worker (bundled on its own, it runs in a worker thread) and
// PDFium's WebAssembly beside it. Invocations that fail after their retries are kept in a queue
// for inspection.
import path from 'node:path';
import { createRequire } from 'node:module';
import { Duration, Stack, Validations } from 'aws-cdk-lib';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { type CfnFunction } from 'aws-cdk-lib/aws-lambda';
import { SqsDestination } from 'aws-cdk-lib/aws-lambda-destinations';
import { EventType, type Bucket } from 'aws-cdk-lib/aws-s3';
import { LambdaDestination } from 'aws-cdk-lib/aws-s3-notifications';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { EXTRACTION_TIME_LIMIT_MS } from '../functions/core/files.js';
import type { Data } from './data.js';
import { HouseFunction, repoRoot } from './house-function.js';
import type { DeploymentInputs } from './inputs.js';

export interface IngestionProps {
  inputs: DeploymentInputs;
  data: Data;
  uploads: Bucket;
}

/** The extraction function's size: a 100 MB PDF parsed whole, a long Textract job, a copy in /tmp. */
export const extractionSizing = {
  memoryMb: 3008,
  timeout: Duration.millis(EXTRACTION_TIME_LIMIT_MS),
  ephemeralStorageMb: 2048,
};

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

export class Ingestion extends Construct {
  readonly extractor: HouseFunction;
  /** Storage events whose extraction still failed after the retries. */
  readonly failures: Queue;

  constructor(scope: Construct, id: string, props: IngestionProps) {
    super(scope, id);
    const { inputs, data, uploads } = props;

    this.extractor = new HouseFunction(this, 'Extract', {
      entry: 'functions/pipelines/extract-upload.ts',
      description: 'Extracts the per-page text of uploaded PDFs (PDFium, Textract for scanned pages)',
      timeout: extractionSizing.timeout,
      memorySize: extractionSizing.memoryMb,
      tracing: inputs.tracing,
      retainLogs: inputs.retainData,
      environment: { OCR_PROVIDER: 'textract' },
      afterBundling: pdfWorkerBundleCommands,
    });
    (this.extractor.node.defaultChild as CfnFunction).ephemeralStorage = { size: extractionSizing.ephemeralStorageMb };

    this.extractor.useTable(data.tables.files, 'readWrite');
    this.extractor.useTable(data.tables.pages, 'readWrite');
    this.extractor.useTable(data.tables.profiles, 'read');
    // Reads the uploads; deletes an object that arrived without its file record.
    this.extractor.useUploads(uploads, 'read');
    this.extractor.addToRolePolicy(new PolicyStatement({ actions: ['s3:DeleteObject'], resources: [uploads.arnForObjects('*')] }));
    this.extractor.addToRolePolicy(
      new PolicyStatement({
        actions: ['textract:DetectDocumentText', 'textract:StartDocumentTextDetection', 'textract:GetDocumentTextDetection'],
        resources: ['*'],
      }),
    );
    Validations.of(this.extractor.role).acknowledge({
      id: 'AwsSolutions-IAM5[Resource::*]',
      reason:
        'Textract text detection (DetectDocumentText, StartDocumentTextDetection, GetDocumentTextDetection) supports no resource-level permissions; the documents it reads are limited by the function\'s S3 access.',
    });

    this.failures = new Queue(this, 'Failures', {
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.days(14),
    });
    Validations.of(this.failures).acknowledge({
      id: 'AwsSolutions-SQS3',
      reason: 'This queue is itself the dead-letter destination of the extraction function\'s failed asynchronous invocations; nothing consumes it automatically.',
    });
    this.extractor.configureAsyncInvoke({
      retryAttempts: 2,
      maxEventAge: Duration.hours(6),
      onFailure: new SqsDestination(this.failures),
    });

    uploads.addEventNotification(EventType.OBJECT_CREATED, new LambdaDestination(this.extractor));
    acknowledgeNotificationHandler(Stack.of(this));
  }
}

/**
 * S3 notifications are configured by a custom resource of aws-cdk-lib (one per stack); its
 * function and role are the library's, so their findings are acknowledged here.
 */
function acknowledgeNotificationHandler(stack: Stack): void {
  for (const child of stack.node.children) {
    if (!child.node.id.startsWith('BucketNotificationsHandler')) continue;
    Validations.of(child).acknowledge(
      {
        id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
        reason: 'The bucket-notification function of aws-cdk-lib writes only its own logs with the basic execution policy.',
      },
      {
        id: 'AwsSolutions-IAM5[Resource::*]',
        reason: 'Written by aws-cdk-lib for s3:PutBucketNotification, which it calls on the stack\'s own buckets when the stack is deployed.',
      },
    );
  }
}
