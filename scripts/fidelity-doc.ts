/**
 * lab/docs/fidelity.md and lab/docs/fidelity.ja.md from the conformance suite: every behaviour with
 * what AWS does, what the lab does, same or different (and why), its source and its test's
 * outcome. `npm run fidelity` writes them from a run of the suite; a docs test checks that the
 * files are what the catalog renders, so the document and the suite cannot disagree.
 */
import { markdownTable } from '@sqs-lab/lab/markdown-table';
import { type Behaviour, CONFORMANCE_SERVICES } from '../lab/test/conformance/behaviour';
import { renderPropertyCoverage } from './property-coverage-doc';

/** A behaviour's test outcome in the run the document was made from. */
export type Outcome = 'passed' | 'failed' | 'not run';

type Language = 'en' | 'ja';

const WORDS = {
  en: {
    title: '# Where the lab matches AWS, and where it does not',
    intro:
      'Every behaviour the conformance suite (`lab/test/conformance/`, and `test/conformance/` for those that deploy through the tutorial’s stacks; part of `npm test`) checks: what AWS does, with the source that says so (a documentation page, or a response recorded against real AWS), what the lab does, and the test. Written by `npm run fidelity` from a run of the suite; a test fails when this file and the suite disagree.',
    counts: (same: number, different: number) =>
      `**${same + different} behaviours: ${same} the same as AWS, ${different} different.**`,
    recorded: (ported: number, same: number) =>
      `Of the ${ported} scenarios ported from responses recorded against real AWS, ${same} are answered as AWS answered (${ported === 0 ? 0 : Math.round((same / ported) * 100)} %).`,
    header: ['Behaviour', 'AWS', 'Lab', 'Verdict', 'Source', 'Test'],
    same: 'same',
    different: 'different',
    asAws: 'as AWS',
    outcome: { passed: 'passes', failed: 'FAILS', 'not run': 'not run' } as Record<Outcome, string>,
    recordedMark: ' (recorded)',
    differences: '## Every difference, and why',
    deploy: '## Deploy',
    deployRules: '### The rules AWS holds a deploy to',
  },
  ja: {
    title: '# ラボが AWS と同じところ、違うところ',
    intro:
      '適合テスト（`lab/test/conformance/`。チュートリアルのスタックでデプロイするものは `test/conformance/`。`npm test` の一部）が確かめるすべての振る舞い: AWS がどうするか（根拠となるドキュメントのページ、または実際の AWS で記録されたレスポンス）、ラボがどうするか、そしてテスト。`npm run fidelity` がテストの実行結果から書き出します。このファイルとテストが食い違うとテストが失敗します。',
    counts: (same: number, different: number) =>
      `**振る舞い ${same + different} 件: AWS と同じ ${same} 件、違う ${different} 件。**`,
    recorded: (ported: number, same: number) =>
      `実際の AWS で記録されたレスポンスから移植したシナリオ ${ported} 件のうち、${same} 件が AWS と同じ答えです（${ported === 0 ? 0 : Math.round((same / ported) * 100)} %）。`,
    header: ['振る舞い', 'AWS', 'ラボ', '判定', '根拠', 'テスト'],
    same: '同じ',
    different: '違う',
    asAws: 'AWS と同じ',
    outcome: { passed: '合格', failed: '不合格', 'not run': '未実行' } as Record<Outcome, string>,
    recordedMark: '（記録）',
    differences: '## 違いのすべてと、その理由',
    deploy: '## デプロイ',
    deployRules: '### AWS がデプロイに課す規則',
  },
} as const;

/** The README's one-line summary (its counts are checked against the catalog by a test). */
export function fidelitySummary(behaviours: readonly Behaviour[], language: Language): string {
  const same = behaviours.filter((behaviour) => behaviour.verdict === 'same').length;
  const recorded = behaviours.filter((behaviour) => behaviour.recorded === true);
  const recordedSame = recorded.filter((behaviour) => behaviour.verdict === 'same').length;
  return language === 'en'
    ? `The conformance suite checks ${behaviours.length} behaviours of SQS, the event source mapping, the Lambda runtime, API Gateway, SNS, S3 notifications, Logs Insights and deploys against AWS's documentation and responses recorded against real AWS: ${same} are the same on the lab, ${behaviours.length - same} differ, and ${recordedSame} of the ${recorded.length} recorded scenarios are answered as AWS answered.`
    : `適合テストは SQS、イベントソースマッピング、Lambda ランタイム、API Gateway、SNS、S3 の通知、Logs Insights、デプロイの振る舞い ${behaviours.length} 件を、AWS のドキュメントと実際の AWS で記録されたレスポンスに照らして確かめます。ラボで同じなのは ${same} 件、違うのは ${behaviours.length - same} 件で、記録されたシナリオ ${recorded.length} 件のうち ${recordedSame} 件が AWS と同じ答えです。`;
}

/** Renders the document in one language. */
export function renderFidelity(
  behaviours: readonly Behaviour[],
  outcomes: ReadonlyMap<string, Outcome>,
  language: Language,
): string {
  const words = WORDS[language];
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
