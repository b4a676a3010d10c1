/**
 * The AWS probe's own error sentences (printed after "experiment failed:"), in English and
 * Japanese. AWS's own errors pass through as AWS words them.
 */
import type { Language } from '../common/language';

/** Every error text of lab/experiments/aws-probe.ts, per language. */
export const AWS_PROBE_MESSAGES = {
  en: {
    cannotRead: (file: string, why: string) =>
      `cannot read ${file} (${why}); deploy first: npx cdk deploy --all --outputs-file ${file}`,
    missingOutputs: (file: string, missing: readonly string[], stack: string) =>
      `${file} has no ${missing.join(', ')} for ${stack}; redeploy with --outputs-file ${file}`,
    labOnly: (name: string, reason: string) => `${name} runs on the lab only: ${reason}`,
    noDeployedQueue: (name: string) => `${name} has no deployed queue to use`,
    needsSwitch: (
      name: string,
      stack: string,
      context: string,
      output: string,
      actual: string | undefined,
      file: string,
    ) =>
      `${name} needs ${stack} deployed with -c ${context} (output ${output} is ${actual ?? 'absent'}); deploy it with: npx cdk deploy --all -c ${context} --outputs-file ${file}`,
    cannotCrash: 'a running Lambda invocation cannot be crashed on demand; this experiment runs on the lab only',
    cannotSetAttributes: (stack: string, attributes: readonly string[]) =>
      `the deployed queue of ${stack} cannot be given ${attributes.join(', ')}`,
    queueNotLowered: (stack: string, actual: string | undefined, expected: number, fix: string) =>
      `${stack}'s queue runs at VisibilityTimeout ${actual ?? 'unknown'} s instead of ${expected} s (a rolled-back or "no changes" deploy can leave it raised), so set it back first with: ${fix}`,
  },
  ja: {
    cannotRead: (file: string, why: string) =>
      `${file} を読めません (${why})。先にデプロイしてください: npx cdk deploy --all --outputs-file ${file}`,
    missingOutputs: (file: string, missing: readonly string[], stack: string) =>
      `${file} に ${stack} の ${missing.join(', ')} がありません。--outputs-file ${file} を付けてデプロイし直してください`,
    labOnly: (name: string, reason: string) => `${name} はラボでしか実行できません: ${reason}`,
    noDeployedQueue: (name: string) => `${name} が使えるデプロイ済みのキューはありません`,
    needsSwitch: (
      name: string,
      stack: string,
      context: string,
      output: string,
      actual: string | undefined,
      file: string,
    ) =>
      `${name} には -c ${context} を付けてデプロイした ${stack} が必要です (出力 ${output} は ${actual ?? 'なし'})。次のコマンドでデプロイしてください: npx cdk deploy --all -c ${context} --outputs-file ${file}`,
    cannotCrash:
      '実行中の Lambda 呼び出しを好きなときにクラッシュさせることはできません。この実験はラボでしか実行できません',
    cannotSetAttributes: (stack: string, attributes: readonly string[]) =>
      `${stack} のデプロイ済みのキューには ${attributes.join(', ')} を設定できません`,
    queueNotLowered: (stack: string, actual: string | undefined, expected: number, fix: string) =>
      `${stack} のキューの VisibilityTimeout が ${expected} 秒ではなく ${actual ?? '不明'} 秒のままなので（ロールバックや「変更なし」のデプロイで上げたまま残ることがあります）、先に次のコマンドで戻してください: ${fix}`,
  },
} as const satisfies Record<Language, unknown>;
