// The CDK app: one Révise stack per stage (`Revise-<stage>`), configured by the deployment inputs
// (lib/inputs.ts) and checked by cdk-nag's AWS Solutions rules on every synth; `-c nag=false`
// turns the checks off for a quick look at a template.
import { App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { readInputs, type DeploymentInputs } from '../lib/inputs.js';
import { ReviseStack } from '../lib/revise-stack.js';

const app = new App();

let inputs: DeploymentInputs;
try {
  inputs = readInputs(app);
} catch (err) {
  // A bad input is the operator's to fix: the message says which and how; a stack trace would not help.
  console.error((err as Error).message);
  process.exit(1);
}

new ReviseStack(app, `Revise-${inputs.stage}`, { inputs });

const nag = app.node.tryGetContext('nag');
if (nag !== false && nag !== 'false') Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
