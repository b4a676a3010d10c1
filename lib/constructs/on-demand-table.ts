import { RemovalPolicy, Validations } from 'aws-cdk-lib';
import { AttributeType, BillingMode, Table } from 'aws-cdk-lib/aws-dynamodb';
import type { Construct } from 'constructs';
import type { TableSpec } from '../topology';

/** Props of {@link OnDemandTable}. */
export interface OnDemandTableProps {
  readonly spec: TableSpec;
}

/**
 * An on-demand table keyed by one string attribute, with TTL, deleted by `cdk destroy`:
 * the stacks' tables hold nothing worth keeping once the experiment is over.
 */
export class OnDemandTable extends Table {
  constructor(scope: Construct, id: string, props: OnDemandTableProps) {
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
