/** The lab notes of provider-notes-en.ts, in Japanese: the same keys. */
import type { ProviderNoteKey } from './provider-notes-en';

/** Every lab note, in Japanese. */
export const jaProviderNotes: Readonly<Record<ProviderNoteKey, string>> = {
  // shared by several resource types
  description: '説明文は人が読むための文字列です。ラボはテンプレートの中に残すだけです',
  tags: 'タグは受け付けますが付けません。ラボには読むもの（コストレポートや IAM のタグ条件）がないためです',
  operationName: 'オペレーション名は生成される SDK のためのものです。ラボは SDK を生成しません',
  xRayTracing: 'X-Ray トレースが送るセグメントをラボは集めません',
  // lab/services/apigateway/resource-providers/api-gateway-account-provider.ts
  apiGatewayAccountCloudWatchRoleArn:
    'API Gateway が実行ログを書くためのロールです。ラボの API Gateway は実行ログを書きません（関数自身のログは CloudWatch Logs にあります）',
  // lab/services/apigateway/resource-providers/http-api-providers.ts
  httpApiIntegrationConnectionType: 'ラボの接続は INTERNET だけです。ラボ自身の関数とキューを呼びます',
  httpApiIntegrationIntegrationMethod: 'Lambda プロキシは常に POST で呼ばれます。ラボは関数を直接呼び出します',
  httpApiStageDefaultRouteSettings:
    'ラボでは HTTP API のステージにルートのスロットリングと詳細メトリクスを適用しません',
  httpApiDeploymentStageName: 'ラボのステージは、自動デプロイと同じく、常に API の今のルートを配信します',
  // lab/services/apigateway/resource-providers/rest-api-providers.ts
  restApiName: 'ラボは API を ID で見つけます。名前はコンソールのためのものです',
  restApiEndpointConfiguration:
    'エッジ、リージョン、プライベートは AWS が API を配信する場所を決めます。ラボは 127.0.0.1 で配信します',
  restApiSecurityPolicy: 'TLS ポリシーは当てはまりません。ラボはループバックで平文の HTTP を配信します',
  restApiMethodMethodResponses:
    'メソッドレスポンスはメソッドが返しうるステータスコードとヘッダーを宣言します。ラボは Lambda プロキシや統合レスポンスが返すものを、宣言と照らし合わせずにそのまま返します',
  restApiStageClientCertificateId:
    'クライアント証明書は HTTP バックエンドに API Gateway を認証させるものです。Lambda プロキシにはバックエンドがありません',
  restApiStageDocumentationVersion:
    'API ドキュメントのバージョンは人のためのものです。ラボはテンプレートの中に残すだけです',
  // lab/services/cloudformation/resource-providers/cdk-metadata-provider.ts
  cdkMetadataAnalytics: 'CDK のバージョン報告は AWS の利用統計のためのものです。ラボはテンプレートの中に残すだけです',
  // lab/services/cloudwatch/resource-providers/cloudwatch-providers.ts
  alarmEvaluatedEverySecond:
    'ラボはアラームを毎秒、メトリクスの現在値で評価します。期間、統計、評価期間、データポイント数、欠損データの扱いは見ません。AWS では少なくとも 1 期間が過ぎてから状態が変わります',
  // lab/services/dynamodb/resource-providers/dynamodb-table-provider.ts
  dynamodbTableSSESpecification:
    'AWS 所有キー（既定）か AWS マネージドキー alias/aws/dynamodb は、見えるものも付与する権限もなく保存時に暗号化します。カスタマーマネージドキーはスタックの AWS::KMS::Key である必要があり、テーブルを読み書きする関数にはそのキーの kms:Decrypt が要ります（なければ DynamoDB の「KMS key access denied」AccessDeniedException）',
  dynamodbTableTimeToLiveSpecification:
    'dynalite には TTL がなく、DynamoDB も期限切れの項目を数日のうちに消すだけです。どちらでも読む側が期限切れの項目をないものとして扱います',
  dynamodbTableContributorInsightsSpecification:
    'Contributor Insights はアクセスの多いキーのグラフを描きます。ラボは描きません',
  dynamodbTablePointInTimeRecoverySpecification:
    'ポイントインタイムリカバリはラボにない復元のためのバックアップを取ります',
  dynamodbTableTableClass: 'テーブルクラスは料金を変えるだけで、振る舞いは変えません',
  dynamodbTableWarmThroughput: 'ウォームスループットは容量を事前に温めます。dynalite には温める容量がありません',
  // lab/services/ecr/resource-providers/ecr-repository-provider.ts
  ecrRepositoryRecord:
    'ラボにはコンテナレジストリがありません。リポジトリは記録（名前、ARN、URI）だけで、イメージの設定やポリシーが適用されるイメージはありません',
  // lab/services/iam/resource-providers/iam-role-provider.ts
  iamRoleAssumeRolePolicyDocument:
    'ラボはロールを引き受けられる相手を確かめません。各関数はテンプレートが指定するロールで動きます（Lambda は引き受けられないロールを拒みます）',
  iamRoleMaxSessionDuration: 'ラボはセッションの認証情報を発行しないため、その最長の有効期間は何も変えません',
  // lab/services/kms/resource-providers/kms-providers.ts
  kmsKeyEnableKeyRotation:
    'ローテーションは毎年新しいキーマテリアルを作ります。ラボのキーはマテリアルを保ちますが、ローテーション後と同じく、暗号化したものは復号できます',
  kmsKeyRotationPeriodInDays: 'ローテーション期間はローテーションの時期を決めます。ラボはローテーションしません',
  kmsKeyPendingWindowInDays: 'KMS はキーを削除するまで 7〜30 日待ちます。ラボはスタックと一緒に削除します',
  kmsKeyBypassPolicyLockoutSafetyCheck:
    'ロックアウトのチェックは、アカウントがキーを使えなくなるポリシーを防ぎます。ラボはポリシーをそのまま保持します',
  // lab/services/lambda/resource-providers/event-source-mapping-provider.ts
  eventSourceMappingMetricsConfig:
    'マッピングの CloudWatch メトリクスは発行しません。代わりにラボのカウンター（lab.counters()、コンソール）を見てください',
  // lab/services/lambda/resource-providers/lambda-function-provider.ts
  lambdaFunctionArchitectures: 'arm64 か x86_64 かで GB 秒あたりの料金は変わりますが、JavaScript の動きは変わりません',
  lambdaFunctionEphemeralStorage:
    'ラボは /tmp の容量を制限しません。このプロジェクトのハンドラーは /tmp に何も書きません',
  lambdaFunctionRuntimeManagementConfig:
    'ランタイムの更新時期は Lambda が決めます。ラボはすべての関数を同じ Node.js で動かします',
  lambdaFunctionPackageType: '既定の Zip がラボの動かすパッケージ形式です。Image の関数は拒否します',
  lambdaFunctionRecursiveLoop:
    'ラボは SQS や SNS を通じた関数の自己呼び出しを検出しません。既定の Terminate と Allow は同じように動きます',
  lambdaFunctionTracingConfig:
    'X-Ray トレースが送るセグメントをラボは集めません（トレースヘッダーはどちらでも設定されます）',
  // lab/services/lambda/resource-providers/lambda-permission-provider.ts
  lambdaPermissionSourceNotMatched:
    'ラボは関数を呼び出せるプリンシパルを記録しますが、送信元の ARN やアカウントは照合しません',
  // lab/services/logs/resource-providers/log-group-provider.ts
  logGroupRetentionInDays: 'ラボは実行中の行を保持するだけで、何日分も保持しません。保持期間で消えるものはありません',
  logGroupFieldIndexPolicies:
    'フィールドインデックスは Logs Insights のクエリを速くします。ラボはそのクエリを実行しません',
  logGroupLogGroupClass:
    '既定の STANDARD がラボの保持するクラスです。INFREQUENT_ACCESS と DELIVERY はロググループにできることを変えるため拒否します',
  // lab/services/s3/resource-providers/s3-bucket-policy-provider.ts
  s3BucketPolicyPolicyDocument:
    'バケットポリシーは保存します（GetBucketPolicy が返します）が、適用はしません。ラボのエンドポイントは平文の HTTP で、CDK ブートストラップのバケットのような TLS 以外を拒否する文がすべてを拒むためです',
  // lab/services/s3/resource-providers/s3-bucket-provider.ts
  s3BucketAnalyticsConfigurations: 'ストレージクラス分析はラボが作らないレポートを出力します',
  s3BucketInventoryConfigurations:
    'S3 インベントリは日次か週次のオブジェクト一覧を書き出します。ラボはそれを作りません',
  s3BucketMetricsConfigurations: 'リクエストメトリクスは CloudWatch に送られます。ラボは S3 のメトリクスを送りません',
  s3BucketOwnershipControls:
    '新しいバケットの既定 BucketOwnerEnforced は ACL を無効にします。ラボはオブジェクトの ACL を持たないので、どの設定も同じように動きます',
  s3BucketAccessControl: '既定 ACL は記録するだけで評価しません。ラボのアカウントと呼び出し元は一つだけです',
  s3BucketLifecycleConfiguration:
    'ライフサイクルルールは記録するだけです。ラボでは経過日数でオブジェクトが失効したりアップロードが中止されたりしません',
  s3BucketPublicAccessBlockConfiguration:
    'パブリックアクセスブロックは記録するだけです。ラボはループバックでしか応答しないため、公開されるものはありません',
  // lab/services/sns/resource-providers/sns-providers.ts
  snsTopicFifoThroughputScope:
    'スループットのスコープは FIFO トピックのスループットの上限（トピック単位かメッセージグループ単位か）を決めます。ラボは上限を設けません',
  snsTopicDisplayName: '表示名はメールや SMS 通知の送信者名です。ラボはそれらを送りません',
  snsTopicKmsMasterKeyId:
    'AWS マネージドキー alias/aws/sns は見えるものも付与する権限もなく保存時に暗号化します。ただし AWS と同じく、AWS のサービス（CloudWatch アラームも）はこのキーのトピックに発行できません。カスタマーマネージドキーはスタックの AWS::KMS::Key である必要があり、発行する関数にはそのキーの kms:GenerateDataKey と kms:Decrypt が要ります（なければ SNS の KMSAccessDenied）',
  snsTopicSignatureVersion: '署名バージョンは HTTP やメールへの配信に付く署名です。ラボはその配信をしません',
  snsSubscriptionDeliveryPolicy: '配信ポリシーは HTTP の再試行を決めます。ラボは HTTP で何も配信しません',
  snsSubscriptionRegion:
    'トピックのリージョン（スタックと同じ）でラボは購読します。別のリージョンのトピックは拒否します',
  // lab/services/sqs/resource-providers/sqs-queue-provider.ts
  sqsQueueSqsManagedSseEnabled:
    'SSE-SQS は SQS 所有の鍵でメッセージを保存時に暗号化します。見えるものも付与する権限もないため、ラボは設定を保存するだけです',
  sqsQueueKmsMasterKeyId:
    'AWS マネージドキー alias/aws/sqs は見えるものも付与する権限もなく保存時に暗号化するので、ラボは設定を保存します。カスタマーマネージドキーはスタックの AWS::KMS::Key である必要があり、送信する関数にはそのキーの kms:GenerateDataKey と kms:Decrypt、受信する関数には kms:Decrypt が要ります（なければ SQS の KmsAccessDenied）',
  sqsQueueKmsDataKeyReusePeriodSeconds:
    'データキーの再利用期間は SQS が KMS を呼ぶ頻度（費用）を変えるだけで、メッセージには何も表れません',
  // lab/services/ssm/resource-providers/ssm-parameter-provider.ts
  ssmParameterTier: '階層はパラメータのサイズ上限と料金を決めます。ラボはどちらでもパラメータを保存します',
};
