// AWS clients, created once per process on first use from the validated configuration. In the
// cloud the endpoints are unset and the SDK uses the Lambda's role; on the laptop they point at
// the embedded services.
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { S3Client } from '@aws-sdk/client-s3';
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { config } from './config.js';

let dynamo: DynamoDBDocumentClient | undefined;
let s3: S3Client | undefined;
let cognito: CognitoIdentityProviderClient | undefined;

export function db(): DynamoDBDocumentClient {
  if (!dynamo) {
    const c = config();
    dynamo = DynamoDBDocumentClient.from(
      new DynamoDBClient({ region: c.AWS_REGION, endpoint: c.DYNAMODB_ENDPOINT, maxAttempts: 5 }),
      { marshallOptions: { removeUndefinedValues: true } },
    );
  }
  return dynamo;
}

export function storage(): S3Client {
  if (!s3) {
    const c = config();
    s3 = new S3Client({
      region: c.AWS_REGION,
      endpoint: c.S3_ENDPOINT,
      forcePathStyle: Boolean(c.S3_ENDPOINT),
      // Keeps presigned URLs free of an empty-body checksum and s3rver's bodies unchunked.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }
  return s3;
}

export function identity(): CognitoIdentityProviderClient {
  if (!cognito) {
    const c = config();
    cognito = new CognitoIdentityProviderClient({ region: c.AWS_REGION, endpoint: c.COGNITO_ENDPOINT });
  }
  return cognito;
}

/** Forget the clients (the laptop host and tests change the configuration between runs). */
export function resetClients(): void {
  dynamo?.destroy();
  s3?.destroy();
  cognito?.destroy();
  dynamo = s3 = cognito = undefined;
}
