/** Every behaviour of the conformance suite, from each service's catalog, in one list. */
import type { Behaviour } from './behaviour';
import { RUNTIME_BEHAVIOURS } from './lambda-runtime/runtime-behaviours';
import { SQS_BEHAVIOURS } from './sqs/sqs-behaviours';

/** The whole catalog (each service's file adds its own list here). */
export const CONFORMANCE_CATALOG: readonly Behaviour[] = [...SQS_BEHAVIOURS, ...RUNTIME_BEHAVIOURS];
