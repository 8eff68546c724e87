// The CDK app: one Révise stack per stage (`Revise-<stage>`), configured by the deployment inputs
// (lib/inputs.ts) and checked by cdk-nag's AWS Solutions rules on every synth; `-c nag=false`
// turns the checks off for a quick look at a template.
import { App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { readInputs } from '../lib/inputs.js';
import { ReviseStack } from '../lib/revise-stack.js';

const app = new App();
const inputs = readInputs(app);
new ReviseStack(app, `Revise-${inputs.stage}`, { inputs });

const nag = app.node.tryGetContext('nag');
if (nag !== false && nag !== 'false') Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
