/** Every text the tutorial's commands show, per language, over the lab's own: `MESSAGES[language].tour.usage`. */
import { LAB_MESSAGES, type Language, type Localized, localizedFrom } from '@sqs-lab/lab';
import { en, type Messages as TutorialMessages } from './en';
import { ja } from './ja';

/** The texts of one language: the tutorial's, and the lab's its commands share (`inspect`, `commandLine`). */
export type Messages = TutorialMessages & (typeof LAB_MESSAGES)[Language];

/** The texts of each language the tutorial's commands speak. */
export const MESSAGES: Readonly<Record<Language, Messages>> = {
  en: { ...LAB_MESSAGES.en, ...en },
  ja: { ...LAB_MESSAGES.ja, ...ja },
};

/**
 * One text in every language, picked from each language's table: how the catalog, the variants
 * and the send form give the lab a title, a prediction or a hint it shows in either language.
 */
export function localized(pick: (say: Messages, language: Language) => string): Localized {
  return localizedFrom(MESSAGES, pick);
}
