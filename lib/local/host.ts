// The laptop host (`npm start`): one Node process running the whole application. It starts the
// embedded services on free loopback ports with their data under one directory (dynalite for
// DynamoDB, s3rver for S3, cognito-local for the user pool), creates the tables, bucket, pool and
// app client if they are missing, sets the environment the handlers read (functions/platform/
// config.ts), and serves on one origin: the API from the shared route table, the user-pool shim
// Amplify talks to, the web app's `config.json`, the dev mailbox and the built web app.
import { mkdir } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { tableList } from '../../functions/platform/tables.js';
import { secretParameterVariable, secrets, type SecretKey } from '../../functions/platform/secret-names.js';
import { functions as registry } from '../../functions/registry.js';
import { resetConfig } from '../../functions/platform/config.js';
import { resetClients } from '../../functions/platform/clients.js';
import { parseWebConfig, type WebConfig } from '../../functions/core/web-config.js';
import { errorMessage } from '../../functions/core/errors.js';
import { createApiGateway, forGateway, MAX_BODY_BYTES } from './api-gateway.js';
import { startCognito, type LocalCognito } from './cognito.js';
import { startDynamo, type LocalDynamo } from './dynamo.js';
import { openMailbox, type Mailbox, type MailMessage, type StoredMailbox } from './mailbox.js';
import { startStorage, type LocalStorage, type ObjectCreatedListener } from './storage.js';
import { mountFunctions, type MountedFunctions } from './triggers.js';
import { startLocalStepFunctions, type LocalStepFunctions } from './stepfunctions.js';
import { startLocalSes, type LocalSes } from './ses.js';
import { startLocalLambda, type LocalLambda } from './lambda.js';
import { answerClientError, headerLang, keepConnectionsAlive, readBody, refuseBody, sendError } from './transport.js';
import { handleStripePages } from './stripe-pages.js';
import { STANDIN_API_KEY, startStripeStandIn, type StripeStandIn } from './stripe-standin.js';
import { mailboxPage, sendHtml, serveStatic } from './web.js';

export type { Mailbox, MailMessage } from './mailbox.js';
export type { ObjectCreatedListener } from './storage.js';

export interface LocalHostOptions {
  /** Default: env PORT, else 3000. 0 picks a free port. */
  port?: number;
  /** Default: env REVISE_DATA_DIR, else `<repo>/.data`. */
  dataDir?: string;
  /** Default: `<repo>/web/dist`. */
  webDist?: string;
  /** No notices on the console (failures are still reported). */
  quiet?: boolean;
  /** Serve the web app through Vite's dev server (hot reload) instead of web/dist. */
  dev?: boolean;
  /** The host's notion of now, for the user pool (codes, tokens) and the token checks. Tests move it. */
  clock?: () => Date;
}

export interface LocalHost {
  /** `http://localhost:{port}`. */
  url: string;
  port: number;
  dataDir: string;
  mailbox: Mailbox;
  userPoolId: string;
  userPoolClientId: string;
  /** Subscribes to S3 ObjectCreated notifications of the uploads bucket; returns the unsubscribe. */
  onObjectCreated(listener: ObjectCreatedListener): () => void;
  /** The functions of functions/registry.ts as mounted on this host's services. */
  functions: Pick<MountedFunctions, 'mounted' | 'runSchedule' | 'nextRuns'>;
  /** The local Stripe stand-in, unless the developer gave a Stripe key of their own (STRIPE_SECRET_KEY). */
  stripe: StripeStandIn | null;
  /** The laptop's Step Functions, running the podcast pipeline. */
  stepFunctions: Pick<LocalStepFunctions, 'idle' | 'executions' | 'podcastMachineArn'>;
  /** The laptop's SES, which puts the functions' own e-mails (study reminders) in the dev mailbox. */
  ses: Pick<LocalSes, 'failNext' | 'sent'>;
  /** The laptop's Lambda, running the background jobs the API queues (the data export). */
  jobs: Pick<LocalLambda, 'idle'>;
  /** The configuration variables the host gave the handlers. */
  environment: Readonly<Record<string, string>>;
  /** Settles once the background warm-up (PDFium, the study engine's modules) is over, whatever its outcome. */
  warmedUp: Promise<void>;
  /** Stops once the work in progress (extractions, podcast executions, scheduled jobs) is over. */
  stop(): Promise<void>;
  /**
   * Stops at once, as a killed process would (SIGKILL, a laptop out of battery): podcast executions
   * are abandoned where they are and background work is not waited for; the embedded services are
   * closed so that a new host can open the same data directory.
   */
  kill(): Promise<void>;
}

/**
 * Secrets on the laptop: the developer's own value when the environment has one (a Stripe test
 * key, say), else these documented local values, which sign and verify only on this machine.
 */
export const LOCAL_SECRET_DEFAULTS: Partial<Record<keyof typeof secrets, string>> = {
  stripeWebhook: 'whsec_revise_local_webhook_secret',
  // Accepted only by the local Stripe stand-in (lib/local/stripe-standin.ts).
  stripeApiKey: STANDIN_API_KEY,
  // The nine promo codes of the laptop, documented in docs/payments.md.
  // Signs the study reminders' unsubscribe links of this machine only.
  reminderSigning: 'revise-local-reminder-signing-key',
  promoCodes: 'BIENVENUE,RENTREE2025,REVISE1MOIS,BACCALAUREAT,PREPA2025,LICENCE2025,MASTER2025,ETUDIANT,PARTENAIRE',
};

/** The sender of the laptop's own e-mails (`MAIL_FROM` overrides it); nothing leaves the machine. */
export const LOCAL_MAIL_FROM = 'rappels@revise.local';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

/** Storage and DynamoDB check request signatures against this key pair (sigv4.ts); cognito-local accepts any. */
const LOCAL_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

type Handler = (req: IncomingMessage, res: ServerResponse) => Promise<void>;
type Warn = (message: string, err?: unknown) => void;
type ViteMiddleware = { middlewares: (req: IncomingMessage, res: ServerResponse, next: () => void) => void; close(): Promise<void> };

/** What every start-up step knows: where the host is, where its data is, how it reports. */
interface HostContext {
  url: string;
  port: number;
  dataDir: string;
  webDist: string;
  region: string;
  bucket: string;
  /** Polly speaks with the developer's own AWS profile; the embedded services get the local keys. */
  speechProvider: 'polly' | 'local';
  developerProfile: string | undefined;
  clock: () => Date;
  info: (message: string) => void;
  warn: Warn;
}

export async function startLocalHost(opts: LocalHostOptions = {}): Promise<LocalHost> {
  const requestedPort = opts.port ?? (process.env.PORT ? Number(process.env.PORT) : 3000);
  if (!Number.isInteger(requestedPort) || requestedPort < 0 || requestedPort > 65535) throw new Error(`Invalid port: ${requestedPort}`);
  const dataDir = path.resolve(opts.dataDir ?? process.env.REVISE_DATA_DIR ?? path.join(repoRoot, '.data'));
  const info = (message: string) => {
    if (!opts.quiet) console.log(`[revise] ${message}`);
  };
  await mkdir(dataDir, { recursive: true });

  // The public server is bound first: the port makes the URL, which the issuer, CORS and e-mail
  // links are built from. Requests before everything is ready wait for it.
  let handle: Handler | null = null;
  let startupFailed = false;
  const onRequest = (req: IncomingMessage, res: ServerResponse) => {
    if (!handle) return sendError(req, res, startupFailed ? 'internal' : 'service_starting', { 'retry-after': '1' });
    handle(req, res).catch((err: unknown) => {
      warn(`Request ${req.method} ${req.url} failed`, err);
      sendError(req, res, 'internal');
    });
  };
  const servers = await listenLoopback(requestedPort, onRequest, warn);
  const port = (servers[0].address() as AddressInfo).port;
  const ctx: HostContext = {
    url: `http://localhost:${port}`,
    port,
    dataDir,
    webDist: path.resolve(opts.webDist ?? path.join(repoRoot, 'web', 'dist')),
    ...adoptLocalCredentials(),
    clock: opts.clock ?? (() => new Date()),
    info,
    warn,
  };

  const services = new HostServices(servers, warn);
  let mounted: MountedFunctions;
  try {
    const env = await startStores(services, ctx);
    await startQueues(services, ctx, env);
    await startStripe(services, ctx, env);
    applyEnvironment(env);
    services.environment = env;
    const api = await mountApplication(services, ctx);
    mounted = services.mounted!;
    if (opts.dev) services.vite = await startVite(servers[0], servers.slice(1));
    handle = requestHandler(services, ctx, api);
  } catch (err) {
    startupFailed = true;
    await services.closeAll().catch(() => undefined);
    throw err;
  }
  return hostFace(services, ctx, mounted);
}

/** The host as its callers see it, once everything has started. */
function hostFace(services: HostServices, ctx: HostContext, mounted: MountedFunctions): LocalHost {
  const { storage, mailbox, cognito } = services;
  let stopping: Promise<void> | null = null;
  return {
    url: ctx.url,
    port: ctx.port,
    dataDir: ctx.dataDir,
    mailbox: mailbox!,
    userPoolId: cognito!.userPoolId,
    userPoolClientId: cognito!.userPoolClientId,
    onObjectCreated: (listener) => storage!.onObjectCreated(listener),
    functions: mounted,
    stripe: services.stripe ?? null,
    stepFunctions: services.stepFunctions!,
    ses: services.ses!,
    jobs: services.lambda!,
    environment: { ...services.environment },
    warmedUp: services.warmed,
    stop() {
      stopping ??= services.closeAll();
      return stopping;
    },
    kill() {
      stopping ??= services.closeAll({ abandon: true });
      return stopping;
    },
  };
}

function warn(message: string, err?: unknown): void {
  const detail = err instanceof Error ? (err.stack ?? err.message) : err === undefined ? '' : String(err);
  console.warn(`[revise] ${message}${detail ? `\n${detail}` : ''}`);
}

/**
 * The process speaks to the embedded services with the local key pair, whatever the developer's
 * AWS settings; the developer's profile is kept aside for Polly when SPEECH_PROVIDER=polly.
 */
function adoptLocalCredentials(): Pick<HostContext, 'region' | 'bucket' | 'speechProvider' | 'developerProfile'> {
  const region = process.env.AWS_REGION || 'eu-west-3';
  const bucket = process.env.UPLOADS_BUCKET || 'uploads';
  const speechProvider = process.env.SPEECH_PROVIDER === 'polly' ? 'polly' : 'local';
  const developerProfile = process.env.POLLY_PROFILE || process.env.AWS_PROFILE;
  Object.assign(process.env, { AWS_ACCESS_KEY_ID: LOCAL_CREDENTIALS.accessKeyId, AWS_SECRET_ACCESS_KEY: LOCAL_CREDENTIALS.secretAccessKey });
  delete process.env.AWS_SESSION_TOKEN;
  // The SDK's notice about its future Node requirement says nothing about this app's behaviour.
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  delete process.env.AWS_PROFILE;
  return { region, bucket, speechProvider, developerProfile };
}

/**
 * The host's services as they start, the background work they run, and how they stop: work
 * started by triggers (extractions, scheduled jobs) runs in the background; stopping waits for it
 * (it needs the tables and the bucket), then ends the PDF, OCR and speech worker threads.
 */
class HostServices {
  dynamo?: LocalDynamo;
  storage?: LocalStorage;
  cognito?: LocalCognito;
  mailbox?: StoredMailbox;
  stripe?: StripeStandIn;
  stepFunctions?: LocalStepFunctions;
  ses?: LocalSes;
  lambda?: LocalLambda;
  vite?: ViteMiddleware;
  mounted?: MountedFunctions;
  extractionModule?: Promise<typeof import('../../functions/pipelines/extract-upload.js')>;
  warmUp?: NodeJS.Timeout;
  /** The configuration variables given to the handlers. */
  environment: Record<string, string> = {};
  readonly warmed: Promise<void>;
  markWarmedUp: () => void = () => undefined;
  private readonly background = new Set<Promise<unknown>>();

  constructor(
    private readonly servers: Server[],
    private readonly warn: Warn,
  ) {
    this.warmed = new Promise<void>((resolve) => (this.markWarmedUp = resolve));
  }

  /** Runs work in the background: stopping waits for it (unless the host is killed). */
  readonly track = <T>(work: Promise<T>): Promise<T> => {
    const tracked: Promise<unknown> = work.catch(() => undefined).finally(() => this.background.delete(tracked));
    this.background.add(tracked);
    return work;
  };

  async closeAll(how: { abandon?: boolean } = {}): Promise<void> {
    const warn = this.warn;
    clearTimeout(this.warmUp);
    this.markWarmedUp();
    this.mounted?.stop();
    if (how.abandon) this.stepFunctions?.abandon();
    // Before the servers: its last webhooks go to the API.
    await this.stripe?.close().catch((err: unknown) => warn('Stopping the Stripe stand-in failed', err));
    await Promise.all(this.servers.map(closeServer));
    if (!how.abandon) await this.stepFunctions?.idle();
    await this.stepFunctions?.close().catch((err: unknown) => warn('Stopping the Step Functions stand-in failed', err));
    await this.ses?.close().catch((err: unknown) => warn('Stopping the SES stand-in failed', err));
    await this.lambda?.close().catch((err: unknown) => warn('Stopping the Lambda stand-in failed', err));
    await this.vite?.close().catch((err: unknown) => warn('Closing the Vite dev server failed', err));
    while (this.background.size && !how.abandon) await Promise.allSettled([...this.background]);
    if (this.extractionModule) await (await this.extractionModule).closeExtraction().catch((err: unknown) => warn('Stopping the extraction workers failed', err));
    // The speech worker threads, if a podcast was spoken.
    if (this.stepFunctions?.executions().length) await (await import('../../functions/platform/speech/index.js')).closeSpeech().catch((err: unknown) => warn('Stopping the speech workers failed', err));
    const results = await Promise.allSettled([this.cognito?.close(), this.storage?.close(), this.dynamo?.close()]);
    for (const r of results) if (r.status === 'rejected') warn('Stopping an embedded service failed', r.reason);
    await this.mailbox?.flush();
  }
}

/** The mailbox, DynamoDB, S3 and the user pool; returns the variables CDK sets on each Lambda for them. */
async function startStores(services: HostServices, ctx: HostContext): Promise<Record<string, string>> {
  const { dataDir, region, url, port, warn } = ctx;
  const mail = (services.mailbox = await openMailbox(path.join(dataDir, 'mailbox.json')));
  // Cognito calls its triggers only once the host is up, when the registry is mounted.
  const loadTriggers = () => {
    if (!services.mounted) throw new Error('The Cognito triggers are not mounted yet');
    return services.mounted.cognitoTriggers();
  };
  const [dynamo, storage, cognito] = await Promise.all([
    startDynamo({ directory: path.join(dataDir, 'dynamodb'), tables: tableList, region, credentials: LOCAL_CREDENTIALS, info: ctx.info }),
    startStorage({ directory: path.join(dataDir, 's3'), bucket: ctx.bucket, origins: [url, `http://127.0.0.1:${port}`], region, credentials: LOCAL_CREDENTIALS, warn }),
    startCognito({
      directory: path.join(dataDir, 'cognito'),
      issuerDomain: `${url}/cognito`,
      region,
      clock: ctx.clock,
      loadTriggers,
      sendEmail: async (m) => {
        await mail.deliver(m);
      },
      warn,
    }),
  ]);
  Object.assign(services, { dynamo, storage, cognito });
  const env: Record<string, string> = {
    AWS_REGION: region,
    UPLOADS_BUCKET: ctx.bucket,
    USER_POOL_ID: cognito.userPoolId,
    USER_POOL_CLIENT_ID: cognito.userPoolClientId,
    APP_URL: url,
    DYNAMODB_ENDPOINT: dynamo.endpoint,
    S3_ENDPOINT: storage.endpoint,
    COGNITO_ENDPOINT: cognito.directUrl,
    JWT_ISSUER: cognito.issuer,
    JWKS_URL: cognito.jwksUrl,
    LOG_LEVEL: process.env.LOG_LEVEL || 'warn',
    // The built-in study engine, unless the developer chose another provider.
    ENGINE_PROVIDER: process.env.ENGINE_PROVIDER || 'local',
    // Scanned pages are read by tesseract.js, its models copied from npm into the data folder.
    OCR_PROVIDER: 'local',
    OCR_DATA_DIR: path.join(dataDir, 'ocr'),
  };
  for (const t of tableList) env[t.env] = t.id;
  return env;
}

/** Step Functions, SES and Lambda, each the same call as in the cloud answered in-process; adds their variables. */
async function startQueues(services: HostServices, ctx: HostContext, env: Record<string, string>): Promise<void> {
  const { region, warn } = ctx;
  const { track } = services;
  // Podcasts: the same state machine run in-process, its tasks the registry's; speech by
  // espeak-ng, or Polly with the developer's AWS profile when SPEECH_PROVIDER=polly.
  const stepFunctions = (services.stepFunctions = await startLocalStepFunctions({
    region,
    taskHandler: (state) => {
      if (!services.mounted) return Promise.reject(new Error('The task handlers are not mounted yet'));
      return services.mounted.taskHandler(state);
    },
    track,
    warn,
  }));
  Object.assign(env, { SFN_ENDPOINT: stepFunctions.endpoint, PODCAST_STATE_MACHINE_ARN: stepFunctions.podcastMachineArn, SPEECH_PROVIDER: ctx.speechProvider });
  if (ctx.speechProvider === 'polly') env.POLLY_PROFILE = ctx.developerProfile || 'default';
  // E-mails the functions send themselves (study reminders): the same SES v2 call, answered by
  // the stand-in, which delivers to the dev mailbox.
  const mail = services.mailbox!;
  const ses = (services.ses = await startLocalSes({ deliver: (m) => mail.deliver(m), warn }));
  Object.assign(env, { SES_ENDPOINT: ses.endpoint, MAIL_FROM: process.env.MAIL_FROM || LOCAL_MAIL_FROM });
  // Background jobs the API queues (the data export): the same Lambda Invoke call, answered by
  // the stand-in, which runs the registry's handler in-process.
  const lambda = (services.lambda = await startLocalLambda({
    knows: (name) => Boolean(services.mounted?.jobHandler(name)),
    run: async (name, event, context) => {
      const handler = services.mounted?.jobHandler(name);
      if (!handler) throw new Error(`functions/registry.ts has no job ${name}`);
      return (await handler)(event, context);
    },
    track,
    warn,
    credentials: LOCAL_CREDENTIALS,
  }));
  Object.assign(env, { LAMBDA_ENDPOINT: lambda.endpoint, EXPORT_FUNCTION_NAME: registry.find((f) => f.trigger.kind === 'job' && f.trigger.job === 'dataExport')?.id ?? 'DataExport' });
}

/**
 * Stripe: the local stand-in, unless the developer exported a key of their own (then the
 * handlers talk to Stripe's test mode with it, and STRIPE_PRICE_ID names their price).
 */
async function startStripe(services: HostServices, ctx: HostContext, env: Record<string, string>): Promise<void> {
  const ownStripeKey = process.env.STRIPE_SECRET_KEY && process.env.STRIPE_SECRET_KEY !== STANDIN_API_KEY;
  for (const v of ['STRIPE_API_HOST', 'STRIPE_API_PORT', 'STRIPE_API_PROTOCOL']) delete process.env[v];
  if (ownStripeKey) {
    if (process.env.STRIPE_PRICE_ID) env.STRIPE_PRICE_ID = process.env.STRIPE_PRICE_ID;
    return;
  }
  const standIn = (services.stripe = await startStripeStandIn({
    file: path.join(ctx.dataDir, 'stripe.json'),
    publicUrl: ctx.url,
    webhookUrl: `http://127.0.0.1:${ctx.port}/api/webhooks/stripe`,
    webhookSecret: process.env.STRIPE_WEBHOOK_SECRET || LOCAL_SECRET_DEFAULTS.stripeWebhook!,
    apiKey: STANDIN_API_KEY,
    warn: ctx.warn,
    clock: ctx.clock,
  }));
  Object.assign(env, {
    STRIPE_API_HOST: standIn.host,
    STRIPE_API_PORT: String(standIn.port),
    STRIPE_API_PROTOCOL: standIn.protocol,
    STRIPE_PRICE_ID: standIn.priceId,
  });
}

/** The secrets (the developer's own, else the local defaults) join the variables, which become the process's. */
function applyEnvironment(env: Record<string, string>): void {
  for (const [key, def] of Object.entries(secrets)) {
    const value = process.env[def.valueVariable] || LOCAL_SECRET_DEFAULTS[key as keyof typeof secrets];
    if (value) env[def.valueVariable] = value;
    // A secret id or parameter name would send the handlers to Secrets Manager or SSM: the laptop has neither.
    delete process.env[def.idVariable];
    const parameter = secretParameterVariable(key as SecretKey);
    if (parameter) delete process.env[parameter];
  }
  Object.assign(process.env, env);
  resetConfig();
  resetClients();
}

/**
 * The handlers' modules behind the API gateway, every function of the registry on its trigger
 * (storage events, Cognito triggers, schedules), and the background warm-up.
 */
async function mountApplication(services: HostServices, ctx: HostContext): Promise<ReturnType<typeof createApiGateway>> {
  const { warn, clock } = ctx;
  const cognito = services.cognito!;
  const [routes, http] = await Promise.all([import('../../functions/api/routes.js'), import('../../functions/platform/http.js')]);
  const api = createApiGateway({ issuer: cognito.issuer, jwksUrl: cognito.jwksUrl, clientId: cognito.userPoolClientId, clock, routes, http, warn });
  const store = services.storage!;
  services.mounted = mountFunctions(registry, { onObjectCreated: (l) => store.onObjectCreated(l), track: services.track, warn, clock });
  // Once the host answers, what a Lambda's init phase would load is loaded in the background,
  // one after the other: PDFium is compiled so that the first upload does not wait for it, then
  // the study engine's modules so that the first question, sheet or podcast script does not
  // (the OCR engine still loads only when a scanned page needs it, the speech workers start
  // with a podcast's script: they end after a minute idle).
  services.warmUp = setTimeout(() => {
    const extraction = (services.extractionModule ??= import('../../functions/pipelines/extract-upload.js'));
    const pdf = services.track(extraction.then((m) => m.warmUpExtraction())).catch((err: unknown) => warn('Preparing PDF extraction failed', err));
    // Not tracked: stopping need not wait for modules that use no service.
    const engine = pdf.then(() => import('../../functions/platform/engine.js').then((m) => m.warmUpEngine())).catch((err: unknown) => warn('Loading the study engine failed', err));
    void engine.then(services.markWarmedUp);
  }, 0);
  services.warmUp.unref();
  return api;
}

/** One origin: the API, the user-pool shim, `config.json`, the Stripe pages, the dev mailbox, the web app. */
function requestHandler(services: HostServices, ctx: HostContext, api: ReturnType<typeof createApiGateway>): Handler {
  const pool = services.cognito!;
  const mail = services.mailbox!;
  const webConfig = (req: IncomingMessage): WebConfig => {
    const host = req.headers.host && /^[a-z0-9.\-[\]:]+$/i.test(req.headers.host) ? req.headers.host : `localhost:${ctx.port}`;
    return parseWebConfig({
      stage: 'local',
      region: ctx.region,
      userPoolId: pool.userPoolId,
      userPoolClientId: pool.userPoolClientId,
      userPoolEndpoint: `http://${host}/cognito`,
      apiUrl: '/api',
      mailboxUrl: '/dev/mailbox',
    });
  };
  return async (req, res) => {
    const reqUrl = new URL(req.url ?? '/', 'http://localhost');
    const p = reqUrl.pathname;
    const stripe = services.stripe;
    // On the raw path (api-gateway.ts): a dot segment anywhere gets the gateway's 404, never resolved into another path.
    if (forGateway(req.url ?? '/')) return api(req, res, reqUrl);
    if (p === '/cognito' || p.startsWith('/cognito/')) return handleCognito(req, res, reqUrl, pool, ctx.url);
    if (p === '/config.json') return sendJson(res, 200, webConfig(req));
    if (stripe && p.startsWith('/dev/stripe/') && (await handleStripePages(req, res, reqUrl, stripe))) return;
    if (p === '/dev/mailbox' || p === '/dev/mailbox/') {
      const to = reqUrl.searchParams.get('to')?.trim() || null;
      return sendHtml(res, 200, mailboxPage(filterMail(mail.list(), to), to));
    }
    if (p === '/dev/mailbox.json') {
      const to = reqUrl.searchParams.get('to')?.trim() || null;
      return sendJson(res, 200, filterMail(mail.list(), to));
    }
    if (services.vite) return serveThroughVite(services.vite, req, res);
    return serveStatic(req, res, ctx.webDist, p);
  };
}

function serveThroughVite(vite: ViteMiddleware, req: IncomingMessage, res: ServerResponse): Promise<void> {
  return new Promise<void>((resolve) => {
    vite.middlewares(req, res, () => {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found\n');
      resolve();
    });
    res.on('close', () => resolve());
  });
}

function filterMail(list: MailMessage[], to: string | null): MailMessage[] {
  return to ? list.filter((m) => m.to.toLowerCase() === to.toLowerCase()) : list;
}

function sendJson(res: ServerResponse, status: number, data: unknown, headers: Record<string, string> = {}): void {
  const body = JSON.stringify(data);
  res
    .writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', 'content-length': Buffer.byteLength(body), ...headers })
    .end(body);
}

/** `POST /cognito` with `X-Amz-Target`, plus the pool's OpenID discovery documents. */
async function handleCognito(req: IncomingMessage, res: ServerResponse, reqUrl: URL, cognito: LocalCognito, url: string): Promise<void> {
  const p = reqUrl.pathname.replace(/\/+$/, '');
  if (req.method === 'GET') {
    const base = `/cognito/${cognito.userPoolId}/.well-known`;
    if (p === `${base}/jwks.json`) return sendJson(res, 200, cognito.jwks);
    if (p === `${base}/openid-configuration`) {
      return sendJson(res, 200, {
        issuer: cognito.issuer,
        jwks_uri: `${url}${base}/jwks.json`,
        id_token_signing_alg_values_supported: ['RS256'],
        subject_types_supported: ['public'],
        response_types_supported: ['code', 'token'],
      });
    }
    return sendJson(res, 404, { __type: 'ResourceNotFoundException', message: 'Not found' });
  }
  if (req.method !== 'POST' || p !== '/cognito') {
    req.resume();
    return sendJson(res, 405, { __type: 'InvalidAction', message: 'POST /cognito with an X-Amz-Target header' }, { allow: 'POST' });
  }
  const target = String(req.headers['x-amz-target'] ?? '');
  const match = /^AWSCognitoIdentityProviderService\.(\w+)$/.exec(target);
  if (!match) {
    req.resume();
    return sendJson(res, 400, { __type: 'InvalidAction', message: `Missing or unknown X-Amz-Target "${target}"` });
  }
  const bytes = await readBody(req, MAX_BODY_BYTES);
  if (bytes === null) {
    const message = errorMessage('body_too_large', headerLang(req), { limit: MAX_BODY_BYTES });
    const error = JSON.stringify({ __type: 'RequestEntityTooLargeException', code: 'body_too_large', message });
    return refuseBody(req, res, 413, { 'content-type': 'application/x-amz-json-1.1', 'cache-control': 'no-store' }, error);
  }
  let body: unknown;
  try {
    const text = bytes.toString('utf8');
    body = text.trim() ? JSON.parse(text) : {};
  } catch {
    return sendJson(res, 400, { __type: 'SerializationException', message: 'The request body is not valid JSON' });
  }
  const out = await cognito.call(match[1], body);
  res.writeHead(out.status, { ...out.headers, 'cache-control': 'no-store', 'content-length': Buffer.byteLength(out.body) }).end(out.body);
}

/**
 * Listens on 127.0.0.1 and, when the machine has IPv6, on ::1 with the same port, so that
 * `localhost` reaches the host whichever address the browser resolves it to.
 */
async function listenLoopback(port: number, onRequest: (req: IncomingMessage, res: ServerResponse) => void, warn: (m: string) => void): Promise<Server[]> {
  const listen = (host: string, p: number) =>
    new Promise<Server>((resolve, reject) => {
      const server = keepConnectionsAlive(createServer(onRequest));
      server.on('clientError', answerClientError);
      server.once('error', reject);
      server.listen(p, host, () => {
        server.off('error', reject);
        resolve(server);
      });
    });
  let v4: Server;
  try {
    v4 = await listen('127.0.0.1', port);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EADDRINUSE') {
      const e = new Error(`Port ${port} is already in use. Stop the program using it, or choose another port: PORT=${port + 1} npm start`);
      (e as NodeJS.ErrnoException).code = 'EADDRINUSE';
      throw e;
    }
    throw err;
  }
  const actual = (v4.address() as AddressInfo).port;
  try {
    return [v4, await listen('::1', actual)];
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE') warn(`Another program listens on [::1]:${actual}; browsers resolving localhost to ::1 may reach it instead of Révise.`);
    return [v4];
  }
}

function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    if (!server.listening) return resolve();
    server.close(() => resolve());
    server.closeAllConnections();
  });
}

/** Vite in middleware mode; its hot-reload socket shares the host's port. */
async function startVite(primary: Server, others: Server[]) {
  const configFile = path.join(repoRoot, 'web', 'vite.config.ts');
  if (!existsSync(configFile)) throw new Error('web/vite.config.ts is missing: the dev server cannot start');
  const { createServer: createViteServer } = await import('vite');
  for (const s of others) s.on('upgrade', (req, socket, head) => primary.emit('upgrade', req, socket, head));
  const server = await createViteServer({
    configFile,
    appType: 'spa',
    server: { middlewareMode: true, ws: { server: primary } },
  });
  return { middlewares: server.middlewares as unknown as (req: IncomingMessage, res: ServerResponse, next: () => void) => void, close: () => server.close() };
}
