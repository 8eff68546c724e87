// The Révise stack: one construct per concern, composed here and nowhere else.
//
// The site's origin (APP_URL, OAuth redirects, the uploads CORS rule) is the custom domain when
// one is configured, else the CloudFront domain, which exists only once the distribution does;
// the distribution in turn needs the API. The functions therefore receive the origin as a lazy
// value resolved at synth. CloudFormation sees no cycle because the distribution references only
// the API resource itself, never the functions, the user pool or the uploads bucket.
import { CfnOutput, Lazy, Stack, Tags, Validations, type StackProps } from 'aws-cdk-lib';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct } from 'constructs';
import { Api } from './api.js';
import { Auth } from './auth.js';
import { Data } from './data.js';
import { Ingestion } from './ingestion.js';
import type { DeploymentInputs } from './inputs.js';
import { Jobs } from './jobs.js';
import { Monitoring } from './monitoring.js';
import { Podcasts } from './podcasts.js';
import { acknowledgeLibraryResources } from './nag.js';
import { Schedules } from './schedules.js';
import type { FunctionContext } from './server-functions.js';
import { Storage } from './storage.js';
import { Web } from './web.js';

export interface ReviseStackProps extends StackProps {
  inputs: DeploymentInputs;
  /** The built web app; defaults to web/dist (or a placeholder page when it is missing). */
  webDistDir?: string;
}

export class ReviseStack extends Stack {
  readonly data: Data;
  readonly storage: Storage;
  readonly auth: Auth;
  readonly api: Api;
  readonly web: Web;
  readonly ingestion: Ingestion;
  readonly schedules: Schedules;
  readonly podcasts: Podcasts;
  readonly jobs: Jobs;
  readonly monitoring?: Monitoring;

  constructor(scope: Construct, id: string, props: ReviseStackProps) {
    super(scope, id, {
      description: `Révise study assistant (${props.inputs.stage})`,
      ...props,
      env: { account: props.env?.account ?? process.env.CDK_DEFAULT_ACCOUNT, region: props.inputs.region },
    });
    const { inputs } = props;
    // Cost allocation: every resource of a deployment carries its stage.
    Tags.of(this).add('project', 'revise');
    Tags.of(this).add('stage', inputs.stage);

    let web: Web | undefined;
    const siteOrigin = inputs.domain
      ? `https://${inputs.domain}`
      : Lazy.string({ produce: () => web!.siteOrigin });

    this.data = new Data(this, 'Data', { retain: inputs.retainData });
    this.storage = new Storage(this, 'Storage', { retain: inputs.retainData });
    // What every function of functions/registry.ts may be given; each construct builds the
    // functions of its trigger kind from it.
    // The key of the study reminders' unsubscribe links: random, made by the stack, read by the
    // reminder job (signs) and the API (verifies).
    const reminderSigning = new Secret(this, 'ReminderSigningKey', {
      description: "Révise: HMAC key of the study reminders' unsubscribe links",
      generateSecretString: { passwordLength: 48, excludePunctuation: true },
    });
    Validations.of(reminderSigning).acknowledge({
      id: 'AwsSolutions-SMG4',
      reason: 'A signing key only Révise reads; rotating it would void the unsubscribe links of e-mails already sent, which must keep working.',
    });
    const functions: FunctionContext = {
      inputs,
      data: this.data,
      uploads: this.storage.uploads,
      generatedSecrets: { reminderSigning },
      env: {
        APP_URL: siteOrigin,
        ENGINE_PROVIDER: 'bedrock',
        BEDROCK_MODEL_ID: inputs.bedrockModel.id,
        BEDROCK_FREE_MODEL_ID: inputs.freeModel.id,
        OCR_PROVIDER: 'textract',
        SPEECH_PROVIDER: 'polly',
        POLLY_ENGINE: inputs.pollyEngine,
        ...(inputs.stripePriceId ? { STRIPE_PRICE_ID: inputs.stripePriceId } : {}),
      },
    };
    this.auth = new Auth(this, 'Auth', { inputs, functions, siteOrigin });
    this.podcasts = new Podcasts(this, 'Podcasts', { functions, retain: inputs.retainData });
    // Background jobs the API queues (the data export).
    this.jobs = new Jobs(this, 'Jobs', { functions });
    const withPool: FunctionContext = {
      ...functions,
      podcastMachineArn: this.podcasts.stateMachine.stateMachineArn,
      podcastExecutions: this.podcasts.executions,
      exportFunctionArn: this.jobs.dataExport.functionArn,
      env: {
        ...functions.env,
        EXPORT_FUNCTION_NAME: this.jobs.dataExport.functionName,
        USER_POOL_ID: this.auth.userPool.userPoolId,
        USER_POOL_CLIENT_ID: this.auth.client.userPoolClientId,
        PODCAST_STATE_MACHINE_ARN: this.podcasts.stateMachine.stateMachineArn,
      },
    };
    this.api = new Api(this, 'Api', { inputs, functions: withPool, auth: this.auth });
    this.web = web = new Web(this, 'Web', {
      inputs,
      api: this.api,
      auth: this.auth,
      logs: this.storage.logs,
      distDir: props.webDistDir,
    });
    this.storage.allowOrigin(siteOrigin);
    this.ingestion = new Ingestion(this, 'Ingestion', { functions, uploads: this.storage.uploads });
    // The scheduled jobs read the pool (a student's address) and send from the SES identity.
    this.schedules = new Schedules(this, 'Schedules', {
      functions: {
        ...withPool,
        userPoolArn: this.auth.userPool.userPoolArn,
        mailIdentities: inputs.sesFromEmail ? [inputs.sesFromEmail, inputs.sesFromEmail.split('@')[1]] : [],
        env: { ...withPool.env, ...(inputs.sesFromEmail ? { MAIL_FROM: inputs.sesFromEmail } : {}) },
      },
    });
    if (inputs.alarmEmail) this.monitoring = new Monitoring(this, 'Monitoring', { alarmEmail: inputs.alarmEmail, api: this.api });

    acknowledgeLibraryResources(this);

    new CfnOutput(this, 'SiteUrl', { value: this.web.siteOrigin, description: 'Open this address to use Révise' });
    new CfnOutput(this, 'DistributionDomain', { value: this.web.distribution.distributionDomainName, description: 'CNAME target for a custom domain' });
    new CfnOutput(this, 'UserPoolId', { value: this.auth.userPool.userPoolId });
    new CfnOutput(this, 'UserPoolClientId', { value: this.auth.client.userPoolClientId });
    new CfnOutput(this, 'UploadsBucket', { value: this.storage.uploads.bucketName });
    if (this.auth.hostedUi) {
      new CfnOutput(this, 'GoogleRedirectUri', {
        value: `https://${this.auth.hostedUi.domain}/oauth2/idpresponse`,
        description: 'Add this to the Google OAuth client\'s "Authorised redirect URIs"',
      });
    }
  }
}
