// The laptop's AWS Lambda, for the background jobs only: a loopback server that speaks the one
// call the app makes (Invoke with InvocationType `Event`, REST JSON), so the API queues a job with
// the same @aws-sdk/client-lambda call as in the cloud, LAMBDA_ENDPOINT pointing here. The
// function named is the registry entry of trigger kind `job` with that id (the laptop's
// EXPORT_FUNCTION_NAME is the entry's id); its handler runs in-process, in the background (the
// host waits for it when it stops), and the call answers 202 at once, as Lambda does. A failed run
// is logged, not retried (the cloud's entries set their retries; the job records its failure).
// Like the other embedded services, it takes only calls signed with the host's key pair (SigV4,
// sigv4.ts): another program on the laptop cannot start a job.
import { createHash, randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import { listenOnLoopback, restJsonServer } from './loopback.js';
import { SignatureError, verifyRequestSignature } from './sigv4.js';

export interface LocalLambda {
  endpoint: string;
  /** Resolves when no job started here is running (tests wait on it). */
  idle(): Promise<void>;
  close(): Promise<void>;
}

export async function startLocalLambda(opts: {
  /** Runs a job by its function name; rejects for a name that is not a job. */
  run: (name: string, event: unknown, context: { awsRequestId: string }) => Promise<unknown>;
  /** Whether a function name is a job this host runs. */
  knows: (name: string) => boolean;
  track: <T>(work: Promise<T>) => Promise<T>;
  warn: (message: string, err?: unknown) => void;
  /** The key pair calls must be signed with. */
  credentials: { accessKeyId: string; secretAccessKey: string };
}): Promise<LocalLambda> {
  const running = new Set<Promise<unknown>>();
  const server: Server = restJsonServer((req, body, reply, res) => {
      try {
        verifyRequestSignature(req, opts.credentials, new Date(), { service: 'lambda', payloadHash: createHash('sha256').update(body).digest('hex') });
      } catch (err) {
        if (!(err instanceof SignatureError)) throw err;
        return reply(err.status, { message: err.message }, err.code === 'InvalidAccessKeyId' ? 'UnrecognizedClientException' : 'InvalidSignatureException');
      }
      const match = /^\/2015-03-31\/functions\/([^/]+)\/invocations$/.exec((req.url ?? '').split('?')[0]);
      if (req.method !== 'POST' || !match) return reply(404, { message: `Unsupported operation ${req.method} ${req.url}` }, 'ResourceNotFoundException');
      const name = decodeURIComponent(match[1]);
      if (!opts.knows(name)) return reply(404, { Type: 'User', message: `Function not found: ${name}` }, 'ResourceNotFoundException');
      if (String(req.headers['x-amz-invocation-type'] ?? 'RequestResponse') !== 'Event') {
        return reply(400, { Type: 'User', message: 'Only asynchronous invocations (Event) of jobs are served here' }, 'InvalidParameterValueException');
      }
      let event: unknown;
      try {
        event = JSON.parse(body.toString('utf8') || '{}');
      } catch {
        return reply(400, { Type: 'User', message: 'Could not parse request body into json' }, 'InvalidRequestContentException');
      }
      const requestId = randomUUID();
      const work = opts.track(opts.run(name, event, { awsRequestId: requestId })).catch((err: unknown) => opts.warn(`Job ${name} failed`, err));
      running.add(work);
      void work.finally(() => running.delete(work));
      res.writeHead(202, { 'x-amzn-requestid': requestId, 'content-length': 0 }).end();
  });
  const { endpoint, close } = await listenOnLoopback(server);
  return {
    endpoint,
    async idle() {
      while (running.size) await Promise.allSettled([...running]);
    },
    close,
  };
}
