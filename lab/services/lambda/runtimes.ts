/**
 * Which Node.js runtimes Lambda takes, and when it stops taking the old ones: past a runtime's
 * "block function create" date CreateFunction refuses it, past its "block function update" date
 * every update does, with Lambda's InvalidParameterValueException ("The runtime parameter of
 * nodejs18.x is no longer supported for creating or updating AWS Lambda functions. …"). Each row
 * names its source; a Node.js runtime older than the table is refused as well.
 */

/** One runtime's deprecation dates (UTC midnight), and where they are stated. */
interface RuntimeDates {
  readonly deprecated: string;
  readonly blockCreate: string;
  readonly blockUpdate: string;
  readonly source: string;
}

const NODEJS_GUIDE = 'https://docs.aws.amazon.com/lambda/latest/dg/lambda-nodejs.html';
const RUNTIMES_GUIDE = 'https://docs.aws.amazon.com/lambda/latest/dg/lambda-runtimes.html';

/** The Node.js runtimes Lambda has had since nodejs14.x, newest first. */
export const NODEJS_RUNTIMES: Readonly<Record<string, RuntimeDates>> = {
  'nodejs24.x': {
    deprecated: '2028-04-30',
    blockCreate: '2028-06-01',
    blockUpdate: '2028-07-01',
    source: NODEJS_GUIDE,
  },
  'nodejs22.x': {
    deprecated: '2027-04-30',
    blockCreate: '2027-06-01',
    blockUpdate: '2027-07-01',
    source: NODEJS_GUIDE,
  },
  'nodejs20.x': {
    deprecated: '2026-04-30',
    blockCreate: '2026-08-31',
    blockUpdate: '2026-09-30',
    source: NODEJS_GUIDE,
  },
  // The Lambda guide's deprecated-runtimes table, as quoted when nodejs18.x reached its end.
  'nodejs18.x': {
    deprecated: '2025-09-01',
    blockCreate: '2025-10-01',
    blockUpdate: '2025-11-11',
    source: RUNTIMES_GUIDE,
  },
  'nodejs16.x': {
    deprecated: '2024-06-12',
    blockCreate: '2024-07-15',
    blockUpdate: '2024-08-15',
    source: RUNTIMES_GUIDE,
  },
  'nodejs14.x': {
    deprecated: '2023-12-04',
    blockCreate: '2024-01-09',
    blockUpdate: '2024-02-08',
    source: RUNTIMES_GUIDE,
  },
};

/** The runtime Lambda recommends in its refusal: the newest. */
export const NEWEST_NODEJS_RUNTIME = 'nodejs24.x';

/**
 * The Python runtimes the lab runs, on the machine's python3 (Debian's, with its boto3): those
 * Lambda supports (Lambda guide, "Lambda runtimes": python3.10 to python3.14). python3.9 reached
 * its end of support on December 15, 2025, and older ones before it: the lab refuses them as
 * Lambda refuses a deprecated runtime.
 */
export const PYTHON_RUNTIMES: readonly string[] = [
  'python3.14',
  'python3.13',
  'python3.12',
  'python3.11',
  'python3.10',
];

/** The Python runtime Lambda recommends: the newest. */
export const NEWEST_PYTHON_RUNTIME = 'python3.14';

/**
 * Lambda's refusal of `runtime` for a function being created or updated at `now`, or undefined
 * when Lambda takes it. A `nodejs` runtime the table does not hold is older than it (nodejs12.x,
 * nodejs10.x, …) and long blocked; so is a Python runtime older than {@link PYTHON_RUNTIMES}.
 */
export function runtimeRefusal(runtime: string, phase: 'create' | 'update', now: Date): string | undefined {
  const refusal = (newest: string) =>
    `The runtime parameter of ${runtime} is no longer supported for creating or updating AWS Lambda functions. We recommend you use the new runtime (${newest}) while creating or updating functions.`;
  if (/^python\d/.test(runtime)) return PYTHON_RUNTIMES.includes(runtime) ? undefined : refusal(NEWEST_PYTHON_RUNTIME);
  if (!/^nodejs\d/.test(runtime)) return undefined;
  const dates = Object.hasOwn(NODEJS_RUNTIMES, runtime) ? NODEJS_RUNTIMES[runtime] : undefined;
  if (dates !== undefined && now < new Date(`${phase === 'create' ? dates.blockCreate : dates.blockUpdate}T00:00:00Z`))
    return undefined;
  return refusal(NEWEST_NODEJS_RUNTIME);
}
