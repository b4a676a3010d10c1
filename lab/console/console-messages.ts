/** What the console's API answers with in `{ "error": … }`, in English and Japanese. */
import type { Language } from '../common/language';

/** Every error text of the console API, per language. */
export const CONSOLE_MESSAGES = {
  en: {
    noRoute: (route: string) => `no route ${route}; see the API in lab/console/console-server.ts`,
    bodyNotObject: 'body must be a JSON object',
    requestNotObject: 'the request body must be a JSON object',
    requestTooLarge: 'the request body is larger than 64 KB',
    unknownStack: (names: readonly string[], got: string) => `stack must be one of ${names.join(', ')}, got ${got}`,
    noDlq: (stack: string) => `${stack} has no DLQ`,
    unknownExperiment: (name: string, names: readonly string[]) =>
      `unknown experiment "${name}"; choose one of: ${names.join(', ')}`,
    failed: (why: string) => `the console could not answer: ${why}`,
  },
  ja: {
    noRoute: (route: string) => `${route} という API はありません。API は lab/console/console-server.ts にあります`,
    bodyNotObject: 'body は JSON オブジェクトにしてください',
    requestNotObject: 'リクエストの本文は JSON オブジェクトにしてください',
    requestTooLarge: 'リクエストの本文が 64 KB を超えています',
    unknownStack: (names: readonly string[], got: string) =>
      `stack は ${names.join('、')} のどれかにしてください (指定された値: ${got})`,
    noDlq: (stack: string) => `${stack} には DLQ がありません`,
    unknownExperiment: (name: string, names: readonly string[]) =>
      `「${name}」という実験はありません。次から選んでください: ${names.join(', ')}`,
    failed: (why: string) => `コンソールが応答できませんでした: ${why}`,
  },
} as const satisfies Record<Language, unknown>;

/** The console API's texts in one language. */
export type ConsoleMessages = (typeof CONSOLE_MESSAGES)[Language];
