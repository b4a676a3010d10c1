/**
 * The values of lib/settings.ts the lab's services are given as parameters: they import nothing
 * from lib/ or lambda/, so what they know of this project's app comes through lab/app/, and
 * lab/lab.ts hands it to them.
 */
import { API_THROTTLING } from '../../lib/settings';
import type { StageThrottling } from '../services/apigateway/apigateway-api';

/**
 * Throttling of a deployed API stage whose template sets none: the stacks' own `API_THROTTLING`.
 * Every stage of theirs sets it, so only another template's stage falls back to this.
 */
export const DEFAULT_STAGE_THROTTLING: StageThrottling = API_THROTTLING;
