/** AWS::CloudWatch::Alarm (evaluated by the lab) and AWS::CloudWatch::Dashboard (kept, not drawn). */
import { LAB_ACCOUNT_ID, LAB_REGION } from '../../../common/local-aws';
import type { ResourceProvider } from '../../cloudformation/resource-provider';
import type { AlarmEvaluator } from '../alarm-evaluator';
import { generatedName } from '../../cloudformation/generated-name';

/** The two providers; dashboards' bodies are kept in `dashboards`. */
export function cloudWatchProviders(options: {
  readonly alarms: AlarmEvaluator;
  readonly dashboards: Map<string, string>;
}): ResourceProvider[] {
  const define = (name: string, properties: Readonly<Record<string, unknown>>) => {
    const arn = `arn:aws:cloudwatch:${LAB_REGION}:${LAB_ACCOUNT_ID}:alarm:${name}`;
    options.alarms.put({
      alarmName: name,
      alarmArn: arn,
      namespace: String(properties.Namespace ?? ''),
      metricName: String(properties.MetricName ?? ''),
      dimensions: (properties.Dimensions ?? []) as { Name: string; Value: string }[],
      threshold: Number(properties.Threshold ?? 0),
      comparisonOperator: String(properties.ComparisonOperator ?? ''),
      alarmActions: (properties.AlarmActions ?? []) as string[],
      okActions: (properties.OKActions ?? []) as string[],
    });
    return { physicalId: name, attributes: { Arn: arn } };
  };
  return [
    {
      type: 'AWS::CloudWatch::Alarm',
      create: async ({ stackName, logicalId, properties }) =>
        define(
          typeof properties.AlarmName === 'string'
            ? properties.AlarmName
            : generatedName({ stackName, logicalId, randomLength: 12 }),
          properties,
        ),
      update: async ({ properties, previous }) => define(previous.physicalId, properties),
      delete: async ({ resource }) => options.alarms.delete(resource.physicalId),
      requiresReplacement: (previous, next) => previous.AlarmName !== next.AlarmName,
    },
    {
      type: 'AWS::CloudWatch::Dashboard',
      async create({ stackName, logicalId, properties }) {
        // Without a name, CloudFormation generates one ("If you do not specify a name, one will be generated").
        const name =
          typeof properties.DashboardName === 'string'
            ? properties.DashboardName
            : generatedName({ stackName, logicalId, randomLength: 12 });
        options.dashboards.set(name, String(properties.DashboardBody ?? ''));
        return { physicalId: name, attributes: {} };
      },
      async update({ properties, previous }) {
        options.dashboards.set(previous.physicalId, String(properties.DashboardBody ?? ''));
        return previous;
      },
      async delete({ resource }) {
        options.dashboards.delete(resource.physicalId);
      },
      requiresReplacement: (previous, next) => previous.DashboardName !== next.DashboardName,
    },
  ];
}
