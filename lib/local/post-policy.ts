// The checks S3 makes on a browser upload (a POST with a signed policy), for the laptop's storage:
// s3rver accepts any POST and ignores the policy, so without these checks the laptop would store
// what the cloud refuses (a 150 MB file, another user's key, an expired form). Signature
// Version 4 as S3 computes it: https://docs.aws.amazon.com/AmazonS3/latest/API/sigv4-HTTPPOSTConstructPolicy.html
import { createHmac, timingSafeEqual } from 'node:crypto';

export class PolicyError extends Error {
  constructor(
    readonly code: 'AccessDenied' | 'InvalidPolicyDocument' | 'SignatureDoesNotMatch' | 'EntityTooLarge' | 'EntityTooSmall',
    message: string,
    readonly status = code === 'EntityTooLarge' || code === 'EntityTooSmall' ? 400 : 403,
  ) {
    super(message);
    this.name = 'PolicyError';
  }
}

export interface SizeRange {
  min: number;
  max: number;
}

/** Fields S3 never asks the policy to cover. */
const UNCHECKED_FIELDS = new Set(['policy', 'x-amz-signature', 'file']);

type Condition = Record<string, unknown> | unknown[];

/** The SigV4 signing key of `secret` for a day, a region and a service (S3 unless another is named). */
export function signingKey(secret: string, date: string, region: string, service = 's3'): Buffer {
  const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();
  return hmac(hmac(hmac(hmac(`AWS4${secret}`, date), region), service), 'aws4_request');
}

/**
 * Verifies the form's fields (names lower-cased) against its signed policy, for `bucket` and the
 * given credentials. Returns the size range the file must fall in. Throws PolicyError otherwise.
 */
export function verifyPostPolicy(
  fields: Map<string, string>,
  bucket: string,
  credentials: { accessKeyId: string; secretAccessKey: string },
  now: Date,
): SizeRange {
  const policy = fields.get('policy');
  const signature = fields.get('x-amz-signature');
  const credential = fields.get('x-amz-credential');
  if (!policy || !signature || !credential || fields.get('x-amz-algorithm') !== 'AWS4-HMAC-SHA256') {
    throw new PolicyError('AccessDenied', 'Bucket POST must contain a signed policy (AWS4-HMAC-SHA256)');
  }
  const [accessKeyId, date, region, service, terminator] = credential.split('/');
  if (accessKeyId !== credentials.accessKeyId || service !== 's3' || terminator !== 'aws4_request' || !date || !region) {
    throw new PolicyError('AccessDenied', 'Invalid credential in the POST form');
  }
  const expected = createHmac('sha256', signingKey(credentials.secretAccessKey, date, region)).update(policy).digest();
  const given = Buffer.from(signature, 'hex');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw new PolicyError('SignatureDoesNotMatch', 'The request signature we calculated does not match the signature you provided');
  }

  let document: { expiration?: unknown; conditions?: unknown };
  try {
    document = JSON.parse(Buffer.from(policy, 'base64').toString('utf8')) as typeof document;
  } catch {
    throw new PolicyError('InvalidPolicyDocument', 'Invalid Policy: the policy is not valid JSON');
  }
  const expiration = typeof document.expiration === 'string' ? Date.parse(document.expiration) : NaN;
  if (!Number.isFinite(expiration)) throw new PolicyError('InvalidPolicyDocument', 'Invalid Policy: missing expiration');
  if (expiration <= now.getTime()) throw new PolicyError('AccessDenied', 'Invalid according to Policy: Policy expired.');
  if (!Array.isArray(document.conditions)) throw new PolicyError('InvalidPolicyDocument', 'Invalid Policy: missing conditions');

  const valueOf = (name: string): string | undefined => (name === 'bucket' ? bucket : fields.get(name));
  const covered = new Set<string>();
  let range: SizeRange | undefined;
  const fail = (condition: Condition) => new PolicyError('AccessDenied', `Invalid according to Policy: Policy Condition failed: ${JSON.stringify(condition)}`);

  for (const condition of document.conditions as Condition[]) {
    if (Array.isArray(condition)) {
      const [op, target, value] = condition as [unknown, unknown, unknown];
      if (op === 'content-length-range') {
        const [min, max] = [Number(target), Number(value)];
        if (!Number.isInteger(min) || !Number.isInteger(max) || min < 0 || max < min) throw new PolicyError('InvalidPolicyDocument', 'Invalid Policy: bad content-length-range');
        range = { min, max };
        continue;
      }
      if ((op !== 'eq' && op !== 'starts-with') || typeof target !== 'string' || !target.startsWith('$') || typeof value !== 'string') {
        throw new PolicyError('InvalidPolicyDocument', `Invalid Policy: unsupported condition ${JSON.stringify(condition)}`);
      }
      const name = target.slice(1).toLowerCase();
      covered.add(name);
      const actual = valueOf(name) ?? '';
      if (op === 'eq' ? actual !== value : !actual.startsWith(value)) throw fail(condition);
    } else if (condition && typeof condition === 'object') {
      for (const [key, value] of Object.entries(condition)) {
        const name = key.toLowerCase();
        covered.add(name);
        if (valueOf(name) !== value) throw fail(condition);
      }
    } else {
      throw new PolicyError('InvalidPolicyDocument', 'Invalid Policy: bad condition');
    }
  }
  for (const name of fields.keys()) {
    if (!UNCHECKED_FIELDS.has(name) && !name.startsWith('x-ignore-') && !covered.has(name)) {
      throw new PolicyError('AccessDenied', `Invalid according to Policy: Extra input fields: ${name}`);
    }
  }
  if (!fields.get('key')) throw new PolicyError('InvalidPolicyDocument', "Bucket POST must contain a field named 'key'.");
  return range ?? { min: 0, max: 5 * 1024 ** 3 };
}
