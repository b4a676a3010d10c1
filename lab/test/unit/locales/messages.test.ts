/**
 * Every text the lab's own parts show exists in every language: lab/locales/en.ts and ja.ts have
 * the same sections and keys, and no text, whatever a message's arguments, is empty.
 */
import { MESSAGES } from '#lab/locales/messages';
import { checkLocaleTables } from '#lab/test/helpers/locale-tables';

checkLocaleTables(MESSAGES);
