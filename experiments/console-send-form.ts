/**
 * The tutorial's send form for the console: a field for each body field of `POST /enqueue`
 * (Step 7: lambda/visibility-dup/job.ts; Step 8: lambda/batch-partial/run.ts), with the limits
 * of lib/settings.ts, registered with `startConsole(lab, { sendForm: TUTORIAL_SEND_FORM })`.
 */
import { localized } from './locales/messages';
import type { SendForm } from '@sqs-lab/lab';
import { BATCH_PARTIAL, SQS_MAX_DELAY_SECONDS, VISIBILITY_DUP } from '../lib/settings';

/** Both stacks' fields, Step 7's first. */
export const TUTORIAL_SEND_FORM: SendForm = {
  route: 'enqueue',
  body: '{"id":"msg-1","sleep":8}',
  stacks: [
    {
      stackName: 'VisibilityDupStack',
      fields: [
        {
          name: 'id',
          input: 'text',
          value: 'msg-1',
          hint: localized((say) => say.sendForm.VisibilityDupStack.id),
        },
        {
          name: 'sleep',
          input: 'number',
          value: 8,
          min: 0,
          max: VISIBILITY_DUP.maxSleepSeconds,
          step: 'any',
          hint: localized((say) => say.sendForm.VisibilityDupStack.sleep),
        },
        {
          name: 'heartbeat',
          input: 'checkbox',
          value: true,
          hint: localized((say) => say.sendForm.VisibilityDupStack.heartbeat),
        },
        {
          name: 'failHeartbeat',
          input: 'checkbox',
          hint: localized((say) => say.sendForm.VisibilityDupStack.failHeartbeat),
        },
        {
          name: 'idempotency',
          input: 'checkbox',
          value: true,
          hint: localized((say) => say.sendForm.VisibilityDupStack.idempotency),
        },
        {
          name: 'delaySeconds',
          input: 'number',
          min: 0,
          max: SQS_MAX_DELAY_SECONDS,
          step: 1,
          hint: localized((say) => say.sendForm.VisibilityDupStack.delaySeconds),
        },
        {
          name: 'sendTwice',
          input: 'checkbox',
          hint: localized((say) => say.sendForm.VisibilityDupStack.sendTwice),
        },
      ],
    },
    {
      stackName: 'BatchPartialStack',
      fields: [
        {
          name: 'count',
          input: 'number',
          value: 10,
          min: 1,
          max: BATCH_PARTIAL.maxCount,
          step: 1,
          hint: localized((say) => say.sendForm.BatchPartialStack.count),
        },
        {
          name: 'failEvery',
          input: 'number',
          value: 3,
          min: 0,
          max: BATCH_PARTIAL.maxCount,
          step: 1,
          hint: localized((say) => say.sendForm.BatchPartialStack.failEvery),
        },
      ],
    },
  ],
};
