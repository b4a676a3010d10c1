import * as path from 'node:path';
import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import { type IRole, type PolicyDocument, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { LoggingFormat } from 'aws-cdk-lib/aws-lambda';
import { LogLevel, NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';
import { functionLogRetention, functionRuntime } from '../cdk-settings';
import { PROJECT_ROOT } from '../project-root';
import { STRIP_DEPENDENCY_MAPPINGS_SCRIPT } from '../bundling/strip-dependency-mappings';
import type { FunctionSpec } from '../topology';

/** Props of {@link FunctionWithLogGroup}. */
export interface FunctionWithLogGroupProps {
  /** Entry, timeout and memory come from the topology, never from the stack. */
  readonly spec: FunctionSpec;
  /** Resolved environment (queue URLs and table names already turned into tokens). */
  readonly environment: Readonly<Record<string, string>>;
  readonly description?: string;
  /**
   * Grants the role holds from its creation (its inline `Policies`), not through a policy
   * attached afterwards: for a function CloudFormation invokes as soon as it exists (a custom
   * resource handler), where a separate `AWS::IAM::Policy` may not have propagated yet
   * (aws/aws-cdk#23340, #21332). Statements added to the document before synth are included.
   */
  readonly inlinePolicy?: PolicyDocument;
}

/**
 * Every function of both stacks: `LAMBDA_RUNTIME`, JSON log format, its own log group (retention
 * `LOG_RETENTION_DAYS`, deleted with the stack) and a role that may write only to that group.
 * Bundled locally with esbuild (never Docker), AWS SDK included: the function runs the SDK
 * versions package-lock.json pins, the same code the local lab runs, and not the runtime's own
 * SDK, whose version AWS changes without a deploy.
 * Grants beyond logging are added by the stack, one per topology binding. `logGroup` (inherited)
 * returns the group created here, for `aws logs tail <name> --follow`.
 */
export class FunctionWithLogGroup extends NodejsFunction {
  constructor(scope: Construct, id: string, props: FunctionWithLogGroupProps) {
    // Created in the parent scope because a subclass cannot add children before super().
    const logGroup = new LogGroup(scope, `${id}Logs`, {
      retention: functionLogRetention(),
      removalPolicy: RemovalPolicy.DESTROY,
    });
    const role: IRole = new Role(scope, `${id}Role`, {
      assumedBy: new ServicePrincipal('lambda.amazonaws.com'),
      description: `Execution role of ${id}: writes its own log group, plus the grants its bindings add.`,
      ...(props.inlinePolicy === undefined ? {} : { inlinePolicies: { Grants: props.inlinePolicy } }),
    });
    logGroup.grantWrite(role);

    super(scope, id, {
      entry: path.join(PROJECT_ROOT, props.spec.entry),
      handler: 'handler',
      projectRoot: PROJECT_ROOT,
      depsLockFilePath: path.join(PROJECT_ROOT, 'package-lock.json'),
      runtime: functionRuntime(),
      memorySize: props.spec.memoryMb,
      ...(props.spec.reservedConcurrency === undefined
        ? {}
        : { reservedConcurrentExecutions: props.spec.reservedConcurrency }),
      timeout: Duration.seconds(props.spec.timeoutSeconds),
      loggingFormat: LoggingFormat.JSON,
      logGroup,
      role,
      // The bundle ships a source map; Node only applies it with this flag.
      environment: { NODE_OPTIONS: '--enable-source-maps', ...props.environment },
      ...(props.description === undefined ? {} : { description: props.description }),
      bundling: {
        forceDockerBundling: false,
        minify: true,
        // Readable stack traces in the JSON logs; sources stay out of the bundle, and the map keeps
        // the project's own code only (lib/bundling/strip-dependency-mappings.ts says why).
        sourceMap: true,
        sourcesContent: false,
        commandHooks: {
          beforeBundling: () => [],
          beforeInstall: () => [],
          afterBundling: (_inputDir, outputDir) => [
            `"${process.execPath}" "${STRIP_DEPENDENCY_MAPPINGS_SCRIPT}" "${path.join(outputDir, 'index.js.map')}"`,
          ],
        },
        // Nothing external: NodejsFunction would leave `@aws-sdk/*` to the runtime by default.
        externalModules: [],
        // esbuild's size table is noise in `cdk synth` and in the lab, which synthesizes in-process.
        logLevel: LogLevel.WARNING,
      },
    });
  }
}
