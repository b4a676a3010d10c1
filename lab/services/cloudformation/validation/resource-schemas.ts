/**
 * AWS's published CloudFormation resource schemas, as `@aws-cdk/aws-service-spec` holds them: the
 * CDK team imports the CloudFormation registry schemas of every region into that package with each
 * release (https://github.com/cdklabs/awscdk-service-spec). For each resource type it keeps every
 * property with its type (string, integer, number, boolean, json, a nested definition, a list or a
 * map of those, or a union), whether it is required, and the allowed values of enumerated ones.
 * It does not keep the schemas' `minimum`/`maximum`, `minLength`/`maxLength` or `pattern`.
 *
 * The database is about 15 MB of JSON and takes about a second to load. So each resource type a
 * lab looks up is kept in `.lab/schemas/<package version>/`, with the nested definitions it
 * reaches, and the database is loaded only for a type (or definition) not kept yet: once per
 * package version on a machine, instead of once per process ({@link resourceSchemas}).
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { loadAwsServiceSpecSync } from '@aws-cdk/aws-service-spec';
import { LAB_WORK_DIR } from '../../../common/lab-work-dir';
import { writeAtomicallySync } from '../../../common/write-atomically';

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
  loaded ??= cachedSchemas(packageVersion());
  return loaded;
}

/** One resource type as `.lab/schemas/` keeps it. */
interface KeptType {
  readonly typeCount: number;
  readonly resource: ObjectSchema | null;
  /** Every nested definition the resource reaches, by `$ref`. */
  readonly definitions: Readonly<Record<string, ObjectSchema>>;
}

function cachedSchemas(version: string): ResourceSchemas {
  const folder = join(LAB_WORK_DIR, 'schemas', `aws-service-spec-${version}`);
  const definitions = new Map<string, ObjectSchema>();
  const resources = new Map<string, ObjectSchema | undefined>();
  let typeCount: number | undefined;
  let full: { db: SpecDatabaseCalls; byType: Map<string, ObjectSchema> } | undefined;
  const database = () => (full ??= loadDatabase());
  const keep = (cloudFormationType: string): KeptType => {
    const { db, byType } = database();
    const resource = byType.get(cloudFormationType);
    const reached: Record<string, ObjectSchema> = {};
    const walk = (type: SchemaType): void => {
      if (type.type === 'ref') {
        if (reached[type.reference.$ref] !== undefined) return;
        const definition = slim(db.get('typeDefinition', type.reference.$ref));
        reached[type.reference.$ref] = definition;
        for (const property of Object.values(definition.properties)) walk(property.type);
      } else if (type.type === 'array' || type.type === 'map') walk(type.element);
      else if (type.type === 'union') for (const member of type.types) walk(member);
    };
    for (const property of Object.values(resource?.properties ?? {})) walk(property.type);
    const kept: KeptType = {
      typeCount: byType.size,
      resource: resource === undefined ? null : slim(resource),
      definitions: reached,
    };
    writeAtomicallySync(join(folder, `${cloudFormationType.replaceAll('::', '-')}.json`), JSON.stringify(kept));
    return kept;
  };
  const lookUp = (cloudFormationType: string): KeptType => {
    const file = join(folder, `${cloudFormationType.replaceAll('::', '-')}.json`);
    return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as KeptType) : keep(cloudFormationType);
  };
  return {
    version,
    get typeCount() {
      typeCount ??= lookUp('AWS::SQS::Queue').typeCount;
      return typeCount;
    },
    resource(cloudFormationType) {
      if (!resources.has(cloudFormationType)) {
        const kept = lookUp(cloudFormationType);
        for (const [ref, definition] of Object.entries(kept.definitions)) definitions.set(ref, definition);
        resources.set(cloudFormationType, kept.resource ?? undefined);
      }
      return resources.get(cloudFormationType);
    },
    definition(ref) {
      const kept = definitions.get(ref.$ref);
      return kept ?? slim(database().db.get('typeDefinition', ref.$ref));
    },
  };
}

function loadDatabase(): { db: SpecDatabaseCalls; byType: Map<string, ObjectSchema> } {
  // The package's types come from a dependency of its own; the lab reads them through the
  // structural SpecDatabaseCalls above instead of importing that package.
  const db = loadAwsServiceSpecSync() as unknown as SpecDatabaseCalls;
  const byType = new Map<string, ObjectSchema>();
  for (const resource of db.all('resource')) byType.set(resource.cloudFormationType, resource);
  return { db, byType };
}

/** What the validation reads of a schema: its name, and each property's type and requiredness. */
function slim(schema: ObjectSchema): ObjectSchema {
  const properties: Record<string, SchemaProperty> = {};
  for (const [name, property] of Object.entries(schema.properties))
    properties[name] = property.required === true ? { type: property.type, required: true } : { type: property.type };
  return { name: schema.name, properties };
}

function packageVersion(): string {
  const manifest = createRequire(import.meta.url)('@aws-cdk/aws-service-spec/package.json') as { version: string };
  return manifest.version;
}
