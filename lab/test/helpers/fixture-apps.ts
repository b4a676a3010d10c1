/**
 * The learner-style CDK apps the lab's tests deploy (lab/test/fixtures/<name>/, each with its own
 * cdk.json): small apps in the shapes a learner writes, none of them the tutorial's.
 */
import { fileURLToPath } from 'node:url';

/** The directory of the fixture app `name` (`kms-app`, `consumer-app`, …). */
export function fixtureApp(name: string): string {
  return fileURLToPath(new URL(`../fixtures/${name}`, import.meta.url));
}
