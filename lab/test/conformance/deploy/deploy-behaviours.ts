/**
 * The rules AWS holds a deploy to that the lab's CloudFormation stand-in enforces, each with
 * the source that states it, what the lab does, and the tests that check it on the lab with
 * the old shape of a template (refused, as AWS refuses it) and the fixed one (deploys).
 */
import type { Behaviour } from '#lab/test/conformance/behaviour';

const service = 'Deploy' as const;
const ALARM_SNS = 'https://repost.aws/knowledge-center/cloudwatch-receive-sns-for-alarm-trigger';
const DASHBOARD =
  'https://docs.aws.amazon.com/AWSCloudFormation/latest/TemplateReference/aws-resource-cloudwatch-dashboard.html';
const SET_QUEUE_ATTRIBUTES =
  'https://docs.aws.amazon.com/AWSSimpleQueueService/latest/APIReference/API_SetQueueAttributes.html';
const IAM_CONSISTENCY =
  'https://docs.aws.amazon.com/IAM/latest/UserGuide/troubleshoot_general.html#troubleshoot_general_eventual-consistency';

/** Every deploy rule, by stable id. */
export const DEPLOY_BEHAVIOURS = [
  {
    id: 'deploy.sns.topic-policy-replaces-default',
    service,
    source: ALARM_SNS,
    verdict: 'same',
    en: {
      title: 'A topic policy replaces SNS’s default one: with only the enforceSSL deny, CloudWatch may not publish',
      aws: 'CloudWatch publishes an alarm’s notification as cloudwatch.amazonaws.com (aws:SourceArn the alarm, aws:SourceAccount the account, over TLS) and SNS checks the topic policy first. A topic without a policy has SNS’s default one, which lets the owner account’s sources publish; an AWS::SNS::TopicPolicy replaces it. With only CDK’s enforceSSL deny the alarm still changes state, no notification is sent, and DescribeAlarmHistory holds an Action item "Failed to execute action <topic ARN>. Received error: "Resource: <alarm ARN> is not authorized to perform: SNS:Publish on resource: <topic ARN>"".',
      lab: 'The same history item (lab.describeAlarmHistory), no notification, and a line in npm run lab and a mark on the alarm in the console.',
    },
    ja: {
      title: 'トピックポリシーは SNS の既定ポリシーを置き換える: enforceSSL の拒否だけでは CloudWatch は発行できない',
      aws: 'CloudWatch はアラームの通知を cloudwatch.amazonaws.com として（aws:SourceArn はアラーム、aws:SourceAccount はアカウント、TLS で）発行し、SNS はまずトピックポリシーを確かめます。ポリシーのないトピックには所有アカウントのソースに発行を許す SNS の既定ポリシーがありますが、AWS::SNS::TopicPolicy はそれを置き換えます。CDK の enforceSSL の拒否だけだと、アラームは状態を変えても通知は送られず、DescribeAlarmHistory に Action 項目 "Failed to execute action <トピック ARN>. Received error: "Resource: <アラーム ARN> is not authorized to perform: SNS:Publish on resource: <トピック ARN>"" が残ります。',
      lab: '同じ履歴項目（lab.describeAlarmHistory）、通知なし、npm run lab の 1 行とコンソールのアラームの印。',
    },
  },
  {
    id: 'deploy.sns.cloudwatch-allow-by-source',
    service,
    source: ALARM_SNS,
    verdict: 'same',
    en: {
      title:
        'An Allow for cloudwatch.amazonaws.com scoped by aws:SourceArn and aws:SourceAccount lets the notification through',
      aws: 'With a statement that allows cloudwatch.amazonaws.com sns:Publish on the topic for the alarm’s ARN and the account, the notification is sent and the history item reads "Successfully executed action <topic ARN>"; an alarm whose ARN or account the conditions do not name is still refused.',
    },
    ja: {
      title: 'aws:SourceArn と aws:SourceAccount で絞った cloudwatch.amazonaws.com の Allow で通知が届く',
      aws: 'アラームの ARN とアカウントについて cloudwatch.amazonaws.com にトピックへの sns:Publish を許す文があれば、通知は送られ、履歴項目は "Successfully executed action <トピック ARN>" になります。条件が名指ししない ARN やアカウントのアラームは引き続き拒否されます。',
    },
  },
  {
    id: 'deploy.sqs.queue-policy-service-principal',
    service,
    source: 'https://docs.aws.amazon.com/sns/latest/dg/sns-access-policy-use-cases.html',
    verdict: 'same',
    en: {
      title: 'A service sending to a queue needs an Allow in the queue policy; the enforceSSL deny counts for it too',
      aws: 'A queue has no default policy: a service principal (sns.amazonaws.com for a topic’s subscription) may send only when the queue policy allows it, by aws:SourceArn; CDK’s enforceSSL deny refuses it over plain HTTP like anyone else.',
      lab: 'The lab’s SNS subscriptions and S3 notifications send to a queue as sns.amazonaws.com and s3.amazonaws.com, decided by the lab’s IAM evaluator, which this test checks directly (end to end: lab/test/lab/services/sns/sns-api.test.ts and lab/test/lab/services/s3/s3-notifications.test.ts, where a queue without the Allow receives nothing and the reason is recorded).',
    },
    ja: {
      title: 'キューに送るサービスにはキューポリシーの Allow が要り、enforceSSL の拒否もかかる',
      aws: 'キューには既定のポリシーがありません。サービスプリンシパル（トピックのサブスクリプションなら sns.amazonaws.com）は、キューポリシーが aws:SourceArn で許すときだけ送れます。CDK の enforceSSL の拒否は、平文 HTTP では他と同じくそれも拒否します。',
      lab: 'ラボの SNS のサブスクリプションと S3 の通知は sns.amazonaws.com と s3.amazonaws.com としてキューに送り、ラボの IAM 評価器が判断します。このテストはその評価器を直接確かめます（端から端までは lab/test/lab/services/sns/sns-api.test.ts と lab/test/lab/services/s3/s3-notifications.test.ts で、Allow のないキューには何も届かず、理由が記録されます）。',
    },
  },
  {
    id: 'deploy.names.dashboard-account-global',
    service,
    source: DASHBOARD,
    verdict: 'same',
    en: {
      title: 'A dashboard name is global to the account: a second region’s deploy fails on it',
      aws: '"All dashboards in your account are global, not region-specific." The same app deployed to us-east-1 and then to ap-northeast-1 with a fixed DashboardName fails CREATE_FAILED "Dashboard \'<name>\' already exists" (the reason CloudFormation reports, ACloudGuru/serverless-plugin-aws-alerts#242) and rolls back. A name another stack of the same region holds fails "<name> already exists in stack <stack ARN>" (queues, tables, functions, log groups, topics, alarms; IAM role names are global too).',
      lab: 'lab.deploy({ region }) deploys to another region of the lab’s one account; every create claims its template name in one registry per lab. The second region’s resources run on the same emulators, and their ARNs still name us-east-1.',
    },
    ja: {
      title: 'ダッシュボード名はアカウント全体で一意: 2 つ目のリージョンへのデプロイはそこで失敗する',
      aws: '"All dashboards in your account are global, not region-specific." 同じアプリを us-east-1、続いて ap-northeast-1 に固定の DashboardName でデプロイすると、CREATE_FAILED "Dashboard \'<名前>\' already exists"（CloudFormation が示す理由、ACloudGuru/serverless-plugin-aws-alerts#242）で失敗してロールバックします。同じリージョンの別のスタックが持つ名前は "<名前> already exists in stack <スタック ARN>" で失敗します（キュー、テーブル、関数、ロググループ、トピック、アラーム。IAM ロール名もアカウント全体）。',
      lab: 'lab.deploy({ region }) でラボの 1 つのアカウントの別リージョンへデプロイします。作成のたびにテンプレートの名前をラボごとの 1 つの登録簿で確保します。2 つ目のリージョンのリソースは同じエミュレーターで動き、その ARN は us-east-1 のままです。',
    },
  },
  {
    id: 'deploy.names.generated-per-region',
    service,
    source: DASHBOARD,
    verdict: 'same',
    en: {
      title: 'Without a DashboardName, CloudFormation generates one, and the app deploys to both regions',
      aws: '"If you do not specify a name, one will be generated automatically": the stack deploys in each region, each dashboard with a name of its own.',
    },
    ja: {
      title: 'DashboardName がなければ CloudFormation が生成し、アプリは両方のリージョンにデプロイできる',
      aws: '"If you do not specify a name, one will be generated automatically": スタックはどのリージョンにもデプロイでき、ダッシュボードはそれぞれ自分の名前を持ちます。',
    },
  },
  {
    id: 'deploy.propagation.queue-attributes-to-lambda',
    service,
    source: SET_QUEUE_ATTRIBUTES,
    verdict: 'different',
    en: {
      title:
        'A raised visibility timeout reaches Lambda’s mapping check late: an update right after the raise is refused',
      aws: '"When you change a queue’s attributes, the change can take up to 60 seconds for most of the attributes to propagate throughout the Amazon SQS system." Lambda checks the queue’s visibility timeout when a mapping is created or updated, so an update right after a raise may fail "Queue visibility timeout: 5 seconds is less than Function timeout: 30 seconds"; after the rollback the queue stays raised.',
      lab: 'Every change reaches Lambda’s checks (and the mapping’s own reads) after its own delay, drawn from a seed between half and all of propagation.maxDelayMs (LAB_MAX_PROPAGATION_MS, 200 ms, by default): an update that does not wait is refused every time.',
      why: 'AWS gives only the upper bound. A delay never shorter than half the maximum makes the race show on every run instead of now and then, and a short default keeps the tests fast; startLab({ propagation: { maxDelayMs: 60000 } }) lives with SQS’s documented worst case.',
    },
    ja: {
      title: '上げた可視性タイムアウトは Lambda のマッピング検査に遅れて届く: 上げた直後の更新は拒否される',
      aws: '"When you change a queue’s attributes, the change can take up to 60 seconds for most of the attributes to propagate throughout the Amazon SQS system." Lambda はマッピングの作成・更新のときにキューの可視性タイムアウトを確かめるので、上げた直後の更新は "Queue visibility timeout: 5 seconds is less than Function timeout: 30 seconds" で失敗することがあり、ロールバック後もキューは上がったままです。',
      lab: '変更は Lambda の検査（とマッピング自身の読み取り）に、それぞれの遅延の後で届きます。遅延はシードから、propagation.maxDelayMs（既定は LAB_MAX_PROPAGATION_MS の 200 ミリ秒）の半分から全部までの間で引きます。待たない更新は毎回拒否されます。',
      why: 'AWS が示すのは上限だけです。最大の半分より短くならない遅延なら競合がたまにではなく毎回現れ、短い既定値ならテストは速いままです。startLab({ propagation: { maxDelayMs: 60000 } }) で SQS の文書にある最悪の場合を再現できます。',
    },
  },
  {
    id: 'deploy.propagation.read-is-not-lambda',
    service,
    source: SET_QUEUE_ATTRIBUTES,
    verdict: 'different',
    en: {
      title: 'The queue reading the new value does not show that Lambda sees it',
      aws: 'GetQueueAttributes may itself answer the old value while the change propagates, and one reader seeing the new value proves nothing about another: a Raise that only waits until the queue reads 30 s can still be refused.',
      lab: 'GetQueueAttributes answers the new value at once; only other services (Lambda) see it late, so a Raise that only waits until the queue reads 30 s is refused.',
      why: 'fauxqs applies a change at once and the lab delays the other services’ view only. What covers both on AWS and on the lab is a settle time after the read, at least the longest delay.',
    },
    ja: {
      title: 'キューが新しい値を返しても、Lambda がそれを見ているとは限らない',
      aws: '伝播中は GetQueueAttributes 自体が古い値を返すことがあり、ある読み手が新しい値を見ても別の読み手については何もわかりません。キューが 30 秒を返すまで待つだけの Raise でも拒否されえます。',
      lab: 'GetQueueAttributes はすぐ新しい値を返し、他のサービス（Lambda）だけが遅れて見ます。そのため、キューが 30 秒を返すまで待つだけの Raise は拒否されます。',
      why: 'fauxqs は変更をすぐ適用し、ラボは他のサービスの見え方だけを遅らせます。AWS でもラボでも両方を覆うのは、読み取り後に最長の遅延以上の落ち着き時間を待つことです。',
    },
  },
  {
    id: 'deploy.propagation.settle',
    service,
    source: SET_QUEUE_ATTRIBUTES,
    verdict: 'same',
    en: {
      title:
        'A Raise that waits until the queue reads the value, then a settle time of at least the longest delay, lets the update through',
      aws: 'Once the change has propagated, Lambda’s check sees the raised timeout and the mapping update succeeds; Lower then brings the queue back.',
      lab: 'The settle time must be at least propagation.maxDelayMs (settleSecondsOf(resolvePropagation(options)), rounded up to tenths of a second: 0.2 s by default). The lab synthesizes the stacks with queueSettleSeconds 0.4 (LAB_QUEUE_SETTLE_SECONDS), or that value when a longer maxDelayMs needs more.',
    },
    ja: {
      title: 'キューが値を返すまで待ち、さらに最長の遅延以上落ち着くのを待つ Raise なら更新は通る',
      aws: '変更が伝播すれば Lambda の検査は上げたタイムアウトを見て、マッピングの更新は成功します。その後 Lower がキューを元に戻します。',
      lab: '落ち着き時間は propagation.maxDelayMs 以上が必要です（settleSecondsOf(resolvePropagation(options))、0.1 秒単位に切り上げ、既定では 0.2 秒）。ラボはスタックを queueSettleSeconds 0.4（LAB_QUEUE_SETTLE_SECONDS）で合成し、maxDelayMs が長くてそれ以上必要なときはその値で合成します。',
    },
  },
  {
    id: 'deploy.iam.separate-policy-late',
    service,
    source: IAM_CONSISTENCY,
    verdict: 'different',
    en: {
      title: 'A grant in a separate AWS::IAM::Policy, created just before the call, may not be in force yet',
      aws: 'IAM is eventually consistent: "the change must be replicated across IAM, which can take some time. Such changes include creating or updating users, groups, roles, or policies." A custom resource that runs right after its separate policy is created can be refused with AccessDenied (aws/aws-cdk#21332, #23340, #37675).',
      lab: 'With startLab({ propagation: { iamGrants: true } }) a new or changed policy takes effect after a seeded delay (deletions at once); a grant added to the role of a function that is already Active is refused every time (the shape of aws/aws-cdk#37675); one created together with a new function may be in force by its first call or not, as the seed decides, as on AWS, where it fails now and then. On by default (DEFAULT_IAM_GRANT_PROPAGATION); the stacks’ templates put the Raise grant in the role’s inline policy, so it is in force when the function is.',
      why: 'IAM states no bound; the lab uses the queue attributes’ maximum. Today’s Raise step has this shape, so with the delay on by default every lab start would fail.',
    },
    ja: {
      title: '呼び出しの直前に作った別の AWS::IAM::Policy の許可は、まだ効いていないことがある',
      aws: 'IAM は結果整合です: "the change must be replicated across IAM, which can take some time. Such changes include creating or updating users, groups, roles, or policies." 別のポリシーの作成直後に動くカスタムリソースは AccessDenied で拒否されえます（aws/aws-cdk#21332、#23340、#37675）。',
      lab: 'startLab({ propagation: { iamGrants: true } }) では、新しいポリシーや変わったポリシーはシードから引いた遅延の後に効きます（削除はすぐ）。すでに Active な関数のロールに加えた許可は毎回拒否されます（aws/aws-cdk#37675 の形）。新しい関数と一緒に作られた許可が最初の呼び出しまでに効いているかどうかは、AWS でときどき失敗するのと同じく、シードで決まります。既定で有効です（DEFAULT_IAM_GRANT_PROPAGATION）。スタックのテンプレートは Raise の許可をロールのインラインポリシーに入れているので、関数が Active になった時点で許可も効いています。',
      why: 'IAM は上限を示していないので、ラボはキュー属性と同じ最大値を使います。今の Raise はこの形なので、既定で有効にするとラボの起動が毎回失敗します。',
    },
  },
  {
    id: 'deploy.iam.default-policy-before-function',
    service,
    source: 'https://docs.aws.amazon.com/lambda/latest/dg/functions-states.html',
    verdict: 'different',
    en: {
      title: 'A grant in the role’s default policy, created before the function, is in force when the function runs',
      aws: 'The function depends on its role’s default policy, so the grant is created first; Lambda invokes a function only once it is Active ("Lambda does not invoke a function during pending state"), and CloudFormation waits for that. Usually the grant has propagated by then; AWS documents no bound.',
      lab: 'A new function becomes Active only once the grants its role had when it was created have propagated: invocations and mapping checks wait for that, so the grant is always in force.',
      why: 'The lab’s assumption, since neither IAM nor Lambda states a bound: a new function’s Pending time covers the propagation of the grants created before it.',
    },
    ja: {
      title: '関数より前に作られるロールの既定ポリシーの許可は、関数が動くときには効いている',
      aws: '関数はロールの既定ポリシーに依存するので、許可が先に作られます。Lambda は関数が Active になってから呼び出し（"Lambda does not invoke a function during pending state"）、CloudFormation はそれを待ちます。たいていはそれまでに許可が伝播していますが、AWS は上限を文書にしていません。',
      lab: '新しい関数は、作成時にロールが持っていた許可が伝播してから Active になります。呼び出しとマッピングの検査はそれを待つので、許可は必ず効いています。',
      why: 'IAM も Lambda も上限を示していないための、ラボの仮定です: 新しい関数の Pending の時間が、それより前に作られた許可の伝播を覆う、というものです。',
    },
  },
] as const satisfies readonly Behaviour[];

/** The deploy behaviour with this id, for `conform`. */
export function deployBehaviour(id: (typeof DEPLOY_BEHAVIOURS)[number]['id']): Behaviour {
  const found = DEPLOY_BEHAVIOURS.find((candidate) => candidate.id === id);
  if (found === undefined) throw new Error(`no behaviour ${id}`);
  return found;
}
