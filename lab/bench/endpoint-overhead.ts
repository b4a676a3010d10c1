/**
 * What the lab's one endpoint (`LocalLab.EndpointUrl`) costs the SQS batch path: the emulator
 * ceiling's batch loops (SendMessageBatch of 10, receives of 10, DeleteMessageBatch) sent to the
 * emulator's own port and through the endpoint, alternately, in one run, after an untimed
 * warm-up of each. Beside the rates, the main thread's CPU time per message on each path: the
 * loops' client runs there and sets their pace, so this is what the endpoint costs them, read
 * without the other processes' load that moves the rates from pass to pass.
 */
import { startEmulatorsEndpoint } from '../app/lab-endpoint';
import type { Emulators } from '../emulators/emulators';
import { batchLoopShape, measureCeiling } from './emulator-ceiling';
import type { BenchTarget } from './bench-target';
import { markdownTable } from '../common/markdown-table';
import { median } from './stats';

/** The two paths' rates and the share the endpoint costs. */
export interface EndpointOverheadResult {
  readonly messages: number;
  /** Messages per second straight to the emulator, one figure per pass. */
  readonly direct: readonly number[];
  /** Messages per second through the one endpoint, one figure per pass. */
  readonly throughEndpoint: readonly number[];
  /** 1 − median(through the endpoint) / median(direct). */
  readonly overhead: number;
  /** The main thread's CPU time per message (µs), one figure per pass (absent in older results). */
  readonly mainThreadCpu?: { readonly direct: readonly number[]; readonly throughEndpoint: readonly number[] };
}

/** Measures `passes` alternating pairs of batch loops of `messages`. */
export async function measureEndpointOverhead(
  emulators: Emulators,
  sizes: { readonly passes: number; readonly messages: number },
): Promise<EndpointOverheadResult> {
  const endpoint = await startEmulatorsEndpoint(emulators);
  try {
    const shape = batchLoopShape(sizes.messages);
    const warmUp = batchLoopShape(Math.min(sizes.messages, 200));
    await measureCeiling(emulators, warmUp);
    await measureCeiling(emulators, warmUp, endpoint.url);
    const direct: number[] = [];
    const throughEndpoint: number[] = [];
    const cpu = { direct: [] as number[], throughEndpoint: [] as number[] };
    for (let pass = 0; pass < sizes.passes; pass += 1) {
      for (const viaEndpoint of pass % 2 === 0 ? [false, true] : [true, false]) {
        const before = process.threadCpuUsage();
        const run = await measureCeiling(emulators, shape, viaEndpoint ? endpoint.url : undefined);
        const used = process.threadCpuUsage(before);
        (viaEndpoint ? throughEndpoint : direct).push(run.messagesPerSecond);
        (viaEndpoint ? cpu.throughEndpoint : cpu.direct).push((used.user + used.system) / run.messages);
      }
    }
    return {
      messages: sizes.messages,
      direct,
      throughEndpoint,
      overhead: 1 - median(throughEndpoint) / median(direct),
      mainThreadCpu: cpu,
    };
  } finally {
    await endpoint.stop();
  }
}

/** The one endpoint may cost the SQS batch path at most this share of its rate (issue #18). */
export const MAX_ENDPOINT_OVERHEAD = 0.05;

/** The section's target, judged from `endpoint` (undefined: not run). */
export function endpointTarget(endpoint: EndpointOverheadResult | undefined): BenchTarget {
  const target = `the one endpoint costs the SQS batch path ≤ ${MAX_ENDPOINT_OVERHEAD * 100} % against the emulator's own port`;
  if (endpoint === undefined) return { id: 'endpoint-overhead', target, status: 'not-run', figure: '' };
  return {
    id: 'endpoint-overhead',
    target,
    status: endpoint.overhead <= MAX_ENDPOINT_OVERHEAD ? 'pass' : 'miss',
    figure: `${(endpoint.overhead * 100).toFixed(1)} % (median ${median(endpoint.throughEndpoint).toFixed(0)} vs ${median(endpoint.direct).toFixed(0)} msg/s, ${endpoint.messages} messages)`,
  };
}

/** The section's table (Markdown). */
export function endpointTable(endpoint: EndpointOverheadResult): string {
  return [
    '### The one endpoint on the SQS batch path',
    '',
    markdownTable(
      ['Measure', 'Figure'],
      [
        ['Straight to the emulator (msg/s, per pass)', endpoint.direct.map((rate) => rate.toFixed(0)).join(', ')],
        [
          'Through the one endpoint (msg/s, per pass)',
          endpoint.throughEndpoint.map((rate) => rate.toFixed(0)).join(', '),
        ],
        ['Rate the endpoint costs', `${(endpoint.overhead * 100).toFixed(1)} %`],
        ...(endpoint.mainThreadCpu === undefined
          ? []
          : [
              [
                'Main thread CPU per message, straight / through (µs, per pass)',
                `${endpoint.mainThreadCpu.direct.map((us) => us.toFixed(0)).join(', ')} / ${endpoint.mainThreadCpu.throughEndpoint.map((us) => us.toFixed(0)).join(', ')}`,
              ],
            ]),
      ],
    ),
  ].join('\n');
}
