/** Thrown at module load when a function's configuration is missing or malformed. */
export class ConfigurationError extends Error {
  override readonly name = 'ConfigurationError';
}

/** Reads a required environment variable, naming it when it is absent or empty. */
export function requireEnv(env: NodeJS.ProcessEnv, name: string): string {
  const value = env[name];
  if (value === undefined || value.trim() === '') {
    throw new ConfigurationError(`environment variable ${name} is required but not set`);
  }
  return value;
}

/** Reads a required positive number (seconds, counts) from the environment. */
export function requirePositiveNumberEnv(env: NodeJS.ProcessEnv, name: string): number {
  const raw = requireEnv(env, name);
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) {
    throw new ConfigurationError(`environment variable ${name} must be a positive number, got "${raw}"`);
  }
  return value;
}

/** Reads a required `true`/`false` flag from the environment. */
export function requireBooleanEnv(env: NodeJS.ProcessEnv, name: string): boolean {
  const raw = requireEnv(env, name);
  if (raw === 'true') return true;
  if (raw === 'false') return false;
  throw new ConfigurationError(`environment variable ${name} must be "true" or "false", got "${raw}"`);
}
