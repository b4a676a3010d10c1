/**
 * Pieces of text that read the same in every language (shell commands, lists of names), shared
 * by en.ts and ja.ts so that each language words only what differs.
 */
import { LOCAL_OUTPUTS_FILE } from '@sqs-lab/lab';

/** What `npm run lab`'s ready text names. */
export interface ReadyFacts {
  readonly startupMs: number;
  readonly outputsPath: string;
  readonly visibilityApi: string;
  readonly batchApi: string;
  readonly batchSize: number;
  readonly reportBatchItemFailures: boolean;
  readonly logsEndpoint: string;
  readonly consoleUrl: string;
  readonly awsCliExample: string;
  readonly awsCliEnvironment: string;
  readonly workerLogGroup: string;
  /** The lab's one AWS endpoint (`LocalLab.EndpointUrl`). */
  readonly endpointUrl: string;
}

/** The commands `npm run lab`'s ready text suggests for a second terminal. */
export function readyCommands(facts: ReadyFacts): string {
  return `  API=$(jq -r '.VisibilityDupStack.ApiEndpoint' ${LOCAL_OUTPUTS_FILE})
  curl -X POST "\${API}enqueue" -H "Content-Type: application/json" -d '{"id":"msg-1","sleep":8}'

  API=$(jq -r '.BatchPartialStack.ApiEndpoint' ${LOCAL_OUTPUTS_FILE})
  curl -X POST "\${API}enqueue" -H "Content-Type: application/json" -d '{"count":10,"failEvery":3}'

  ${facts.awsCliExample}`;
}

/** The local twin of `aws logs tail` that the ready text suggests. */
export function readyTail(facts: ReadyFacts): string {
  return `  ${facts.awsCliEnvironment} aws logs tail ${facts.workerLogGroup} --follow --endpoint-url ${facts.logsEndpoint}`;
}

/** One line of `npm run experiment`'s help list. */
export interface ListedExperiment {
  readonly name: string;
  readonly title: string;
  readonly labOnly: boolean;
}

/** The experiment list of `npm run experiment`'s help: name (`*` when lab only), then title. */
export function experimentList(experiments: readonly ListedExperiment[]): string {
  return experiments.map((e) => `  ${`${e.name}${e.labOnly ? ' *' : ''}`.padEnd(27)} ${e.title}`).join('\n');
}

/** Message indexes as a list, or the word for none. */
export function listed(indexes: readonly number[], none: string): string {
  return indexes.length === 0 ? none : indexes.join(', ');
}
