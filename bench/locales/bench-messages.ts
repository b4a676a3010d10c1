/**
 * Every text `npm run bench` shows, per language: `BENCH_MESSAGES[language].usage`. The same
 * mechanism as the lab's own (lab/locales/): one typed table per language, the English one
 * giving the type.
 */
import type { Language } from '@sqs-lab/lab';
import { en, type BenchMessages } from './en';
import { ja } from './ja';

export type { BenchHelpFacts, BenchMessages } from './en';

/** The texts of each language the bench speaks. */
export const BENCH_MESSAGES: Readonly<Record<Language, BenchMessages>> = { en, ja };
