// Signature Version 4 as S3 and DynamoDB check it, for the laptop's storage and tables: s3rver
// answers unsigned requests (and does not check V4 signatures at all) and dynalite takes any
// signature, so without this any local process could read or list every student's files and rows,
// where the cloud bucket and tables are private. Both forms are verified with the secret key: the
// Authorization header the SDK sends, and the query of a presigned URL (X-Amz-Algorithm,
// X-Amz-Credential, X-Amz-Date, X-Amz-Expires, X-Amz-SignedHeaders, X-Amz-Signature).
// https://docs.aws.amazon.com/AmazonS3/latest/API/sig-v4-authenticating-requests.html
// For S3 the payload hash is taken as the client declared it (x-amz-content-sha256, or
// UNSIGNED-PAYLOAD for presigned URLs): it is part of what is signed, but the body is not hashed
// again here. DynamoDB's clients declare none: the caller hashes the body and passes it.
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { signingKey } from './post-policy.js';

export class SignatureError extends Error {
  constructor(
    readonly code: 'AccessDenied' | 'SignatureDoesNotMatch' | 'InvalidAccessKeyId' | 'RequestTimeTooSkewed' | 'AuthorizationHeaderMalformed',
    message: string,
    readonly status = code === 'AuthorizationHeaderMalformed' ? 400 : 403,
  ) {
    super(message);
    this.name = 'SignatureError';
  }
}

const ALGORITHM = 'AWS4-HMAC-SHA256';
/** S3 refuses header-signed requests whose date is further than this from its clock. */
const MAX_SKEW_MS = 15 * 60_000;
/** The longest a presigned URL may be valid (seven days). */
const MAX_EXPIRES_SECONDS = 604_800;

/** RFC 3986 encoding, as SigV4 wants it (encodeURIComponent leaves !'()* alone). */
const encode = (s: string): string => encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

function decode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    throw new SignatureError('SignatureDoesNotMatch', 'The request is not well encoded');
  }
}

const sha256 = (data: string): string => createHash('sha256').update(data, 'utf8').digest('hex');

/** `20260101T120000Z` → time in ms, or NaN. */
function parseAmzDate(value: string | undefined): number {
  const m = value ? /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value) : null;
  return m ? Date.UTC(+m[1], +m[2] - 1, +m[3], +m[4], +m[5], +m[6]) : NaN;
}

interface Parsed {
  /** `{access key}/{yyyymmdd}/{region}/s3/aws4_request`. */
  scope: string;
  amzDate: string;
  signedHeaders: string[];
  signature: string;
  payloadHash: string;
}

export interface SignedService {
  /** The service the credential scope must name. */
  service: 's3' | 'dynamodb' | 'lambda';
  /** The body's SHA-256 in hex, for services whose clients do not declare it (DynamoDB). */
  payloadHash?: string;
}

/**
 * Throws SignatureError unless the request carries a valid SigV4 signature made with
 * `credentials` (as the header or as a presigned URL's query), current at `now`, for S3 unless
 * another service is named.
 */
export function verifyRequestSignature(
  req: { method?: string; url?: string; headers: IncomingHttpHeaders },
  credentials: { accessKeyId: string; secretAccessKey: string },
  now: Date,
  target: SignedService = { service: 's3' },
): void {
  const url = req.url ?? '/';
  const q = url.indexOf('?');
  const rawPath = q >= 0 ? url.slice(0, q) : url;
  const query: [string, string][] = (q >= 0 ? url.slice(q + 1) : '')
    .split('&')
    .filter(Boolean)
    .map((pair) => {
      const eq = pair.indexOf('=');
      return eq >= 0 ? [decode(pair.slice(0, eq)), decode(pair.slice(eq + 1))] : [decode(pair), ''];
    });
  const param = (name: string) => query.find(([k]) => k === name)?.[1];
  const authorization = typeof req.headers.authorization === 'string' ? req.headers.authorization : undefined;
  const presigned = param('X-Amz-Algorithm') !== undefined;

  if (!authorization && !presigned) {
    if (param('Signature') !== undefined) throw new SignatureError('AccessDenied', 'Only AWS4-HMAC-SHA256 signatures are accepted');
    throw new SignatureError('AccessDenied', 'Access Denied');
  }
  if (authorization && presigned) throw new SignatureError('AccessDenied', 'Only one auth mechanism allowed');

  const parsed = presigned ? parseQuery(param, target.payloadHash) : parseHeader(authorization as string, req.headers, target.payloadHash);
  const [keyId, date, region, service, terminator] = parsed.scope.split('/');
  if (keyId !== credentials.accessKeyId) throw new SignatureError('InvalidAccessKeyId', 'The AWS Access Key Id you provided does not exist in our records.');
  if (!date || date !== parsed.amzDate.slice(0, 8) || !region || service !== target.service || terminator !== 'aws4_request') {
    throw new SignatureError('AuthorizationHeaderMalformed', 'The credential scope is malformed');
  }

  const signedAt = parseAmzDate(parsed.amzDate);
  if (!Number.isFinite(signedAt)) throw new SignatureError('AccessDenied', 'X-Amz-Date must be in the ISO8601 basic format');
  if (presigned) {
    const expires = Number(param('X-Amz-Expires'));
    if (!Number.isInteger(expires) || expires < 1 || expires > MAX_EXPIRES_SECONDS) throw new SignatureError('AccessDenied', 'X-Amz-Expires must be between 1 and 604800 seconds');
    if (signedAt - now.getTime() > MAX_SKEW_MS) throw new SignatureError('AccessDenied', 'Request is not valid yet');
    if (now.getTime() > signedAt + expires * 1000) throw new SignatureError('AccessDenied', 'Request has expired');
  } else if (Math.abs(now.getTime() - signedAt) > MAX_SKEW_MS) {
    throw new SignatureError('RequestTimeTooSkewed', 'The difference between the request time and the current time is too large.');
  }
  if (!parsed.signedHeaders.includes('host')) throw new SignatureError('AccessDenied', 'The host header must be signed');

  const canonicalQuery = query
    .filter(([k]) => !(presigned && k === 'X-Amz-Signature'))
    .map(([k, v]) => [encode(k), encode(v)])
    .sort(([a, av], [b, bv]) => (a < b ? -1 : a > b ? 1 : av < bv ? -1 : av > bv ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  const canonicalHeaders = parsed.signedHeaders
    .map((name) => {
      const value = req.headers[name];
      const text = Array.isArray(value) ? value.join(',') : (value ?? '');
      return `${name}:${text.trim().replace(/\s+/g, ' ')}\n`;
    })
    .join('');
  const key = cachedSigningKey(credentials.secretAccessKey, date, region, target.service);
  const given = Buffer.from(parsed.signature, 'hex');
  // S3 signs the path as sent, encoded once; clients that leave a character unencoded sign it so.
  const paths = new Set([rawPath.split('/').map((segment) => encode(decode(segment))).join('/'), rawPath]);
  for (const canonicalPath of paths) {
    const canonicalRequest = [req.method ?? 'GET', canonicalPath, canonicalQuery, canonicalHeaders, parsed.signedHeaders.join(';'), parsed.payloadHash].join('\n');
    const stringToSign = [ALGORITHM, parsed.amzDate, parsed.scope.split('/').slice(1).join('/'), sha256(canonicalRequest)].join('\n');
    const expected = createHmac('sha256', key).update(stringToSign).digest();
    if (given.length === expected.length && timingSafeEqual(given, expected)) return;
  }
  throw new SignatureError('SignatureDoesNotMatch', 'The request signature we calculated does not match the signature you provided. Check your key and signing method.');
}

/** Signing keys change once a day per region and service: the last few are kept (DynamoDB checks one per call). */
const signingKeys = new Map<string, Buffer>();
function cachedSigningKey(secret: string, date: string, region: string, service: string): Buffer {
  const id = `${secret}\n${date}\n${region}\n${service}`;
  let key = signingKeys.get(id);
  if (!key) {
    if (signingKeys.size >= 16) signingKeys.clear();
    key = signingKey(secret, date, region, service);
    signingKeys.set(id, key);
  }
  return key;
}

function parseQuery(param: (name: string) => string | undefined, bodyHash: string | undefined): Parsed {
  if (param('X-Amz-Algorithm') !== ALGORITHM) throw new SignatureError('AccessDenied', 'X-Amz-Algorithm only supports "AWS4-HMAC-SHA256"');
  const scope = param('X-Amz-Credential');
  const amzDate = param('X-Amz-Date');
  const signedHeaders = param('X-Amz-SignedHeaders');
  const signature = param('X-Amz-Signature');
  if (!scope || !amzDate || !signedHeaders || !signature || param('X-Amz-Expires') === undefined) {
    throw new SignatureError('AccessDenied', 'Query-string authentication requires the X-Amz-Algorithm, X-Amz-Credential, X-Amz-Signature, X-Amz-Date, X-Amz-SignedHeaders, and X-Amz-Expires parameters.');
  }
  return { scope, amzDate, signedHeaders: signedHeaders.split(';'), signature, payloadHash: bodyHash ?? param('X-Amz-Content-Sha256') ?? 'UNSIGNED-PAYLOAD' };
}

function parseHeader(authorization: string, headers: IncomingHttpHeaders, bodyHash: string | undefined): Parsed {
  if (!authorization.startsWith(`${ALGORITHM} `)) throw new SignatureError('AccessDenied', 'Only AWS4-HMAC-SHA256 signatures are accepted');
  const fields = new Map<string, string>();
  for (const part of authorization.slice(ALGORITHM.length).split(',')) {
    const eq = part.indexOf('=');
    if (eq > 0) fields.set(part.slice(0, eq).trim(), part.slice(eq + 1).trim());
  }
  const scope = fields.get('Credential');
  const signedHeaders = fields.get('SignedHeaders');
  const signature = fields.get('Signature');
  const amzDate = typeof headers['x-amz-date'] === 'string' ? headers['x-amz-date'] : undefined;
  const payloadHash = bodyHash ?? (typeof headers['x-amz-content-sha256'] === 'string' ? headers['x-amz-content-sha256'] : undefined);
  if (!scope || !signedHeaders || !signature) throw new SignatureError('AuthorizationHeaderMalformed', 'The authorization header is malformed');
  if (!amzDate || !payloadHash) throw new SignatureError('AccessDenied', 'Missing x-amz-date or x-amz-content-sha256');
  return { scope, amzDate, signedHeaders: signedHeaders.split(';'), signature, payloadHash };
}
