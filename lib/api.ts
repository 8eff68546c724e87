// The HTTP API: one route per entry of functions/api/routes.ts, all served by one function that
// dispatches on the route key; `user` routes go through the user pool's JWT authorizer, `public`
// routes through none. CloudFront serves it under `/api/*` on the site's own origin, so the API
// needs no CORS.
import { Duration, RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import { HttpApi, HttpMethod, HttpStage, LogGroupLogDestination, type HttpRoute } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpUserPoolAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import { routeKey, routes } from '../functions/api/routes.js';
import type { Auth } from './auth.js';
import type { Data } from './data.js';
import { HouseFunction } from './house-function.js';
import type { BedrockModel, DeploymentInputs } from './inputs.js';

/**
 * Permission to call the generation model and nothing else (Converse needs bedrock:InvokeModel).
 * A model id: that foundation model in the stack's region. An inference profile: the profile, and
 * the foundation model in each region it routes to, only when called through that profile.
 */
export function bedrockInvokeStatements(stack: Stack, model: BedrockModel): PolicyStatement[] {
  const foundationModels = model.regions.map((region) => `arn:${stack.partition}:bedrock:${region}::foundation-model/${model.foundationModelId}`);
  if (!model.geography) {
    return [new PolicyStatement({ sid: 'InvokeGenerationModel', actions: ['bedrock:InvokeModel'], resources: foundationModels })];
  }
  const profile = stack.formatArn({ service: 'bedrock', resource: 'inference-profile', resourceName: model.id });
  return [
    new PolicyStatement({ sid: 'InvokeGenerationProfile', actions: ['bedrock:InvokeModel'], resources: [profile] }),
    new PolicyStatement({
      sid: 'InvokeGenerationModelThroughProfile',
      actions: ['bedrock:InvokeModel'],
      resources: foundationModels,
      conditions: { StringEquals: { 'bedrock:InferenceProfileArn': profile } },
    }),
  ];
}

/** Per-stage throttling: generous for real use, a ceiling on what a runaway client can cost. */
export const apiThrottle = { rateLimit: 50, burstLimit: 100 };

export interface ApiProps {
  inputs: DeploymentInputs;
  data: Data;
  uploads: IBucket;
  auth: Auth;
  /** `https://host` of the site, for links the API writes (APP_URL). */
  siteOrigin: string;
}

export class Api extends Construct {
  readonly httpApi: HttpApi;
  readonly stage: HttpStage;
  readonly handler: HouseFunction;
  /** Route key (`GET /api/profile`) → route construct. */
  readonly routes = new Map<string, HttpRoute>();

  constructor(scope: Construct, id: string, props: ApiProps) {
    super(scope, id);
    const { inputs, data, uploads, auth, siteOrigin } = props;

    this.handler = new HouseFunction(this, 'Handler', {
      entry: 'functions/api/lambda.ts',
      description: 'Serves every route of the HTTP API',
      // API Gateway gives up after 30 s.
      timeout: Duration.seconds(29),
      memorySize: 1024,
      tracing: inputs.tracing,
      retainLogs: inputs.retainData,
      environment: {
        USER_POOL_ID: auth.userPool.userPoolId,
        USER_POOL_CLIENT_ID: auth.client.userPoolClientId,
        APP_URL: siteOrigin,
        ENGINE_PROVIDER: 'bedrock',
        BEDROCK_MODEL_ID: inputs.bedrockModel.id,
      },
    });
    for (const table of data.all) this.handler.useTable(table, 'readWrite');
    this.handler.useUploads(uploads, 'readWriteDelete');
    // Account deletion removes the Cognito user; nothing else in the pool is reachable.
    this.handler.addToRolePolicy(
      new PolicyStatement({
        actions: ['cognito-idp:AdminDeleteUser', 'cognito-idp:AdminGetUser'],
        resources: [auth.userPool.userPoolArn],
      }),
    );
    for (const statement of bedrockInvokeStatements(Stack.of(this), inputs.bedrockModel)) this.handler.addToRolePolicy(statement);

    this.httpApi = new HttpApi(this, 'Http', {
      description: 'Révise API (served under /api/* by the site distribution)',
      createDefaultStage: false,
    });
    const accessLogs = new LogGroup(this, 'AccessLogs', {
      retention: RetentionDays.ONE_MONTH,
      removalPolicy: inputs.retainData ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });
    this.stage = new HttpStage(this, 'DefaultStage', {
      httpApi: this.httpApi,
      stageName: '$default',
      autoDeploy: true,
      throttle: apiThrottle,
      accessLogSettings: { destination: new LogGroupLogDestination(accessLogs) },
    });

    const authorizer = new HttpUserPoolAuthorizer('UserPool', auth.userPool, { userPoolClients: [auth.client] });
    // One resource-policy statement for the whole API instead of one per route: the function's
    // policy has a 20 kB limit that a growing route table would reach.
    const integration = new HttpLambdaIntegration('Handler', this.handler, { scopePermissionToRoute: false });
    for (const route of routes) {
      const [created] = this.httpApi.addRoutes({
        path: route.path,
        methods: [HttpMethod[route.method]],
        integration,
        authorizer: route.auth === 'user' ? authorizer : undefined,
      });
      this.routes.set(routeKey(route), created);
      if (route.auth === 'public') {
        Validations.of(created).acknowledge({
          id: 'AwsSolutions-APIG4',
          reason: `${routeKey(route)} is public in the route table: it serves visitors who are not signed in and returns no per-user data.`,
        });
      }
    }
  }

  /** Host name of the API's own endpoint, the origin CloudFront forwards `/api/*` to. */
  get originDomain(): string {
    const stack = Stack.of(this);
    return `${this.httpApi.apiId}.execute-api.${stack.region}.${stack.urlSuffix}`;
  }
}
