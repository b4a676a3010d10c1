/** `npm run bench` が日本語で言うこと: ヘルプ、コマンドラインの誤り、最後の行。 */
import type { BenchMessages } from './en';

export const ja: BenchMessages = {
  usage: (facts) => `使い方: npm run bench -- [オプション]

ローカルラボの上で（AWS には決して行かずに）測ります: メッセージあたりの AWS リクエスト数
（チュートリアルの素朴な版と並べて）、100 万メッセージあたりの費用、Powertools と並べたバンドルの
大きさと読み込み時間、エミュレーターの上限に対するラボのスループット（エミュレーターをラボの
メインスレッドで動かす場合と専用スレッドで動かす場合を並べて）、ガードのスループット、ラボのメモリ、
npm run chaos のいくつかの組み合わせの所要時間（一つずつと並行）、2 万 5000 から 10 万行のログに
対する Logs Insights のクエリ時間、キューに 2 万 5000 件と 10 万件のメッセージが待っているときの
SQS エミュレーターの 1 メッセージあたりの CPU 時間。
${facts.resultsFile} に書き、表（markdown）を表示します。

オプション:
  --quick             小さなサイズ: 1 分よりずっと短いスモークテスト
  --only SECTION      このセクションだけ実行（繰り返すかカンマ区切り）:
                      ${facts.sections.join(', ')}（cost は requests も実行）
  --out FILE          ${facts.resultsFile} の代わりにここへ結果を書く
  --lang en|ja        このヘルプと誤りの言語（表は英語のまま）
  --help, -h          このヘルプを表示
`,
  error: (message) => `エラー: ${message}（npm run bench -- --help でオプションを表示）\n`,
  unknownArgument: (argument) => `不明な引数 "${argument}" です`,
  onlyNeedsList: '--only にはセクション名をカンマ区切りで指定してください',
  outNeedsFile: '--out にはファイル名を指定してください',
  unknownSection: (name, names) => `"${name}" というセクションはありません。次から選んでください: ${names.join(', ')}`,
  resultsWritten: (file) => `結果を ${file} に書きました\n`,
  failed: (message) => `npm run bench は失敗しました: ${message}\n`,
  docIntro: 'bench/results.json にコミットした最後の全体実行から（表は bench の出力と同じく英語です）:',
};
