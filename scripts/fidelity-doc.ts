/**
 * lab/docs/fidelity.md and lab/docs/fidelity.ja.md from the conformance suite: every behaviour with
 * what AWS does, what the lab does, same or different (and why), its source and its test's
 * outcome. `npm run fidelity` writes them from a run of the suite; a docs test checks that the
 * files are what the catalog renders, so the document and the suite cannot disagree.
 */
import type { Language } from '@sqs-lab/lab';
import { markdownTable } from '@sqs-lab/lab/markdown-table';
import { type Behaviour, CONFORMANCE_SERVICES } from '../lab/test/conformance/behaviour';
import { SCRIPT_MESSAGES } from './locales/messages';
import { renderPropertyCoverage } from './property-coverage-doc';

/** A behaviour's test outcome in the run the document was made from. */
export type Outcome = 'passed' | 'failed' | 'not run';

/** The README's one-line summary (its counts are checked against the catalog by a test). */
export function fidelitySummary(behaviours: readonly Behaviour[], language: Language): string {
  const same = behaviours.filter((behaviour) => behaviour.verdict === 'same').length;
  const recorded = behaviours.filter((behaviour) => behaviour.recorded === true);
  const recordedSame = recorded.filter((behaviour) => behaviour.verdict === 'same').length;
  return SCRIPT_MESSAGES[language].fidelityDoc.summary(behaviours.length, same, recorded.length, recordedSame);
}

/** Renders the document in one language. */
export function renderFidelity(
  behaviours: readonly Behaviour[],
  outcomes: ReadonlyMap<string, Outcome>,
  language: Language,
): string {
  const words = SCRIPT_MESSAGES[language].fidelityDoc;
  const same = behaviours.filter((behaviour) => behaviour.verdict === 'same').length;
  const recorded = behaviours.filter((behaviour) => behaviour.recorded === true);
  const lines: string[] = [
    words.title,
    '',
    words.intro,
    '',
    words.counts(same, behaviours.length - same),
    words.recorded(recorded.length, recorded.filter((behaviour) => behaviour.verdict === 'same').length),
    '',
  ];
  const table = (heading: string, own: readonly Behaviour[]): void => {
    const ownSame = own.filter((behaviour) => behaviour.verdict === 'same').length;
    const rows = own.map((behaviour) => {
      const text = behaviour[language];
      return [
        text.title,
        text.aws,
        behaviour.verdict === 'same'
          ? `${words.asAws}${text.lab === undefined ? '' : `: ${text.lab}`}`
          : (text.lab ?? ''),
        behaviour.verdict === 'same' ? words.same : `**${words.different}**`,
        `${source(behaviour.source)}${behaviour.recorded === true ? words.recordedMark : ''}`,
        `\`${behaviour.id}\` ${words.outcome[outcomes.get(behaviour.id) ?? 'not run']}`,
      ];
    });
    lines.push(`${heading} (${ownSame}/${own.length})`, '', markdownTable(words.header, rows), '');
  };
  for (const service of CONFORMANCE_SERVICES) {
    const own = behaviours.filter((behaviour) => behaviour.service === service);
    if (own.length > 0 && service !== 'Deploy') table(`## ${service}`, own);
  }
  lines.push(words.deploy, '');
  const rules = behaviours.filter((behaviour) => behaviour.service === 'Deploy');
  if (rules.length > 0) table(words.deployRules, rules);
  lines.push(...renderPropertyCoverage(language));
  const different = behaviours.filter((behaviour) => behaviour.verdict === 'different');
  if (different.length > 0) {
    lines.push(words.differences, '');
    for (const behaviour of different) lines.push(`- \`${behaviour.id}\`: ${behaviour[language].why ?? ''}`);
    lines.push('');
  }
  return `${lines.join('\n')}`;
}

function source(text: string): string {
  return /^https?:\/\//.test(text) ? `[doc](${text})` : text;
}
