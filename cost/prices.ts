/**
 * Public AWS prices the cost estimates use: us-east-1, on-demand, no free tier, no volume
 * tiers, no savings plans. One table, one date. Change a figure here and every estimate in
 * `npm run bench`, the `short-vs-long-polling` experiment and the README's worst-case bill
 * follows. It lives in cost/, beside them and outside lib/ (the CDK app reads no price): bench/
 * and lab/ both import it, and the lab may not import bench/.
 *
 * How far each figure is confirmed: the official pricing pages render their rate tables
 * client-side, so the search tool could not read the numbers from them directly on the date
 * below. Each figure is the one several independent pages quote for us-east-1 on or after that
 * date, and each is named with the official page it should be checked against.
 */

/** One price with where it comes from. */
export interface Price {
  /** US dollars per `unit`. */
  readonly usd: number;
  readonly unit: string;
  /** The official page to check it against. */
  readonly officialPage: string;
  /** What was actually read, and how sure the figure is. */
  readonly confirmation: string;
}

/** The table. */
export interface PriceTable {
  /** When the figures were collected (YYYY-MM-DD). */
  readonly date: string;
  readonly region: 'us-east-1';
  readonly sqsStandardRequest: Price;
  readonly dynamodbWriteRequestUnit: Price;
  readonly dynamodbReadRequestUnit: Price;
  readonly lambdaRequest: Price;
  readonly lambdaGbSecondX86: Price;
  readonly apiGatewayRestRequest: Price;
  readonly logsIngestionGb: Price;
  readonly dashboardMonth: Price;
}

/** The prices every estimate uses. */
export const PRICES: PriceTable = {
  date: '2026-11-23',
  region: 'us-east-1',
  sqsStandardRequest: {
    usd: 0.4 / 1_000_000,
    unit: 'request (standard queue, first 100 billion a month; each 64 KB chunk of a payload is one request)',
    officialPage: 'https://aws.amazon.com/sqs/pricing/',
    confirmation:
      'Not read from the official page. $0.40 per million quoted for us-east-1 by cloudburn.io (March 2026), factualminds.com (June 2026) and unanswered.io; the first 1 million requests a month are free (ignored here).',
  },
  dynamodbWriteRequestUnit: {
    usd: 0.625 / 1_000_000,
    unit: 'write request unit (on-demand, standard table class; one write of up to 1 KB, a refused conditional write included)',
    officialPage: 'https://aws.amazon.com/dynamodb/pricing/on-demand/',
    confirmation:
      'Not read from the official page (its key terms were read; its rates were not). $0.625 per million is the rate after the 50 % on-demand price cut of 1 November 2024, quoted by airbyte.com (July 2025) and jusdb.com (August 2025). Some older pages still quote the pre-cut $1.25.',
  },
  dynamodbReadRequestUnit: {
    usd: 0.125 / 1_000_000,
    unit: 'read request unit (on-demand; one strongly consistent read of up to 4 KB, or two eventually consistent reads)',
    officialPage: 'https://aws.amazon.com/dynamodb/pricing/on-demand/',
    confirmation:
      'Not read from the official page. $0.125 per million after the November 2024 cut, same sources as the write unit (pre-cut: $0.25). Read units per request (1 consistent, 0.5 eventually consistent) are from the official page.',
  },
  lambdaRequest: {
    usd: 0.2 / 1_000_000,
    unit: 'invocation',
    officialPage: 'https://aws.amazon.com/lambda/pricing/',
    confirmation:
      'Not read from the official page (rates rendered client-side). $0.20 per million quoted for us-east-1 by every page found (kodekloud.com, cloudchipr.com, a Price List transcription of 2026-09-20).',
  },
  lambdaGbSecondX86: {
    usd: 0.0000166667,
    unit: 'GB-second (x86_64, first 6 billion GB-seconds a month; billed per 1 ms)',
    officialPage: 'https://aws.amazon.com/lambda/pricing/',
    confirmation:
      "Not read from the official page. $0.0000166667 quoted for us-east-1 x86_64 by cloudchipr.com and artillery's price table (arm64: $0.0000133334). The stacks do not set an architecture, so their functions run on x86_64.",
  },
  apiGatewayRestRequest: {
    usd: 3.5 / 1_000_000,
    unit: 'REST API request (first 333 million a month)',
    officialPage: 'https://aws.amazon.com/api-gateway/pricing/',
    confirmation:
      'Read from an AWS whitepaper ("Best Practices for Designing Amazon API Gateway Private APIs", cost optimization: first 333 million requests $3.50 per million); the official pricing page itself renders its rates client-side.',
  },
  logsIngestionGb: {
    usd: 0.5,
    unit: 'GB of log data ingested (Standard log class; every line a function and Lambda platform write)',
    officialPage: 'https://aws.amazon.com/cloudwatch/pricing/',
    confirmation:
      "Not read from the official page (rates rendered client-side). $0.50 per GB collected for us-east-1 is quoted throughout (the pricing page's own example, repeated by every secondary page found); Tokyo (ap-northeast-1) charges more, about $0.76. The first 5 GB a month are free (ignored here).",
  },
  dashboardMonth: {
    usd: 3,
    unit: 'custom dashboard a month, beyond the 3 an account has free (dashboards are global to the account)',
    officialPage: 'https://aws.amazon.com/cloudwatch/pricing/',
    confirmation:
      'Not read from the official page. $3.00 per dashboard per month and the free tier of 3 dashboards (up to 50 metrics each) are quoted by every secondary page found.',
  },
};
