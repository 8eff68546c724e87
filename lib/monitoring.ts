// Alarms, when an alarm e-mail is configured: API server errors and errors of every house
// function go to an SNS topic that e-mails the operator. Nothing here costs anything while the
// alarms stay quiet beyond CloudWatch's per-alarm price.
import { Duration, Stack, Validations } from 'aws-cdk-lib';
import { Alarm, ComparisonOperator, TreatMissingData, type IMetric } from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import { Construct } from 'constructs';
import type { Api } from './api.js';
import { HouseFunction } from './house-function.js';

export interface MonitoringProps {
  alarmEmail: string;
  api: Api;
}

export class Monitoring extends Construct {
  readonly topic: Topic;
  readonly alarms: Alarm[] = [];

  constructor(scope: Construct, id: string, props: MonitoringProps) {
    super(scope, id);
    this.topic = new Topic(this, 'Alarms', { displayName: 'Révise alarms', enforceSSL: true });
    Validations.of(this.topic).acknowledge({
      id: 'AwsSolutions-SNS2',
      reason: 'Alarm notifications carry no personal data; CloudWatch cannot publish to a topic encrypted with the AWS-managed SNS key, and a customer key would add a monthly cost.',
    });
    this.topic.addSubscription(new EmailSubscription(props.alarmEmail));
    const action = new SnsAction(this.topic);

    const watch = (alarmId: string, description: string, metric: IMetric) => {
      const alarm = new Alarm(this, alarmId, {
        alarmDescription: description,
        metric,
        threshold: 1,
        evaluationPeriods: 1,
        comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        treatMissingData: TreatMissingData.NOT_BREACHING,
      });
      alarm.addAlarmAction(action);
      alarm.addOkAction(action);
      this.alarms.push(alarm);
    };

    watch('Api5xx', 'The HTTP API answered with server errors (5xx)', props.api.httpApi.metricServerError({ period: Duration.minutes(5), statistic: 'Sum' }));
    const stack = Stack.of(this);
    for (const fn of HouseFunction.all(stack)) {
      // `Auth/CustomMessage` → `AuthCustomMessageErrors`: unique, readable in the console.
      const name = fn.node.path.slice(stack.node.path.length + 1).replace(/[^A-Za-z0-9]/g, '');
      watch(`${name}Errors`, `The function ${name} threw errors`, fn.metricErrors({ period: Duration.minutes(5), statistic: 'Sum' }));
    }
  }
}
