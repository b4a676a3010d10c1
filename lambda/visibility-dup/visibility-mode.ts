import { ConfigurationError, requirePositiveNumberEnv } from '../commons/environment';
import { checkVisibilityManagerSettings, type VisibilityManagerSettings } from '../core/visibility-manager';

/**
 * How the Step 7 worker keeps its messages hidden: `per-message` (the deployed worker: one
 * heartbeat per record, see heartbeat.ts) or `batch-manager` (one visibility manager for the
 * whole batch, see visibility-manager.ts), with the manager's settings.
 */
export type VisibilityMode =
  { readonly kind: 'per-message' } | { readonly kind: 'batch-manager'; readonly settings: VisibilityManagerSettings };

/**
 * Reads `HEARTBEAT_MODE` (absent or `per-message`: the deployed worker; `batch-manager`) and,
 * for the manager, `MANAGER_TIMER_INTERVAL_MS`, `MANAGER_MINIMAL_LIFE_MS` and
 * `MANAGER_MAX_LIFE_SECONDS`, checking the note's rule against the queue's timeout once, at
 * module load.
 */
export function readVisibilityMode(env: NodeJS.ProcessEnv, queueVisibilityTimeoutSeconds: number): VisibilityMode {
  const mode = env.HEARTBEAT_MODE ?? 'per-message';
  if (mode === 'per-message') return { kind: 'per-message' };
  if (mode !== 'batch-manager') {
    throw new ConfigurationError(
      `environment variable HEARTBEAT_MODE must be "per-message" or "batch-manager", got "${mode}"`,
    );
  }
  const minimalLife = env.MANAGER_MINIMAL_LIFE_MS;
  const minimalLifeMs = Number(minimalLife);
  if (minimalLife === undefined || minimalLife.trim() === '' || !(minimalLifeMs >= 0)) {
    throw new ConfigurationError(
      `environment variable MANAGER_MINIMAL_LIFE_MS must be a number of milliseconds (0 or more), got "${minimalLife ?? ''}"`,
    );
  }
  const settings: VisibilityManagerSettings = {
    queueVisibilityTimeoutSeconds,
    timerIntervalMs: requirePositiveNumberEnv(env, 'MANAGER_TIMER_INTERVAL_MS'),
    minimalLifeMs,
    maxLifeMs: requirePositiveNumberEnv(env, 'MANAGER_MAX_LIFE_SECONDS') * 1000,
  };
  checkVisibilityManagerSettings(settings);
  return { kind: 'batch-manager', settings };
}
