/** What the console's API answers with in `{ "error": … }`, in English and Japanese. */
import type { Language } from '../common/language';
import type { GuardRefusalKind } from '../common/request-guard';

/** Every error text of the console API, per language. */
export const CONSOLE_MESSAGES = {
  en: {
    noRoute: (route: string) => `no route ${route}; see the API in lab/console/console-server.ts`,
    bodyNotObject: 'body must be a JSON object',
    requestNotObject: 'the request body must be a JSON object',
    notJsonType: 'the console API takes Content-Type: application/json',
    refused: (kind: GuardRefusalKind, limit: number) =>
      ({
        host: 'the console answers only localhost and 127.0.0.1 with its own port (a DNS-rebinding guard)',
        origin: 'the console does not answer pages of other origins',
        'cross-site': 'the console refuses writes sent by another site',
        frame: 'the console may not be framed by another site',
        'body-too-large': `the request body is larger than ${limit} bytes`,
      })[kind],
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
    notJsonType: 'コンソールの API には Content-Type: application/json で送ってください',
    refused: (kind: GuardRefusalKind, limit: number) =>
      ({
        host: 'コンソールは自分のポートの localhost と 127.0.0.1 にだけ応答します (DNS リバインディング対策)',
        origin: 'コンソールはほかのオリジンのページには応答しません',
        'cross-site': 'コンソールはほかのサイトから送られた書き込みを受け付けません',
        frame: 'コンソールはほかのサイトのフレームに表示できません',
        'body-too-large': `リクエストの本文が ${limit} バイトを超えています`,
      })[kind],
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
