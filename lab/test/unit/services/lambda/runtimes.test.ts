import { describe, expect, it } from 'vitest';
import { NEWEST_NODEJS_RUNTIME, NODEJS_RUNTIMES, runtimeRefusal } from '#lab/services/lambda/runtimes';

// Lambda guide, "Building Lambda functions with Node.js" (supported runtimes and their dates) and
// "Lambda runtimes" (deprecated runtimes): https://docs.aws.amazon.com/lambda/latest/dg/lambda-nodejs.html
describe('runtimeRefusal', () => {
  const at = (day: string) => new Date(`${day}T12:00:00Z`);

  it('takes the supported Node.js runtimes today, and refuses the ones past their dates', () => {
    expect(runtimeRefusal('nodejs24.x', 'create', at('2026-11-28'))).toBeUndefined();
    expect(runtimeRefusal('nodejs22.x', 'update', at('2026-11-28'))).toBeUndefined();
    for (const runtime of ['nodejs20.x', 'nodejs18.x', 'nodejs16.x', 'nodejs14.x', 'nodejs12.x', 'nodejs8.10'])
      expect(runtimeRefusal(runtime, 'create', at('2026-11-28'))).toBe(
        `The runtime parameter of ${runtime} is no longer supported for creating or updating AWS Lambda functions. We recommend you use the new runtime (nodejs24.x) while creating or updating functions.`,
      );
  });

  it('blocks create before update, each from its own date', () => {
    expect(runtimeRefusal('nodejs20.x', 'create', at('2026-08-30'))).toBeUndefined();
    expect(runtimeRefusal('nodejs20.x', 'create', at('2026-08-31'))).toBeDefined();
    expect(runtimeRefusal('nodejs20.x', 'update', at('2026-09-29'))).toBeUndefined();
    expect(runtimeRefusal('nodejs20.x', 'update', at('2026-09-30'))).toBeDefined();
  });

  it('judges no other language, and recommends a runtime of its own table', () => {
    expect(runtimeRefusal('python3.13', 'create', at('2026-11-28'))).toBeUndefined();
    expect(Object.keys(NODEJS_RUNTIMES)).toContain(NEWEST_NODEJS_RUNTIME);
    for (const dates of Object.values(NODEJS_RUNTIMES)) {
      expect(dates.deprecated < dates.blockCreate && dates.blockCreate < dates.blockUpdate).toBe(true);
      expect(dates.source).toMatch(/^https:\/\/docs\.aws\.amazon\.com\/lambda\//);
    }
  });
});
