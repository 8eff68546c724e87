// The site: the built web app (web/dist) in a private bucket behind CloudFront, with the HTTP
// API under `/api/*` on the same origin, strict security headers, and the runtime `config.json`
// deployed beside the app so one build serves every stage.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Duration, RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import {
  AllowedMethods,
  CachePolicy,
  Distribution,
  FunctionCode,
  FunctionEventType,
  FunctionRuntime,
  HeadersFrameOption,
  HeadersReferrerPolicy,
  HttpVersion,
  OriginProtocolPolicy,
  OriginRequestPolicy,
  OriginSslPolicy,
  PriceClass,
  ResponseHeadersPolicy,
  SecurityPolicyProtocol,
  ViewerProtocolPolicy,
  Function as ViewerFunction,
} from 'aws-cdk-lib/aws-cloudfront';
import { HttpOrigin, S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import { Certificate } from 'aws-cdk-lib/aws-certificatemanager';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { BlockPublicAccess, Bucket, BucketEncryption, ObjectOwnership, type IBucket } from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, CacheControl, Source } from 'aws-cdk-lib/aws-s3-deployment';
import { Construct } from 'constructs';
import type { WebConfig } from '../functions/core/web-config.js';
import type { Api } from './api.js';
import type { Auth } from './auth.js';
import { repoRoot } from './house-function.js';
import type { DeploymentInputs } from './inputs.js';
import { precompressedGlobs } from './precompressed.js';
import { PRERENDER_GATE_CSP } from './prerender-gate.js';

export interface WebProps {
  inputs: DeploymentInputs;
  api: Api;
  auth: Auth;
  /** Receives the site bucket's access logs and CloudFront's logs. */
  logs: IBucket;
  /** The built app; defaults to web/dist, or a placeholder page when it has not been built. */
  distDir?: string;
}

// Paths without a file extension are app routes: the SPA's index.html answers them. Only the
// default (S3) behaviour runs this, so `/api/*` keeps its own JSON 404s.
export const spaRewrite = `function handler(event) {
  var request = event.request;
  var last = request.uri.substring(request.uri.lastIndexOf('/') + 1);
  if (last.indexOf('.') === -1) request.uri = '/index.html';
  return request;
}`;

/** web/dist when built; otherwise a one-page placeholder so synth works before the web build. */
export function webDistOrPlaceholder(distDir = join(repoRoot, 'web', 'dist')): string {
  if (existsSync(join(distDir, 'index.html'))) return distDir;
  const dir = join(tmpdir(), 'revise-web-placeholder');
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html><html lang="fr"><meta charset="utf-8"><title>Révise</title><p>Révise arrive bientôt. (Le site n’a pas encore été construit : <code>npm run build</code> puis <code>npx cdk deploy</code>.)</p></html>\n',
  );
  return dir;
}

/** The page's Content-Security-Policy: everything from the site itself, plus Cognito and uploads. */
export function contentSecurityPolicy(opts: { region: string; hostedUiDomain?: string; uploadsOrigin: string }): string {
  const cognito = `https://cognito-idp.${opts.region}.amazonaws.com`;
  const hostedUi = opts.hostedUiDomain ? [`https://${opts.hostedUiDomain}`] : [];
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    // pdf.js and the OCR engine compile WebAssembly; no remote script, and no inline one but the
    // prerendered landing's gate (lib/prerender-gate.ts), allowed by its hash.
    'script-src': ["'self'", "'wasm-unsafe-eval'", PRERENDER_GATE_CSP],
    'style-src': ["'self'"],
    'img-src': ["'self'", 'data:', 'blob:', opts.uploadsOrigin],
    'font-src': ["'self'", 'data:'],
    'media-src': ["'self'", 'blob:', opts.uploadsOrigin],
    'connect-src': ["'self'", cognito, ...hostedUi, opts.uploadsOrigin],
    'worker-src': ["'self'", 'blob:'],
    'frame-src': ["'self'", 'blob:', opts.uploadsOrigin],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'", ...hostedUi],
    'frame-ancestors': ["'none'"],
    'upgrade-insecure-requests': [],
  };
  return Object.entries(directives)
    .map(([name, values]) => [name, ...values].join(' '))
    .join('; ');
}

export class Web extends Construct {
  readonly bucket: Bucket;
  readonly distribution: Distribution;
  readonly headers: ResponseHeadersPolicy;
  /** `https://host` of the site: the custom domain when configured, else CloudFront's. */
  readonly siteOrigin: string;
  readonly config: WebConfig;

  constructor(scope: Construct, id: string, props: WebProps) {
    super(scope, id);
    const { inputs, api, auth, logs } = props;
    const region = Stack.of(this).region;

    this.bucket = new Bucket(this, 'Site', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      encryption: BucketEncryption.S3_MANAGED,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
      serverAccessLogsBucket: logs,
      serverAccessLogsPrefix: 'site/',
      // Only build output lives here; every deploy writes it again.
      removalPolicy: RemovalPolicy.DESTROY,
      autoDeleteObjects: true,
    });

    this.headers = new ResponseHeadersPolicy(this, 'SecurityHeaders', {
      comment: 'Révise security headers',
      securityHeadersBehavior: {
        contentSecurityPolicy: {
          contentSecurityPolicy: contentSecurityPolicy({
            region,
            hostedUiDomain: auth.hostedUi?.domain,
            // Presigned URLs point at `<bucket>.s3.<region>.amazonaws.com`. The bucket's own name
            // cannot appear here: its CORS rule names this distribution's domain, and CloudFront
            // would then depend on the bucket and the bucket on CloudFront.
            uploadsOrigin: `https://*.s3.${region}.amazonaws.com`,
          }),
          override: true,
        },
        strictTransportSecurity: { accessControlMaxAge: Duration.days(730), includeSubdomains: true, override: true },
        frameOptions: { frameOption: HeadersFrameOption.DENY, override: true },
        referrerPolicy: { referrerPolicy: HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN, override: true },
        contentTypeOptions: { override: true },
      },
      customHeadersBehavior: {
        customHeaders: [
          { header: 'Permissions-Policy', value: 'camera=(self), microphone=(), geolocation=(), payment=()', override: true },
        ],
      },
    });

    const spa = new ViewerFunction(this, 'SpaRoutes', {
      code: FunctionCode.fromInline(spaRewrite),
      runtime: FunctionRuntime.JS_2_0,
      comment: 'Serves index.html for app routes',
    });

    // The TLS policy can be chosen only with our own certificate; *.cloudfront.net has its own.
    const custom = inputs.domain && inputs.certificateArn
      ? {
          domainNames: [inputs.domain],
          certificate: Certificate.fromCertificateArn(this, 'Certificate', inputs.certificateArn),
          minimumProtocolVersion: SecurityPolicyProtocol.TLS_V1_2_2021,
        }
      : {};
    this.distribution = new Distribution(this, 'Cdn', {
      comment: `Révise ${inputs.stage}`,
      defaultRootObject: 'index.html',
      defaultBehavior: {
        origin: S3BucketOrigin.withOriginAccessControl(this.bucket),
        viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        cachePolicy: CachePolicy.CACHING_OPTIMIZED,
        compress: true,
        responseHeadersPolicy: this.headers,
        functionAssociations: [{ function: spa, eventType: FunctionEventType.VIEWER_REQUEST }],
      },
      additionalBehaviors: {
        '/api/*': {
          origin: new HttpOrigin(api.originDomain, {
            protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY,
            originSslProtocols: [OriginSslPolicy.TLS_V1_2],
          }),
          viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
          allowedMethods: AllowedMethods.ALLOW_ALL,
          // Never cached; with caching disabled CloudFront may forward Authorization, and every
          // viewer header but Host (API Gateway routes on its own host name).
          cachePolicy: CachePolicy.CACHING_DISABLED,
          originRequestPolicy: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
          responseHeadersPolicy: this.headers,
        },
      },
      // Europe and North America edges: the audience is French-speaking, the bill smaller.
      priceClass: PriceClass.PRICE_CLASS_100,
      httpVersion: HttpVersion.HTTP2_AND_3,
      enableLogging: true,
      logBucket: logs,
      logFilePrefix: 'cloudfront/',
      ...custom,
    });
    Validations.of(this.distribution).acknowledge(
      {
        id: 'AwsSolutions-CFR1',
        reason: 'Students may use the service from any country; there is no legal need to restrict by geography.',
      },
      {
        id: 'AwsSolutions-CFR2',
        reason: 'A WAF web ACL has a fixed monthly cost; the API is throttled per stage and every data route requires a Cognito JWT.',
      },
    );
    if (!inputs.domain) {
      Validations.of(this.distribution).acknowledge({
        id: 'AwsSolutions-CFR4',
        reason: 'Without a custom domain the distribution uses the default *.cloudfront.net certificate, whose TLS policy cannot be chosen; with a domain the policy is TLSv1.2_2021.',
      });
    }
    this.siteOrigin = inputs.domain ? `https://${inputs.domain}` : `https://${this.distribution.distributionDomainName}`;

    this.config = {
      stage: 'cloud',
      region,
      userPoolId: auth.userPool.userPoolId,
      userPoolClientId: auth.client.userPoolClientId,
      apiUrl: '/api',
      ...(auth.hostedUi ? { oauth: auth.hostedUi } : {}),
    };

    this.deploySite(props.distDir);
  }

  /** The build into the site bucket, with the caching each kind of file deserves, then the CDN invalidated. */
  private deploySite(distDir: WebProps['distDir']): void {
    const dist = webDistOrPlaceholder(distDir);
    // The build's .br/.gz copies are for the laptop host: CloudFront compresses by itself
    // (`compress: true`, with the CachingOptimized policy's gzip and brotli cache keys).
    // Source maps stay with the build (docs/decisions.md): the public site ships no sources.
    const site = () => Source.asset(dist, { exclude: [...precompressedGlobs(), '**/*.map'] });
    const deployLogs = new LogGroup(this, 'DeployLogs', { retention: RetentionDays.ONE_MONTH, removalPolicy: RemovalPolicy.DESTROY });
    // Three passes over the same build, so each file gets the caching it deserves and a visitor
    // never gets an index.html whose scripts are not there yet:
    //  1. `assets/` (content-hashed by the build): cached for a year, never pruned, so a page
    //     opened before a deploy can still load its lazy chunks after it;
    //  2. other files (favicon, fonts, OCR data): cached a day, stale ones removed;
    //  3. index.html and config.json: revalidated on every load, then the CDN is invalidated.
    const common = { destinationBucket: this.bucket, memoryLimit: 1024, outputObjectKeys: false, logGroup: deployLogs };
    const hashed = new BucketDeployment(this, 'DeployHashedAssets', {
      ...common,
      sources: [site()],
      exclude: ['*'],
      include: ['assets/*'],
      prune: false,
      cacheControl: [CacheControl.setPublic(), CacheControl.maxAge(Duration.days(365)), CacheControl.immutable()],
    });
    const files = new BucketDeployment(this, 'DeployFiles', {
      ...common,
      sources: [site()],
      exclude: ['index.html', 'config.json', 'assets/*'],
      cacheControl: [CacheControl.setPublic(), CacheControl.maxAge(Duration.days(1))],
    });
    const entry = new BucketDeployment(this, 'DeployEntry', {
      ...common,
      sources: [site(), Source.jsonData('config.json', this.config)],
      exclude: ['*'],
      include: ['index.html', 'config.json'],
      prune: false,
      cacheControl: [CacheControl.noCache()],
      distribution: this.distribution,
      distributionPaths: ['/*'],
    });
    entry.node.addDependency(hashed, files);
  }
}
