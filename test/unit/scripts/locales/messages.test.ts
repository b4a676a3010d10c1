import { checkLocaleTables } from '#lab/test/helpers/locale-tables';
import { en } from '#scripts/locales/en';
import { ja } from '#scripts/locales/ja';

// Everything a user reads exists in every language: what `npm run deploy` says and the words of
// lab/docs/fidelity.md and its Japanese page have the same keys in scripts/locales/en.ts and
// ja.ts, section by section, and no text, whatever its arguments, is empty.
checkLocaleTables({ en, ja });
