import { RemovalPolicy, Validations } from 'aws-cdk-lib';
import { AttributeType, BillingMode, Table } from 'aws-cdk-lib/aws-dynamodb';
import type { Construct } from 'constructs';
import type { TableSpec } from '../topology';

/** Props of {@link LabTable}. */
export interface LabTableProps {
  readonly spec: TableSpec;
}

/**
 * An on-demand table keyed by one string attribute, with TTL, deleted by `cdk destroy`:
 * a lab table holds nothing worth keeping once the experiment is over.
 */
export class LabTable extends Table {
  constructor(scope: Construct, id: string, props: LabTableProps) {
    super(scope, id, {
      partitionKey: { name: props.spec.partitionKey, type: AttributeType.STRING },
      billingMode: BillingMode.PAY_PER_REQUEST,
      timeToLiveAttribute: props.spec.timeToLiveAttribute,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    Validations.of(this).acknowledge({
      id: 'AwsSolutions-DDB3',
      reason:
        'Sandbox lab table: its items are idempotency records that expire within a day and the table is ' +
        'deleted by `cdk destroy`, so there is nothing to restore.',
    });
  }
}
