// Ingestion of uploaded course files: every object created in the uploads bucket invokes the
// registry's storage-triggered functions (functions/registry.ts): the extraction
// (functions/pipelines/extract-upload.ts), the same handler the laptop host calls on s3rver's
// events. It reads each page's text with PDFium and sends pages without text to Amazon Textract,
// then records the result on the file.
//
// Sized for the largest upload (100 MB): memory for PDFium's copy and parse of the whole file,
// 15 minutes for a long scanned document read by Textract, and room in /tmp for the downloaded
// copy. The bundle carries the PDF worker (bundled on its own, it runs in a worker thread) and
// PDFium's WebAssembly beside it. Invocations that fail after their retries are kept in a queue
// for inspection.
import { Duration, Stack, Validations } from 'aws-cdk-lib';
import { SqsDestination } from 'aws-cdk-lib/aws-lambda-destinations';
import { EventType, type Bucket } from 'aws-cdk-lib/aws-s3';
import { LambdaDestination } from 'aws-cdk-lib/aws-s3-notifications';
import type { Queue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { functionsOf } from '../functions/registry.js';
import type { HouseFunction } from './house-function.js';
import { buildServerFunction, failureQueue, type FunctionContext } from './server-functions.js';

export interface IngestionProps {
  functions: FunctionContext;
  uploads: Bucket;
}

/** The extraction function's size, from its registry entry: a 100 MB PDF parsed whole, a long Textract job, a copy in /tmp. */
const extractDef = functionsOf('storage')[0];
export const extractionSizing = {
  memoryMb: extractDef.memoryMb,
  timeout: Duration.seconds(extractDef.timeoutSeconds),
  ephemeralStorageMb: extractDef.ephemeralStorageMb,
};

export class Ingestion extends Construct {
  /** The first storage-triggered function (the extraction). */
  readonly extractor: HouseFunction;
  /** Every storage-triggered function of the registry. */
  readonly functions: HouseFunction[] = [];
  /** Storage events whose handling still failed after the retries. */
  readonly failures: Queue;

  constructor(scope: Construct, id: string, props: IngestionProps) {
    super(scope, id);
    const { uploads } = props;

    this.failures = failureQueue(this, 'Failures', "the storage functions' failed asynchronous invocations");

    for (const def of functionsOf('storage')) {
      const fn = buildServerFunction(this, def, props.functions);
      fn.configureAsyncInvoke({
        retryAttempts: def.retries ?? 2,
        maxEventAge: Duration.hours(6),
        onFailure: new SqsDestination(this.failures),
      });
      uploads.addEventNotification(EventType.OBJECT_CREATED, new LambdaDestination(fn));
      this.functions.push(fn);
    }
    this.extractor = this.functions[0];
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
