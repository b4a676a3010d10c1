/**
 * What `cdk bootstrap`'s stack and the calls around it do on AWS and on the lab: the asset
 * bucket's deny-unless-TLS policy, the bootstrap version CDK's templates read from SSM, the
 * retained bucket, and AssumeRole of the bootstrap roles. Each with its source; the tests are in
 * bootstrap.test.ts.
 */
import type { Behaviour } from '#lab/test/conformance/behaviour';

const service = 'Deploy' as const;

/** Every bootstrap behaviour, by stable id. */
export const BOOTSTRAP_BEHAVIOURS = [
  {
    id: 'deploy.bootstrap.bucket-policy-not-enforced',
    service,
    source:
      'https://docs.aws.amazon.com/IAM/latest/UserGuide/reference_policies_condition-keys.html#condition-keys-securetransport',
    verdict: 'different',
    en: {
      title: 'The bootstrap bucket’s deny-unless-TLS policy',
      aws: 'S3 evaluates a bucket policy on every request. The bootstrap bucket’s AllowSSLRequestsOnly statement denies s3:* when aws:SecureTransport is false, so a request over plain HTTP is refused with AccessDenied (403).',
      lab: 'The policy is stored (GetBucketPolicy answers it, and the deploy notes it once) and not evaluated: a PutObject over the lab’s plain-HTTP endpoint succeeds.',
      why: 'The lab’s endpoint is plain HTTP on loopback: enforcing the statement would refuse every call the CDK CLI makes. The lab has one account and one caller, so it evaluates no bucket policy.',
    },
    ja: {
      title: 'ブートストラップのバケットの TLS 以外を拒否するポリシー',
      aws: 'S3 はリクエストごとにバケットポリシーを評価します。ブートストラップのバケットの AllowSSLRequestsOnly 文は aws:SecureTransport が false のとき s3:* を拒否するので、平文の HTTP のリクエストは AccessDenied（403）で拒まれます。',
      lab: 'ポリシーは保存され（GetBucketPolicy が返し、デプロイは一度だけ注記します）、評価はされません。ラボの平文 HTTP のエンドポイントへの PutObject は成功します。',
      why: 'ラボのエンドポイントはループバック上の平文 HTTP です。この文を適用すると CDK CLI の呼び出しがすべて拒まれます。ラボのアカウントと呼び出し元は一つだけなので、バケットポリシーは評価しません。',
    },
  },
  {
    id: 'deploy.bootstrap.version-from-ssm',
    service,
    source:
      'https://docs.aws.amazon.com/AWSCloudFormation/latest/UserGuide/parameters-section-structure.html#aws-ssm-parameter-types',
    verdict: 'different',
    en: {
      title: 'BootstrapVersion is read from SSM Parameter Store',
      aws: 'CloudFormation resolves an AWS::SSM::Parameter::Value<String> parameter from Parameter Store when it deploys: CDK’s templates read /cdk-bootstrap/hnb659fds/version, which cdk bootstrap stores (33). Without it the deploy fails with ValidationError "Unable to fetch parameters [/cdk-bootstrap/hnb659fds/version] from parameter store for this account."',
      lab: 'The lab’s CloudFormation reads the lab’s Parameter Store: after cdk bootstrap on the lab, the stored version. When nothing is stored it uses the version the lab claims (30), so npm run lab deploys without bootstrapping; a template reading another SSM parameter that is not stored fails with CloudFormation’s words.',
      why: 'The lab deploys its own stacks without a bootstrap step, as it always has; a bootstrap on the lab replaces the claimed version with the real one.',
    },
    ja: {
      title: 'BootstrapVersion は SSM パラメータストアから読まれる',
      aws: 'CloudFormation はデプロイ時に AWS::SSM::Parameter::Value<String> 型のパラメータをパラメータストアから解決します。CDK のテンプレートは cdk bootstrap が保存する /cdk-bootstrap/hnb659fds/version（33）を読みます。それがなければデプロイは ValidationError "Unable to fetch parameters [/cdk-bootstrap/hnb659fds/version] from parameter store for this account." で失敗します。',
      lab: 'ラボの CloudFormation はラボのパラメータストアを読みます。ラボで cdk bootstrap を実行した後は保存されたバージョンです。何も保存されていなければラボが名乗るバージョン（30）を使うので、npm run lab はブートストラップなしでデプロイします。保存されていない別の SSM パラメータを読むテンプレートは CloudFormation の文言で失敗します。',
      why: 'ラボはこれまでどおりブートストラップの手順なしで自分のスタックをデプロイします。ラボでのブートストラップは名乗るバージョンを本物に置き換えます。',
    },
  },
  {
    id: 'deploy.bootstrap.retained-bucket',
    service,
    source: 'https://docs.aws.amazon.com/AWSCloudFormation/latest/UserGuide/aws-attribute-deletionpolicy.html',
    verdict: 'same',
    en: {
      title:
        'DeletionPolicy Retain keeps the asset bucket; a bucket without it cannot be deleted while it holds objects',
      aws: 'Deleting the stack skips a resource with DeletionPolicy: Retain (DELETE_SKIPPED), so the bootstrap bucket and its assets stay. A bucket without it that still holds objects fails its delete: "The bucket you tried to delete is not empty" (S3’s BucketNotEmpty, 409).',
    },
    ja: {
      title: 'DeletionPolicy Retain はアセットのバケットを残す。それがないバケットはオブジェクトがある間は削除できない',
      aws: 'スタックの削除は DeletionPolicy: Retain のリソースを飛ばす（DELETE_SKIPPED）ので、ブートストラップのバケットとアセットは残ります。それがないバケットにオブジェクトが残っていれば削除は失敗します: "The bucket you tried to delete is not empty"（S3 の BucketNotEmpty、409）。',
    },
  },
  {
    id: 'deploy.bootstrap.assume-role-trust',
    service,
    source: 'https://docs.aws.amazon.com/STS/latest/APIReference/API_AssumeRole.html',
    verdict: 'different',
    en: {
      title: 'AssumeRole of the bootstrap roles',
      aws: 'STS lets a caller assume a role only when the role’s trust policy allows it (the bootstrap roles trust their own account and, by default, refuse a call with an ExternalId); otherwise, and for a role that does not exist, AccessDenied: "User: <caller> is not authorized to perform: sts:AssumeRole on resource: <role ARN>". The answer carries credentials that expire after DurationSeconds and the assumed-role ARN.',
      lab: 'A role the lab’s IAM has may be assumed by the lab’s caller, whatever its trust policy says; a role it does not have gets AWS’s AccessDenied. The credentials are accepted like any other, and GetCallerIdentity with them answers the assumed-role ARN.',
      why: 'The lab has one account and one caller, and its IAM evaluates the calls functions make, not who may assume a role (the role provider notes the trust policy).',
    },
    ja: {
      title: 'ブートストラップのロールの AssumeRole',
      aws: 'STS はロールの信頼ポリシーが許す呼び出し元にだけロールを引き受けさせます（ブートストラップのロールは自分のアカウントを信頼し、既定では ExternalId 付きの呼び出しを拒みます）。そうでなければ、また存在しないロールには AccessDenied: "User: <呼び出し元> is not authorized to perform: sts:AssumeRole on resource: <ロール ARN>"。応答には DurationSeconds 後に失効する認証情報と引き受けたロールの ARN が入ります。',
      lab: 'ラボの IAM にあるロールは、信頼ポリシーにかかわらずラボの呼び出し元が引き受けられます。ないロールには AWS の AccessDenied を返します。認証情報は他と同じく受け付け、それを使った GetCallerIdentity は引き受けたロールの ARN を返します。',
      why: 'ラボのアカウントと呼び出し元は一つだけで、ラボの IAM が評価するのは関数の呼び出しであり、ロールを引き受けられる相手ではありません（ロールのプロバイダは信頼ポリシーを注記します）。',
    },
  },
] as const satisfies readonly Behaviour[];

/** The behaviour of `id`. */
export function bootstrapBehaviour(id: (typeof BOOTSTRAP_BEHAVIOURS)[number]['id']): Behaviour {
  const found = BOOTSTRAP_BEHAVIOURS.find((candidate) => candidate.id === id);
  if (found === undefined) throw new Error(`no behaviour ${id}`);
  return found;
}
