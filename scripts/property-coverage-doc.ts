/**
 * The "Property validation and coverage" part of docs/fidelity.md (+ .ja.md): what the deploy
 * checks against CloudFormation's registry schemas, and every property of every resource type the
 * lab deploys, marked emulated, noted (with the note a deploy prints) or refused, rendered from
 * the providers' own declarations and the schema package, so the document cannot drift from them.
 */
import { DEPLOYED_TYPE_COVERAGE, mergeNotes, resourceSchemas } from '../lab';

type Language = 'en' | 'ja';

const WORDS = {
  en: {
    heading: '### Property validation and coverage',
    intro: (version: string, types: number, deployed: number) =>
      [
        `Before the lab's CloudFormation creates or updates a resource, it checks the resolved properties against the resource type's registry schema, as CloudFormation does, with the schemas of \`@aws-cdk/aws-service-spec\` ${version} (${types} resource types; the ${deployed} types the lab deploys are all among them but AWS::CDK::Metadata, which has none). An unknown property, a value of the wrong type, a value outside an enumeration or a missing required property fails the resource (CREATE_FAILED or UPDATE_FAILED) and the stack rolls back, with CloudFormation's words: "Properties validation failed for resource <LogicalId> with message: #/VisibilityTimeout: expected type: Number, found: String" ("extraneous key [Foo] is not permitted", "required key [Foo] not found", "failed validation constraint for keyword [enum]"; several failures joined by a space). Sources: the stack events quoted in [cloudformation-coverage-roadmap#1514](https://github.com/aws-cloudformation/cloudformation-coverage-roadmap/issues/1514) and [#1005](https://github.com/aws-cloudformation/cloudformation-coverage-roadmap/issues/1005), and the scrubbing of values in aws-cloudformation/cloudformation-resource-schema (ValidationException).`,
        '',
        'Where a conversion exists, CloudFormation accepts it, and so does the lab: "30" for an integer, "true" or "false" for a boolean, a number or a boolean for a string ([cfn-lint, "Type checking"](https://github.com/aws-cloudformation/cfn-lint/blob/main/docs/cfn-schema-specification.md)).',
        '',
        "**Different:** the package keeps each property's type, whether it is required and its allowed values, but not the schemas' minimum, maximum, length or pattern: the lab's check lets a value out of range (VisibilityTimeout 50000) or a name that breaks a pattern through, and only the emulated service may still refuse it. For some resource types AWS reports a failed check as a warning and creates the resource anyway (#1514, #1005); the lab fails every such resource. CDK 2.276 checks many properties at synth time as well (its CloudFormation Validate, rule F3012), so the lab's check mostly meets hand-edited templates and escape hatches.",
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
    intro: (version: string, types: number, deployed: number) =>
      [
        `ラボの CloudFormation はリソースを作成・更新する前に、解決済みのプロパティをそのリソースタイプのレジストリスキーマと照合します。CloudFormation と同じです。スキーマは \`@aws-cdk/aws-service-spec\` ${version} のもので（リソースタイプ ${types} 件。ラボがデプロイする ${deployed} タイプは、スキーマのない AWS::CDK::Metadata を除いてすべて含まれます）、未知のプロパティ、型の違う値、列挙にない値、必須プロパティの欠落はリソースを失敗させ（CREATE_FAILED または UPDATE_FAILED）、スタックはロールバックします。メッセージは CloudFormation のものです: "Properties validation failed for resource <LogicalId> with message: #/VisibilityTimeout: expected type: Number, found: String"（"extraneous key [Foo] is not permitted"、"required key [Foo] not found"、"failed validation constraint for keyword [enum]"。複数の失敗は空白でつながります）。根拠: [cloudformation-coverage-roadmap#1514](https://github.com/aws-cloudformation/cloudformation-coverage-roadmap/issues/1514) と [#1005](https://github.com/aws-cloudformation/cloudformation-coverage-roadmap/issues/1005) に引用されたスタックイベント、aws-cloudformation/cloudformation-resource-schema の値の伏せ方（ValidationException）。`,
        '',
        '変換できる値は CloudFormation が受け付け、ラボも受け付けます: 整数に "30"、真偽値に "true" や "false"、文字列に数値や真偽値（[cfn-lint の "Type checking"](https://github.com/aws-cloudformation/cfn-lint/blob/main/docs/cfn-schema-specification.md)）。',
        '',
        '**違い:** このパッケージはプロパティの型、必須かどうか、許される値を持ちますが、スキーマの最小値・最大値・長さ・パターンは持ちません。そのためラボの検証は範囲外の値（VisibilityTimeout 50000）やパターンに合わない名前を通し、拒むとすればエミュレートされたサービスだけです。AWS は一部のリソースタイプで検証の失敗を警告として報告し、リソースを作ってしまいます（#1514、#1005）。ラボはそのようなリソースをすべて失敗させます。CDK 2.276 は合成時にも多くのプロパティを確かめる（CloudFormation Validate、ルール F3012）ため、ラボの検証が効くのは主に手で編集したテンプレートとエスケープハッチです。',
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
  const entries = Object.entries(DEPLOYED_TYPE_COVERAGE);
  const lines: string[] = [
    words.heading,
    '',
    words.intro(schemas.version, schemas.typeCount, entries.length),
    '',
    row(words.header),
    row(words.header.map(() => '---')),
  ];
  for (const [type, coverage] of entries) {
    const list = (names: readonly string[]): string => (names.length === 0 ? words.none : [...names].sort().join(', '));
    const emulated = list(coverage.emulated);
    lines.push(
      row([
        type,
        coverage.passesOtherKeysToHandler === true ? `${emulated}; ${words.handler}` : emulated,
        list(Object.keys(coverage.noted)),
        list(coverage.refused),
      ]),
    );
  }
  const notes = mergeNotes(
    entries.flatMap(([type, coverage]) =>
      Object.entries(coverage.noted).map(([property, note]) => ({ note, properties: [`${type}.${property}`] })),
    ),
  );
  lines.push('', words.notes, '');
  for (const { note, properties } of notes) lines.push(`- ${properties.join(', ')}: ${note[language]}`);
  lines.push('');
  return lines;
}

function row(cells: readonly string[]): string {
  return `| ${cells.map((cell) => cell.replaceAll('|', '\\|')).join(' | ')} |`;
}
