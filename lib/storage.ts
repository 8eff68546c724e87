// Buckets that hold data: the private uploads bucket (students' course files, podcast audio) and
// the access-log bucket that receives the server access logs of every bucket and CloudFront's
// logs. Browsers reach uploads only through presigned URLs, from the site's origin (CORS).
import { Duration, RemovalPolicy, Validations } from 'aws-cdk-lib';
import { BlockPublicAccess, Bucket, BucketEncryption, HttpMethods, ObjectOwnership } from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import { uploadsCorsRule } from './shared-definitions.js';

export interface StorageProps {
  /** Keep the buckets and their objects when the stack goes: the prod stage. */
  retain: boolean;
}

export class Storage extends Construct {
  readonly uploads: Bucket;
  readonly logs: Bucket;

  constructor(scope: Construct, id: string, props: StorageProps) {
    super(scope, id);
    const lifetime = props.retain
      ? { removalPolicy: RemovalPolicy.RETAIN }
      : { removalPolicy: RemovalPolicy.DESTROY, autoDeleteObjects: true };

    this.logs = new Bucket(this, 'AccessLogs', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      encryption: BucketEncryption.S3_MANAGED,
      // CloudFront standard logging writes with an ACL grant, so ACLs stay enabled here only.
      objectOwnership: ObjectOwnership.BUCKET_OWNER_PREFERRED,
      lifecycleRules: [{ expiration: Duration.days(90), abortIncompleteMultipartUploadAfter: Duration.days(1) }],
      ...lifetime,
    });
    Validations.of(this.logs).acknowledge({
      id: 'AwsSolutions-S1',
      reason: 'This is the access-log bucket itself; logging its own accesses into itself would loop.',
    });

    this.uploads = new Bucket(this, 'Uploads', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      encryption: BucketEncryption.S3_MANAGED,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
      serverAccessLogsBucket: this.logs,
      serverAccessLogsPrefix: 'uploads/',
      lifecycleRules: [
        { abortIncompleteMultipartUploadAfter: Duration.days(1) },
        // Data export zips are downloadable for a day (functions/core/data-export.ts); S3 then removes them.
        { id: 'DataExports', prefix: 'exports/', expiration: Duration.days(2) },
      ],
      ...lifetime,
    });
  }

  /** Lets the site's pages upload and download with presigned URLs (uploadsCorsRule). */
  allowOrigin(origin: string): void {
    this.uploads.addCorsRule({
      allowedOrigins: [origin],
      allowedMethods: uploadsCorsRule.allowedMethods.map((m) => HttpMethods[m]),
      allowedHeaders: [...uploadsCorsRule.allowedHeaders],
      exposedHeaders: [...uploadsCorsRule.exposedHeaders],
      maxAge: uploadsCorsRule.maxAgeSeconds,
    });
  }
}
