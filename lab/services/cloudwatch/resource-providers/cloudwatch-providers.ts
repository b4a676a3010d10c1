/** AWS::CloudWatch::Alarm (evaluated by the lab) and AWS::CloudWatch::Dashboard (kept, not drawn). */
import { LAB_ACCOUNT_ID, LAB_REGION } from '../../../common/local-aws';
import type { ResourceProvider } from '../../cloudformation/resource-provider';
import type { CloudWatchService } from '../cloudwatch-service';
import { generatedName } from '../../cloudformation/engine/generated-name';
import type { PropertyCoverage, ProviderNoteKey } from '../../cloudformation/validation/property-coverage';

/** The lab's alarm evaluator looks at the current value every second. */
const EVALUATED_EVERY_SECOND: ProviderNoteKey = 'alarmEvaluatedEverySecond';

/** What the alarm provider does with each property of `AWS::CloudWatch::Alarm`. */
export const ALARM_PROPERTIES: PropertyCoverage = {
  emulated: [
    'AlarmActions',
    'AlarmName',
    'ComparisonOperator',
    'Dimensions',
    'MetricName',
    'Namespace',
    'OKActions',
    'Threshold',
  ],
  noted: {
    DatapointsToAlarm: EVALUATED_EVERY_SECOND,
    EvaluateLowSampleCountPercentile: EVALUATED_EVERY_SECOND,
    EvaluationPeriods: EVALUATED_EVERY_SECOND,
    ExtendedStatistic: EVALUATED_EVERY_SECOND,
    Period: EVALUATED_EVERY_SECOND,
    Statistic: EVALUATED_EVERY_SECOND,
    TreatMissingData: EVALUATED_EVERY_SECOND,
    Unit: EVALUATED_EVERY_SECOND,
    AlarmDescription: 'description',
    Tags: 'tags',
  },
  refused: [
    'ActionsEnabled',
    'EvaluationCriteria',
    'EvaluationInterval',
    'EvaluationWindow',
    'InsufficientDataActions',
    'Metrics',
    'ThresholdMetricId',
    'WarmUpConfiguration',
  ],
};

/** What the dashboard provider does with each property of `AWS::CloudWatch::Dashboard`. */
export const DASHBOARD_PROPERTIES: PropertyCoverage = {
  emulated: ['DashboardBody', 'DashboardName'],
  noted: { Tags: 'tags' },
  refused: [],
};

/** The two providers; alarms go to the service's evaluator, dashboards' bodies to its state. */
export function cloudWatchProviders(cloudwatch: CloudWatchService): ResourceProvider[] {
  const { alarms, state } = cloudwatch;
  const define = (name: string, properties: Readonly<Record<string, unknown>>) => {
    const arn = `arn:aws:cloudwatch:${LAB_REGION}:${LAB_ACCOUNT_ID}:alarm:${name}`;
    alarms.put({
      alarmName: name,
      alarmArn: arn,
      namespace: String(properties.Namespace ?? ''),
      metricName: String(properties.MetricName ?? ''),
      dimensions: (properties.Dimensions ?? []) as { Name: string; Value: string }[],
      threshold: Number(properties.Threshold ?? 0),
      comparisonOperator: String(properties.ComparisonOperator ?? ''),
      alarmActions: (properties.AlarmActions ?? []) as string[],
      okActions: (properties.OKActions ?? []) as string[],
      ...(typeof properties.Statistic === 'string' ? { statistic: properties.Statistic } : {}),
      ...(properties.Period === undefined ? {} : { period: Number(properties.Period) }),
      ...(properties.EvaluationPeriods === undefined
        ? {}
        : { evaluationPeriods: Number(properties.EvaluationPeriods) }),
      ...(typeof properties.AlarmDescription === 'string' ? { description: properties.AlarmDescription } : {}),
    });
    return { physicalId: name, attributes: { Arn: arn } };
  };
  return [
    {
      type: 'AWS::CloudWatch::Alarm',
      properties: ALARM_PROPERTIES,
      create: async ({ stackName, logicalId, properties }) =>
        define(
          typeof properties.AlarmName === 'string'
            ? properties.AlarmName
            : generatedName({ stackName, logicalId, randomLength: 12 }),
          properties,
        ),
      update: async ({ properties, previous }) => define(previous.physicalId, properties),
      delete: async ({ resource }) => alarms.delete(resource.physicalId),
      requiresReplacement: (previous, next) => previous.AlarmName !== next.AlarmName,
    },
    {
      type: 'AWS::CloudWatch::Dashboard',
      properties: DASHBOARD_PROPERTIES,
      async create({ stackName, logicalId, properties }) {
        // Without a name, CloudFormation generates one ("If you do not specify a name, one will be generated").
        const name =
          typeof properties.DashboardName === 'string'
            ? properties.DashboardName
            : generatedName({ stackName, logicalId, randomLength: 12 });
        state.dashboards.set(name, { body: String(properties.DashboardBody ?? ''), lastModified: new Date() });
        return { physicalId: name, attributes: {} };
      },
      async update({ properties, previous }) {
        state.dashboards.set(previous.physicalId, {
          body: String(properties.DashboardBody ?? ''),
          lastModified: new Date(),
        });
        return previous;
      },
      async delete({ resource }) {
        state.dashboards.delete(resource.physicalId);
      },
      requiresReplacement: (previous, next) => previous.DashboardName !== next.DashboardName,
    },
  ];
}
