/** Every text the lab shows, per language: `MESSAGES[language].lab.usage`. */
import type { Language } from '../common/language';
import { en, type Messages } from './en';
import { ja } from './ja';

export type { Messages };

/** The texts of each language the lab speaks. */
export const MESSAGES: Readonly<Record<Language, Messages>> = { en, ja };
