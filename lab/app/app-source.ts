import type { StackTopology } from '../../lib/topology';

/** What to synthesize: the project's app (bin/sqs-lab.ts) with context, or variant stacks. */
export type AppSource =
  | { readonly kind: 'app'; readonly context?: Readonly<Record<string, string>> }
  | { readonly kind: 'topologies'; readonly topologies: readonly StackTopology[] };
