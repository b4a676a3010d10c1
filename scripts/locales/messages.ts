/** Every text the project's scripts write, per language: `SCRIPT_MESSAGES[language].deploy.copied`. */
import type { Language } from '@sqs-lab/lab';
import { en, type ScriptMessages } from './en';
import { ja } from './ja';

/** The texts of each language the scripts speak. */
export const SCRIPT_MESSAGES: Readonly<Record<Language, ScriptMessages>> = { en, ja };
