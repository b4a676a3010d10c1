import { Validations } from 'aws-cdk-lib';
import { EndpointType, LambdaIntegration, RestApi } from 'aws-cdk-lib/aws-apigateway';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { Construct } from 'constructs';
import { API_STAGE_NAME, API_THROTTLING } from '../settings';

/** Props of {@link EnqueueApi}. */
export interface EnqueueApiProps {
  /** The producer behind `POST /enqueue` (Lambda proxy integration). */
  readonly handler: IFunction;
  readonly restApiName: string;
  readonly description?: string;
}

/**
 * A regional REST API with one route, `POST /enqueue`, on stage `prod`, throttled by
 * `API_THROTTLING`: that bounds the rate a stranger who finds the URL can send at, and so the
 * month's bill to what cost/worst-case-bill.ts computes, not to nothing.
 */
export class EnqueueApi extends Construct {
  public readonly api: RestApi;
  /** The stage URL, ending in `/`, so `${url}enqueue` is the route. */
  public readonly url: string;

  constructor(scope: Construct, id: string, props: EnqueueApiProps) {
    super(scope, id);
    this.api = new RestApi(this, 'Api', {
      restApiName: props.restApiName,
      ...(props.description === undefined ? {} : { description: props.description }),
      endpointTypes: [EndpointType.REGIONAL],
      // No account-level CloudWatch role: it would outlive `cdk destroy`.
      cloudWatchRole: false,
      deployOptions: {
        stageName: API_STAGE_NAME,
        throttlingRateLimit: API_THROTTLING.rateLimitPerSecond,
        throttlingBurstLimit: API_THROTTLING.burstLimit,
      },
    });
    // The stack states its own `ApiEndpoint` output; RestApi's automatic one would be a duplicate.
    this.api.node.tryRemoveChild('Endpoint');
    this.api.root
      .addResource('enqueue')
      .addMethod('POST', new LambdaIntegration(props.handler, { allowTestInvoke: false }));
    this.url = this.api.url;
    this.acknowledgeNagFindings();
  }

  private acknowledgeNagFindings(): void {
    const loggingReason =
      'API Gateway logging needs an account-wide CloudWatch role that `cdk destroy` would leave behind in the ' +
      "learner's account; the producer's JSON logs record every request instead.";
    const publicReason =
      'Public lab endpoint by design (the tutorial calls it with curl); stage throttling bounds the rate, and so ' +
      'the monthly cost (README, Security and cost guards), and the producer can only send to its own queue.';
    Validations.of(this).acknowledge(
      { id: 'AwsSolutions-APIG1', reason: loggingReason },
      { id: 'AwsSolutions-APIG6', reason: loggingReason },
      {
        id: 'AwsSolutions-APIG2',
        reason:
          'The producer validates every body and answers 400 naming the bad field; a second, looser schema ' +
          'in API Gateway would drift from it.',
      },
      {
        id: 'AwsSolutions-APIG3',
        reason: 'A WAF web ACL costs money every month; stage throttling already bounds a short-lived sandbox lab.',
      },
      { id: 'AwsSolutions-APIG4', reason: publicReason },
      { id: 'AwsSolutions-COG4', reason: publicReason },
    );
  }
}
