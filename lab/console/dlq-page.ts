/** One DLQ message as the console lists it (read from the lab's state: nothing is received). */
export interface DlqMessage {
  readonly messageId: string;
  readonly body: string;
  /** SQS's ApproximateReceiveCount now. */
  readonly receiveCount: number;
  /** The receive count when its redrive policy moved it to the DLQ (absent: sent to the DLQ directly). */
  readonly receiveCountOnArrival?: number;
}

/** How many DLQ messages the console's state carries, and `GET /api/dlq` answers per page. */
export const DLQ_PAGE = 100;
