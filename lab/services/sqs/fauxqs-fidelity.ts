/**
 * Where fauxqs differs from SQS in a way the lab's tests can see, and the lab corrects it.
 *
 * fauxqs 2.4.1 validates message bodies with `/[^\x09\x0A\x0D\x20-\uD7FF\uE000-\uFFFD]/`, a
 * regular expression without the `u` flag: every character above U+FFFF (emoji, rarer CJK)
 * is two UTF-16 surrogates to it, and SendMessage fails with InvalidMessageContents. SQS
 * allows `#x9 | #xA | #xD | #x20 to #xD7FF | #xE000 to #xFFFD | #x10000 to #x10FFFF`
 * (SendMessage API reference), so a unicode id the producer accepts would be refused only
 * on the laptop.
 */

/** The characters SQS accepts in a message body, as a code-point regular expression. */
const INVALID_SQS_CHARACTER = '[^\\x09\\x0A\\x0D\\x20-\\uD7FF\\uE000-\\uFFFD\\u{10000}-\\u{10FFFF}]';

/**
 * Recompiles fauxqs's body check in place with SQS's character set (the module exports the
 * RegExp object its SendMessage and SendMessageBatch use). Returns false when this fauxqs
 * has no such module, i.e. a version this correction does not know.
 */
export async function allowSqsCharacterSet(): Promise<boolean> {
  let module: { INVALID_MESSAGE_BODY_CHAR?: unknown };
  try {
    module = (await import(new URL('./sqs/sqsTypes.js', import.meta.resolve('fauxqs')).href)) as typeof module;
  } catch {
    return false;
  }
  const check = module.INVALID_MESSAGE_BODY_CHAR;
  if (!(check instanceof RegExp)) return false;
  if (!check.unicode) check.compile(INVALID_SQS_CHARACTER, 'u');
  return true;
}
