// The HTTP API: one route per entry of functions/api/routes.ts, all served by the registry's HTTP
// function (functions/registry.ts), which dispatches on the route key; `user` routes go through
// the user pool's JWT authorizer, `public` and `webhook` routes through none. CloudFront serves it under `/api/*` on the site's own origin, so the API
// needs no CORS.
import { RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import { HttpApi, HttpMethod, HttpStage, LogGroupLogDestination, type HttpRoute } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpUserPoolAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { routeKey, routes } from '../functions/api/routes.js';
import type { Auth } from './auth.js';
import { functionsOf } from '../functions/registry.js';
import type { HouseFunction } from './house-function.js';
import type { DeploymentInputs } from './inputs.js';
import { buildServerFunction, type FunctionContext } from './server-functions.js';

/** Per-stage throttling: generous for real use, a ceiling on what a runaway client can cost. */
export const apiThrottle = { rateLimit: 50, burstLimit: 100 };

export interface ApiProps {
  inputs: DeploymentInputs;
  functions: FunctionContext;
  auth: Auth;
}

export class Api extends Construct {
  readonly httpApi: HttpApi;
  readonly stage: HttpStage;
  readonly handler: HouseFunction;
  /** Route key (`GET /api/profile`) → route construct. */
  readonly routes = new Map<string, HttpRoute>();

  constructor(scope: Construct, id: string, props: ApiProps) {
    super(scope, id);
    const { inputs, auth } = props;

    // The registry's one HTTP function serves every route of the table.
    const [def, ...others] = functionsOf('http');
    if (!def || others.length) throw new Error('functions/registry.ts must have exactly one HTTP function: it serves the whole route table');
    this.handler = buildServerFunction(this, def, { ...props.functions, userPoolArn: auth.userPool.userPoolArn });

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
      } else if (route.auth === 'webhook') {
        Validations.of(created).acknowledge({
          id: 'AwsSolutions-APIG4',
          reason: `${routeKey(route)} is a webhook: its sender has no user token and proves itself by a signature over the body, which the handler verifies before anything changes.`,
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
