// The house Lambda function: every function of the stack is built here with the same defaults
// (Node 22 on ARM64, one minified ESM bundle with source maps, a month of logs), so a handler
// file and a timeout are all a use site has to say. Grants that need an environment variable
// (a table, a bucket) are made with one call that sets both.
import { fileURLToPath } from 'node:url';
import { Duration, RemovalPolicy, Stack, Validations, type CfnElement } from 'aws-cdk-lib';
import { PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { Architecture, Runtime, Tracing } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import type { Construct } from 'constructs';
import type { TableDef } from '../functions/platform/tables.js';

/** The repository root: entries are given relative to it. */
export const repoRoot = fileURLToPath(new URL('..', import.meta.url));

// ESM bundles have no `require`; some CommonJS dependencies call it for Node built-ins.
const requireBanner = "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);";

export interface HouseFunctionProps {
  /** Handler file relative to the repository root, e.g. `functions/api/lambda.ts`. */
  entry: string;
  /** Exported handler name. */
  handler?: string;
  description: string;
  timeout?: Duration;
  memorySize?: number;
  environment?: Record<string, string>;
  tracing?: boolean;
  /** Whether the log group outlives the stack. */
  retainLogs?: boolean;
  /**
   * Shell commands run after bundling, to place files the code needs beside it: given the
   * repository root and the bundle's folder.
   */
  afterBundling?: (repositoryRoot: string, bundleDir: string) => string[];
}

/** A table built from its definition in functions/platform/tables.ts (see lib/data.ts). */
export interface HouseTable extends ITable {
  readonly def: TableDef;
}

export type { BucketAccess, TableAccess } from '../functions/registry.js';
import type { BucketAccess, TableAccess } from '../functions/registry.js';

const tableActions: Record<TableAccess, string[]> = {
  read: ['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:Query', 'dynamodb:Scan', 'dynamodb:ConditionCheckItem', 'dynamodb:DescribeTable'],
  readWrite: [
    'dynamodb:GetItem',
    'dynamodb:BatchGetItem',
    'dynamodb:Query',
    'dynamodb:Scan',
    'dynamodb:ConditionCheckItem',
    'dynamodb:DescribeTable',
    'dynamodb:PutItem',
    'dynamodb:UpdateItem',
    'dynamodb:DeleteItem',
    'dynamodb:BatchWriteItem',
  ],
};

const objectActions: Record<BucketAccess, string[]> = {
  read: ['s3:GetObject'],
  delete: ['s3:DeleteObject'],
  readDelete: ['s3:GetObject', 's3:DeleteObject'],
  readWrite: ['s3:GetObject', 's3:PutObject'],
  readWriteDelete: ['s3:GetObject', 's3:PutObject', 's3:DeleteObject'],
};

export class HouseFunction extends NodejsFunction {
  /** Every house function under a scope, so alarms can cover them all. */
  static all(scope: Construct): HouseFunction[] {
    return scope.node.findAll().filter((c): c is HouseFunction => c instanceof HouseFunction);
  }

  /** The function's own role: its log group, and what the use sites grant. */
  declare readonly role: Role;

  constructor(scope: Construct, id: string, props: HouseFunctionProps) {
    const logGroup = new LogGroup(scope, `${id}Logs`, {
      retention: RetentionDays.ONE_MONTH,
      removalPolicy: props.retainLogs ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });
    // An explicit role instead of the AWS-managed basic execution policy: writing to this
    // function's log group is all it starts with.
    const role = new Role(scope, `${id}Role`, { assumedBy: new ServicePrincipal('lambda.amazonaws.com') });
    logGroup.grantWrite(role);
    super(scope, id, {
      entry: `${repoRoot}${props.entry}`,
      handler: props.handler ?? 'handler',
      description: props.description,
      runtime: Runtime.NODEJS_22_X,
      architecture: Architecture.ARM_64,
      timeout: props.timeout ?? Duration.seconds(10),
      memorySize: props.memorySize ?? 512,
      tracing: props.tracing ? Tracing.ACTIVE : Tracing.DISABLED,
      role,
      logGroup,
      projectRoot: repoRoot,
      depsLockFilePath: `${repoRoot}package-lock.json`,
      environment: {
        NODE_OPTIONS: '--enable-source-maps',
        ...props.environment,
      },
      bundling: {
        format: OutputFormat.ESM,
        target: 'node22',
        platform: 'node',
        mainFields: ['module', 'main'],
        banner: requireBanner,
        minify: true,
        sourceMap: true,
        sourcesContent: false,
        // The SDK is bundled at the version the code was tested with, not the runtime's copy.
        bundleAwsSDK: true,
        externalModules: [],
        commandHooks: props.afterBundling
          ? { beforeBundling: () => [], beforeInstall: () => [], afterBundling: props.afterBundling }
          : undefined,
      },
    });
    Validations.of(this).acknowledge({
      id: 'AwsSolutions-L1',
      reason: 'Node.js 22 is the runtime the server code is built and tested for (Lambda supports it until 2027); moving to a newer one is a deliberate, tested change.',
    });
    if (props.tracing) {
      Validations.of(role).acknowledge({
        id: 'AwsSolutions-IAM5[Resource::*]',
        reason: 'X-Ray tracing: xray:PutTraceSegments and xray:PutTelemetryRecords support no resource-level permissions.',
      });
    }
  }

  /** Grants access to a table of functions/platform/tables.ts and sets its environment variable. */
  useTable(table: HouseTable, access: TableAccess): this {
    const indexes = (table.def.indexes ?? []).map((i) => `${table.tableArn}/index/${i.name}`);
    this.addToRolePolicy(new PolicyStatement({ actions: tableActions[access], resources: [table.tableArn, ...indexes] }));
    this.addEnvironment(table.def.env, table.tableName);
    return this;
  }

  /**
   * Grants access to the uploads bucket's objects and sets UPLOADS_BUCKET; `keys` (an IAM key
   * pattern) limits both the objects and the listing to those keys.
   */
  useUploads(bucket: IBucket, access: BucketAccess, keys = '*'): this {
    this.addToRolePolicy(
      new PolicyStatement({
        actions: ['s3:ListBucket'],
        resources: [bucket.bucketArn],
        conditions: keys === '*' ? undefined : { StringLike: { 's3:prefix': keys } },
      }),
    );
    this.addToRolePolicy(new PolicyStatement({ actions: objectActions[access], resources: [bucket.arnForObjects(keys)] }));
    Validations.of(this.role).acknowledge({
      id: `AwsSolutions-IAM5[Resource::<${logicalIdOf(bucket)}.Arn>/${keys}]`,
      reason: 'Object keys start with the student\'s user id, which is known only per request; the handlers build every key from the caller\'s verified identity.',
    });
    this.addEnvironment('UPLOADS_BUCKET', bucket.bucketName);
    return this;
  }
}

function logicalIdOf(construct: Construct): string {
  return Stack.of(construct).getLogicalId(construct.node.defaultChild as CfnElement);
}
