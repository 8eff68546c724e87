// Acknowledgments of cdk-nag findings on resources that aws-cdk-lib creates for its own custom
// resources (the site upload, emptying buckets on deletion). Our own constructs acknowledge
// their findings where they are made; these resources have no construct of ours to do it, so the
// stack calls this once everything exists. Every acknowledgment states its reason.
import { CfnResource, Validations, type Stack } from 'aws-cdk-lib';
import { rules } from 'cdk-nag';
import type { IConstruct } from 'constructs';

const siteUpload = {
  runtime: 'The runtime of the site-upload function is chosen by aws-cdk-lib (BucketDeployment) and moves with its releases.',
  managedPolicy: 'The site-upload function of aws-cdk-lib writes only its own logs with the basic execution policy.',
  wildcard: (finding: string): string =>
    finding === 'Resource::*'
      ? 'Written by aws-cdk-lib BucketDeployment for cloudfront:CreateInvalidation and GetInvalidation after each deploy of the site.'
      : `Written by aws-cdk-lib BucketDeployment (${finding}): it reads the built site from the CDK asset bucket and replaces the site bucket's files, deleting stale ones.`,
};

/** Acknowledges AwsSolutions-IAM5 findings of every policy under `scope`, with `reason(finding)`. */
export function acknowledgeWildcards(scope: IConstruct, reason: (finding: string) => string): void {
  for (const node of scope.node.findAll()) {
    if (!CfnResource.isCfnResource(node)) continue;
    const findings = rules.iam.IAMNoWildcardPermissions(node);
    if (!Array.isArray(findings)) continue;
    for (const finding of findings) {
      Validations.of(node).acknowledge({ id: `AwsSolutions-IAM5[${finding}]`, reason: reason(finding) });
    }
  }
}

export function acknowledgeLibraryResources(stack: Stack): void {
  for (const child of stack.node.children) {
    const id = child.node.id;
    if (id.startsWith('Custom::CDKBucketDeployment')) {
      Validations.of(child).acknowledge(
        { id: 'AwsSolutions-L1', reason: siteUpload.runtime },
        { id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]', reason: siteUpload.managedPolicy },
      );
      acknowledgeWildcards(child, siteUpload.wildcard);
    }
  }
}
