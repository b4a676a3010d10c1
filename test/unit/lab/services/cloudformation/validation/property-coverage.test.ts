/**
 * Nothing silently ignored: each resource type the lab deploys has its property list taken from
 * the same schema package the deploy validates against (@aws-cdk/aws-service-spec), and every
 * property must be emulated, noted or refused by its provider, exactly once. Then every template
 * the app synthesizes (the defaults, -c visibilityManager=true, -c alarmEmail=…, the batch
 * switches, -c eventFilter=true) must pass CloudFormation's validation, bounds included (lengths,
 * ranges, patterns), and use no property the lab refuses.
 */
import { Template as CdkTemplate } from 'aws-cdk-lib/assertions';
import { Stack } from 'aws-cdk-lib';
import { describe, expect, it } from 'vitest';
import { DEPLOYED_TYPE_COVERAGE } from '#lab/app/deployed-type-coverage';
import { UnemulatedPropertyError } from '#lab/services/cloudformation/errors';
import {
  type DeployNote,
  labNote,
  mergeNotes,
  notesFor,
  type PropertyCoverage,
} from '#lab/services/cloudformation/validation/property-coverage';
import { registrySchemas } from '#lab/services/cloudformation/validation/registry-schemas';
import { MESSAGES } from '#lab/locales/messages';
import type { ProviderNoteKey } from '#lab/locales/provider-notes-en';
import { ProviderRegistry, type ResourceProvider } from '#lab/services/cloudformation/resource-provider';
import { resourceSchemas } from '#lab/services/cloudformation/validation/resource-schemas';
import { deployStack } from '#lab/services/cloudformation/engine/stack-deployer';
import type { Template } from '#lab/services/cloudformation/engine/template';
import { addSqsLabStacks } from '#lib/app';
import { fakeArn } from '#lab/test/helpers/fake-arn';
import { labApp } from '#test/infra/support';

const schemas = resourceSchemas();

describe('the property coverage of every deployed type', () => {
  const withSchema = Object.entries(DEPLOYED_TYPE_COVERAGE).filter(([type]) => schemas.resource(type) !== undefined);

  it.each(withSchema)('%s: every property of its schema is emulated, noted or refused, once', (type, coverage) => {
    const schemaProperties = Object.keys(schemas.resource(type)?.properties ?? {}).sort();
    const declared = [...coverage.emulated, ...Object.keys(coverage.noted), ...coverage.refused].sort();
    expect(declared).toEqual(schemaProperties);
  });

  it('gives every note one line in English and in Japanese', () => {
    for (const coverage of Object.values(DEPLOYED_TYPE_COVERAGE)) {
      for (const [property, key] of Object.entries(coverage.noted)) {
        const note = labNote(key);
        for (const text of [note.en, note.ja]) {
          expect(text, property).not.toBe('');
          expect(text, property).not.toContain('\n');
        }
        expect(note.ja, property).toMatch(/[\u3040-\u30ff\u4e00-\u9faf]/);
      }
    }
  });

  it('uses every note of the locale tables: none is left behind by a provider that no longer names it', () => {
    const named = new Set(Object.values(DEPLOYED_TYPE_COVERAGE).flatMap((coverage) => Object.values(coverage.noted)));
    expect(Object.keys(MESSAGES.en.providerNotes).filter((key) => !named.has(key as ProviderNoteKey))).toEqual([]);
  });

  it('covers 36 types; only AWS::CDK::Metadata has no registry schema (CloudFormation keeps it as it is)', () => {
    const types = Object.keys(DEPLOYED_TYPE_COVERAGE);
    expect(types).toHaveLength(36);
    expect(types.filter((type) => schemas.resource(type) === undefined)).toEqual(['AWS::CDK::Metadata']);
    // The published schemas the bounds come from hold the same 24.
    expect(types.filter((type) => registrySchemas().resource(type) === undefined)).toEqual(['AWS::CDK::Metadata']);
    // The package holds the registry schema of every type CloudFormation offers (1 828 in 0.1.216).
    expect(schemas.typeCount).toBeGreaterThan(1500);
  });

  it('refuses a property by name, and an undeclared one too', () => {
    const coverage = DEPLOYED_TYPE_COVERAGE['AWS::Lambda::EventSourceMapping'] as PropertyCoverage;
    expect(() => notesFor('AWS::Lambda::EventSourceMapping', coverage, { ProvisionedPollerConfig: {} })).toThrow(
      new UnemulatedPropertyError('AWS::Lambda::EventSourceMapping.ProvisionedPollerConfig'),
    );
    expect(() => notesFor('AWS::Lambda::EventSourceMapping', coverage, { NotInTheSchema: 1 })).toThrow(
      'the lab does not emulate AWS::Lambda::EventSourceMapping.NotInTheSchema',
    );
    // A property named after Object.prototype's members is a property like any other: refused, not a note.
    expect(() => notesFor('AWS::Lambda::EventSourceMapping', coverage, { constructor: 1 })).toThrow(
      'the lab does not emulate AWS::Lambda::EventSourceMapping.constructor',
    );
    expect(notesFor('AWS::Lambda::EventSourceMapping', coverage, { BatchSize: 1, Tags: [] })).toEqual([
      { note: labNote('tags'), properties: ['AWS::Lambda::EventSourceMapping.Tags'] },
    ]);
  });
});

/** Providers with each type's real coverage, answering any attribute a template reads. */
function coverageProviders(): ProviderRegistry {
  const provider = (type: string, coverage: PropertyCoverage): ResourceProvider => ({
    type,
    properties: coverage,
    create: async ({ logicalId }) => ({
      physicalId: logicalId,
      // Any attribute a template reads, shaped as the type's ARN (the registry schemas' patterns check them).
      attributes: new Proxy<Record<string, unknown>>({}, { has: () => true, get: () => fakeArn(type, logicalId) }),
    }),
    update: async ({ previous }) => previous,
    delete: async () => undefined,
  });
  return new ProviderRegistry(
    Object.entries(DEPLOYED_TYPE_COVERAGE).map(([type, coverage]) =>
      provider(type === 'AWS::CloudFormation::CustomResource' ? 'Custom::*' : type, coverage),
    ),
  );
}

describe.each([
  ['the defaults', {}],
  ['-c visibilityManager=true', { visibilityManager: 'true' }],
  ['-c alarmEmail=learner@example.com', { alarmEmail: 'learner@example.com' }],
  ['-c batchSize=1 -c reportBatchItemFailures=false', { batchSize: '1', reportBatchItemFailures: 'false' }],
  ['-c eventFilter=true', { eventFilter: 'true' }],
])('the app synthesized with %s', (_name, context) => {
  const app = labApp({ context, bundle: false });
  addSqsLabStacks(app);
  const templates = app.node.children
    .filter((child): child is Stack => child instanceof Stack)
    .map((stack) => ({ stackName: stack.stackName, template: CdkTemplate.fromStack(stack).toJSON() as Template }));

  it('deploys clean: every property valid, none refused, every type one the lab has a provider for', async () => {
    expect(templates.map((entry) => entry.stackName).sort()).toEqual(['BatchPartialStack', 'VisibilityDupStack']);
    const notes: DeployNote[] = [];
    for (const { stackName, template } of templates) {
      const deployed = await deployStack({
        stackName,
        template,
        providers: coverageProviders(),
        target: { accountId: '123456789012', region: 'us-east-1' },
        parameters: { '/cdk-bootstrap/hnb659fds/version': '30' },
      });
      expect(deployed.status).toBe('CREATE_COMPLETE');
      notes.push(...deployed.notes);
    }
    // What a deploy of the app prints as lab notes: each property once, under its note.
    const noted = mergeNotes(notes).flatMap((entry) => entry.properties);
    expect(noted).toContain('AWS::SQS::Queue.SqsManagedSseEnabled');
    expect(noted).toContain('AWS::Logs::LogGroup.RetentionInDays');
    expect(new Set(noted).size).toBe(noted.length);
  });
});
