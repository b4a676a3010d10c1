import { afterEach, describe, expect, it } from 'vitest';
import { createLabClients, type LabClients } from '#lab/app/lab-clients';
import { AwsCallLedger } from '#lab/interceptors/aws-call-ledger';
import { createQueueWithArn, sqsEmulatorsForThisFile } from '#lab/test/helpers/sqs-emulators';

const shared = sqsEmulatorsForThisFile();
let clients: LabClients | undefined;
afterEach(() => clients?.destroy());

describe("createLabClients: the lab's own calls, the pollers' included, are counted and faulted at the lab's site", () => {
  it("counts the pollers' calls under `lab`, and fails them as a where: ['lab'] rule says, unsent", async () => {
    const ledger = new AwsCallLedger();
    clients = createLabClients(shared.emulators(), {
      faults: [
        {
          service: 'SQS',
          operation: 'DeleteMessageBatch',
          probability: 1,
          where: ['lab'],
          error: { name: 'InternalError', message: 'injected' },
        },
      ],
      seed: 1,
      ledger,
    });
    const queue = await createQueueWithArn(shared.sqs(), 'lab-clients-poller');

    await clients.sqsCalls.receiveMessage({ QueueUrl: queue.url, WaitTimeSeconds: 0 });
    const deleting = clients.sqsCalls.deleteMessageBatch({
      QueueUrl: queue.url,
      Entries: [{ Id: '0', ReceiptHandle: 'any' }],
    });

    await expect(deleting).rejects.toMatchObject({ name: 'InternalError', message: 'injected' });
    expect(ledger.counts()).toEqual({ lab: { 'SQS.ReceiveMessage': 1, 'SQS.DeleteMessageBatch': 1 } });
    expect(ledger.faults()).toEqual({ lab: { 'SQS.DeleteMessageBatch': 1 } });
  });
});
