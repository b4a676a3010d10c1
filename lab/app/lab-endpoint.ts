/**
 * The lab's one AWS endpoint (`LocalLab.EndpointUrl`): every service the lab serves, behind one
 * loopback port, as AWS's regional endpoints are behind one account. SQS, DynamoDB and Logs keep
 * their own ports too and are reached through the endpoint by passing the request on.
 */
import type { GatewayHandler } from '../gateway/gateway-handler';
import { type LabGateway, startLabGateway } from '../gateway/lab-gateway';
import { proxyHandler } from '../gateway/proxy-handler';
import type { Emulators } from '../services/emulators';
import type { Cleanups } from './cleanups';
import type { LabServices } from './lab-services';

/**
 * The endpoint in front of the emulators alone (SQS and DynamoDB), without a lab: the bench
 * measures what the one endpoint costs the SQS batch path against the emulator's own port.
 */
export function startEmulatorsEndpoint(emulators: Emulators): Promise<LabGateway> {
  return startLabGateway([
    proxyHandler('sqs', () => emulators.sqsCliEndpoint),
    proxyHandler('dynamodb', () => emulators.dynamodbEndpoint),
  ]);
}

/** Starts the endpoint with every service of the lab; `cleanups` stops it. */
export async function startLabEndpoint(
  services: LabServices,
  emulators: Emulators,
  cleanups: Cleanups,
  preferredPort?: number,
): Promise<LabGateway> {
  const handlers: GatewayHandler[] = [
    proxyHandler('sqs', () => emulators.sqsCliEndpoint),
    proxyHandler('dynamodb', () => emulators.dynamodbEndpoint),
    proxyHandler('logs', () => services.logsServer.url),
  ];
  const gateway = await startLabGateway(handlers, preferredPort === undefined ? {} : { preferredPort });
  cleanups.add(() => gateway.stop());
  return gateway;
}
