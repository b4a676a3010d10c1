/**
 * AWS's published CloudFormation resource schemas, as `@aws-cdk/aws-service-spec` holds them: the
 * CDK team imports the CloudFormation registry schemas of every region into that package with each
 * release (https://github.com/cdklabs/awscdk-service-spec). For each resource type it keeps every
 * property with its type (string, integer, number, boolean, json, a nested definition, a list or a
 * map of those, or a union), whether it is required, and the allowed values of enumerated ones.
 * It does not keep the schemas' `minimum`/`maximum`, `minLength`/`maxLength` or `pattern`.
 *
 * The database is about 15 MB of JSON and takes about a second to load, so it is loaded once per
 * process, on first use ({@link resourceSchemas}).
 */
import { createRequire } from 'node:module';
import { loadAwsServiceSpecSync } from '@aws-cdk/aws-service-spec';

/** A property's type, as the package models it (`@aws-cdk/service-spec-types`' PropertyType). */
export type SchemaType =
  | { readonly type: 'string'; readonly allowedValues?: readonly string[] }
  | { readonly type: 'integer'; readonly allowedValues?: readonly number[] }
  | { readonly type: 'number' | 'boolean' | 'json' | 'date-time' | 'null' | 'tag' }
  | { readonly type: 'ref'; readonly reference: { readonly $ref: string } }
  | { readonly type: 'array' | 'map'; readonly element: SchemaType }
  | { readonly type: 'union'; readonly types: readonly SchemaType[] };

/** One property of a resource or of a nested definition. */
export interface SchemaProperty {
  readonly type: SchemaType;
  readonly required?: boolean;
}

/** A resource type's schema, or a nested definition's. */
export interface ObjectSchema {
  readonly name: string;
  readonly properties: Readonly<Record<string, SchemaProperty>>;
}

/** The schemas of every resource type the package holds. */
export interface ResourceSchemas {
  /** The package's version, for the record. */
  readonly version: string;
  /** How many resource types the package holds. */
  readonly typeCount: number;
  /** The schema of `cloudFormationType` (`AWS::SQS::Queue`), or undefined when the package has none. */
  resource(cloudFormationType: string): ObjectSchema | undefined;
  /** The nested definition a `ref` type points at. */
  definition(ref: { readonly $ref: string }): ObjectSchema;
}

/** The few calls of the package's database (`@cdklabs/tskb`) the lab makes. */
interface SpecDatabaseCalls {
  all(collection: 'resource'): readonly (ObjectSchema & { readonly cloudFormationType: string })[];
  get(collection: 'typeDefinition', id: string): ObjectSchema;
}

let loaded: ResourceSchemas | undefined;

/** The schemas, loaded on first call and kept for the life of the process. */
export function resourceSchemas(): ResourceSchemas {
  loaded ??= load();
  return loaded;
}

function load(): ResourceSchemas {
  // The package's types come from a dependency of its own; the lab reads them through the
  // structural SpecDatabaseCalls above instead of importing that package.
  const db = loadAwsServiceSpecSync() as unknown as SpecDatabaseCalls;
  const byType = new Map<string, ObjectSchema>();
  for (const resource of db.all('resource')) byType.set(resource.cloudFormationType, resource);
  return {
    version: packageVersion(),
    typeCount: byType.size,
    resource: (cloudFormationType) => byType.get(cloudFormationType),
    definition: (ref) => db.get('typeDefinition', ref.$ref),
  };
}

function packageVersion(): string {
  const manifest = createRequire(import.meta.url)('@aws-cdk/aws-service-spec/package.json') as { version: string };
  return manifest.version;
}
