/** The experiments' words of experiments-en.ts, in Japanese: the same keys. */
import type { ExperimentWords } from './experiments-en';

/** Every experiment's words, in Japanese. */
export const jaExperiments: ExperimentWords = {
  heartbeat: {
    title: 'Step 7: 5 秒のキューで 8 秒のジョブ、ハートビートあり',
    prediction: '配信 1 回、重複なし、効果 1 回: ハートビートがメッセージを不可視のまま保つ',
  },
  'no-heartbeat': {
    title: 'Step 7: 同じジョブ、ハートビートなし',
    prediction: '5 秒後にメッセージが再び見えるようになり、もう一度配信される。ガードが重複を検出し、効果は 1 回',
  },
  'failing-heartbeat': {
    title: 'Step 7: ハートビートはあるが ChangeMessageVisibility が毎回失敗する',
    prediction:
      '延長の失敗がログに出て、ワーカーは処理を続ける。メッセージは再び見えるようになり、重複が検出される。効果は 1 回',
  },
  'no-idempotency': {
    title: 'Step 7: ハートビートなし、ガードもなし',
    prediction:
      '重複は検出されない: 2 回目の配信でも効果が実行され、1 メッセージに効果 2 回(ラボはそこで観察をやめる。放っておけば配信のたびに 1 回ずつ増える)',
  },
  'long-job': {
    title: 'Step 7: 可視性タイムアウトの 3 倍、15 秒のジョブ、ハートビートあり',
    prediction:
      'ハートビートあり: 配信 1 回、効果 1 回。約 3 秒ごとの延長で 15 秒間不可視を保つ(チュートリアルはこのジョブをハートビートなしで実行し重複を予想する: それは no-heartbeat で見られる)',
  },
  'partial-batch': {
    title: 'Step 8: 10 メッセージ、3 件ごとに失敗、reportBatchItemFailures あり',
    prediction: '1,2,4,5,7,8,10 は 1 回処理されて削除される。3,6,9 は 2 回受信され、その後 DLQ へ',
  },
  'no-partial-report': {
    title: 'Step 8: 同じ実行、reportBatchItemFailures なし',
    prediction:
      '失敗はバッチ全体を失敗させる: 3・6・9 とバッチを共にした成功メッセージは再処理され、2 回目のバッチも失敗すれば一緒に DLQ へ(何件になるかは SQS の受信の分け方次第)',
  },
  'batch-size-1': {
    title: 'Step 8: 同じ実行をバッチサイズ 1 で',
    prediction:
      '1 回の呼び出しに 1 レコード: 10 回、さらに再試行 3 回(計 13 回)。失敗は自分だけが再試行される。3,6,9 は DLQ へ',
  },
  'visibility-sweep': {
    title: 'Step 7: 5 秒のキューで 1・2・7・9 秒のジョブ、ハートビートなし',
    prediction:
      '可視性タイムアウト 5 秒より短いジョブは 1 回だけ配信される。長いジョブは再配信され、ガードがコピーをスキップする。効果は各 1 回',
  },
  'long-job-no-heartbeat': {
    title: 'Step 7: チュートリアルの長いジョブ、5 秒のキューで 15 秒、ハートビートなし',
    prediction:
      '最初の配信が処理している間、メッセージは 5 秒ごとに再び現れる: コピーはそのたびに「処理中」として拒否され、確認応答されずに戻る。最初の配信が完了すると次のコピーはスキップされる。効果は 1 回',
  },
  'heartbeat-frequent': {
    title: 'Step 7: 8 秒のジョブ、ハートビートを 3 秒ごと(10 秒へ)ではなく 1.2 秒ごと(4 秒へ)',
    prediction:
      '3 秒ごとのハートビートと同じく配信 1 回、効果 1 回。ただし延長は 2 回ではなく約 6 回: 余分な呼び出しは何も生まない',
  },
  'heartbeat-late': {
    title: 'Step 7: 8 秒のジョブ、ハートビートは 6 秒ごと: 最初の延長は 5 秒のタイムアウトより後',
    prediction:
      '6 秒の最初の延長より前、5 秒でメッセージが再び現れる: ハートビートがあっても再配信される。ガードが捕まえ、効果は 1 回',
  },
  'in-progress-crash': {
    title: 'Step 7: ハートビートなし。重複が「処理中」として拒否された後、最初の配信がクラッシュする',
    prediction:
      '拒否された重複は確認応答されていないので、メッセージはクラッシュ後も残る。死んだクレームが失効すると(12 秒)、後の配信が引き継いで完了する: 効果は 1 回',
    why: 'ラボが最初の配信を処理の途中で強制終了する。AWS ではこれを思いどおりに起こす手段がない',
  },
  'throttled-completion': {
    title: 'Step 7: 2 秒のジョブ、DynamoDB の完了書き込みがスロットリングされる(一時的な下流の障害)',
    prediction:
      'SDK がスロットリングされた書き込みを再試行する(最大 4 回の試行、数秒のバックオフ)間、ハートビートがメッセージを隠し続ける。その後、配信はクレームを解放して確認応答せず、可視性が切れるとメッセージが戻り、再試行が完了する: 配信 2 回、効果 1 回',
  },
  'reserved-concurrency': {
    title: 'Step 7: 予約同時実行数 1 のワーカーで 6・7・8 秒のジョブ',
    prediction:
      '一度に動くのは 1 ジョブだけ。ほかはスロットリングされ、5 秒の可視性タイムアウトが切れるとキューに戻る: ジョブが最初に動くのは 2 回目以降の受信、効果は各 1 回(maxReceiveCount が 2 なら動く前に DLQ へ行っていた: AWS が 5 以上を勧める理由)',
  },
  'no-partial-report-batch-1': {
    title: 'Step 8: reportBatchItemFailures なし、ただしバッチサイズ 1',
    prediction:
      '失敗したバッチには失敗したレコードしかない: 部分応答がなくても成功メッセージは再処理されない。3,6,9 は DLQ へ',
  },
  'poison-message': {
    title: 'Step 8: 正常な 10 メッセージと、プロデューサーなら決して送らない 1 メッセージ(検証エラー)',
    prediction: '不正なメッセージは 2 回の受信とも検証に失敗して DLQ へ。正常な 10 件は 1 回ずつ処理される',
  },
  'dlq-redrive': {
    title: 'Step 8: partial-batch の後、DLQ を元のキューへ再ドライブ',
    prediction:
      '3,6,9 が DLQ に入る。再ドライブされると新しいメッセージとして戻り、(何も直していないので)さらに 2 回失敗して DLQ に戻る。成功した 7 件には触れない',
  },
  'throughput-batch-10': {
    title: 'Step 8: 100 メッセージ、失敗なし、バッチサイズ 10',
    prediction:
      'すべてのメッセージが 1 回ずつ、メッセージ数より少ない呼び出しで処理される: 最大 10 件のバッチ(呼び出し回数は SQS の受信の分け方次第。フルバッチなら 10 回)',
  },
  'throughput-batch-1': {
    title: 'Step 8: 100 メッセージ、失敗なし、バッチサイズ 1',
    prediction: 'すべてのメッセージが 1 回ずつ、100 回の呼び出しで処理される: 1 メッセージに 1 回',
  },
  'message-timer': {
    title: (delaySeconds) =>
      `Step 7: ${delaySeconds} 秒のメッセージタイマー付きで送る 1 秒のジョブ("delaySeconds": ${delaySeconds}、SendMessage の DelaySeconds)`,
    prediction: (delaySeconds) =>
      `メッセージは遅延中として数えられ、${delaySeconds} 秒間はどのコンシューマーも受信できない。その後 1 回だけ配信される: 最初の受信は送信から ${delaySeconds} 秒以上後、効果は 1 回`,
  },
  'delay-queue': {
    title: (delaySeconds) => `Step 7: 遅延キュー(キューの DelaySeconds が ${delaySeconds})での 1 秒のジョブ`,
    prediction: (delaySeconds) =>
      `タイマーなしで送ったメッセージはキューの遅延を受ける: 遅延中として数えられ(ApproximateNumberOfMessagesDelayed が 1)、${delaySeconds} 秒が過ぎると 1 回だけ配信される。効果は 1 回`,
  },
  'producer-retry-duplicate': {
    title: 'Step 7: プロデューサーが同じ 2 秒のジョブを 2 回送る("sendTwice": true、応答を失った後の再試行)',
    prediction:
      '1 つの id を 2 つの SQS メッセージ(メッセージ ID が 2 つ)が運ぶ。標準キューは両方を配信し、ガードはジョブを 1 回だけ実行して、もう一方を「処理中」として拒否するか「完了済み」としてスキップする: 効果は 1 回。重複は可視性タイムアウトだけでなくプロデューサーからも生まれる',
  },
  'fifo-dedup': {
    title:
      'FIFO キュー: 1 つのジョブを 5 分間の重複排除間隔内に 2 回、間隔後にもう 1 回送信。グループの順序。可視性タイムアウトより遅いコンシューマー',
    prediction:
      '5 分以内に 2 回送信(MessageDeduplicationId = id)すると配信は 1 回。5 分を過ぎて再送すると再び配信される。メッセージグループは順番どおりに出てくる。可視性タイムアウト内に削除されなかったジョブは同じ MessageDeduplicationId のまま再び受信される: 重複排除が効くのは送信なので、コンシューマーにはやはりガードが要る',
    labOnly:
      'デプロイしたスタックにはない FIFO キューが必要で、しかも SQS の時計を 5 分の間隔の先まで進めます。それができるのはラボだけです',
  },
  'short-vs-long-polling': {
    title:
      'まばらなキューを WaitTimeSeconds 0 で 12 秒、続いて WaitTimeSeconds 20 で 12 秒ポーリング(それぞれメッセージ 2 件)',
    prediction:
      'どちらのコンシューマーにも同じ 2 件が届く。ショートポーリングは ReceiveMessage を何度も(ここでは毎秒約 10 回)呼び、ほぼ毎回空の応答を受け取る。ロングポーリングは数回だけで、各呼び出しはメッセージが届いた時点で返る: リクエスト数もコストもごく一部',
  },
  'visibility-manager': {
    title: (maxLifeSeconds) =>
      `Step 7: 1 つの可視性マネージャーの下、1 バッチで 10 ジョブ。うち 1 つは最大寿命 ${maxLifeSeconds} 秒を超える`,
    prediction: (timerIntervalMs, minimalLifeMs, queueSeconds, maxLifeSeconds) =>
      `チェックごとに ChangeMessageVisibilityBatch 1 回がバッチ全体を運ぶ(${timerIntervalMs / 1000} 秒ごと、残りが ${minimalLifeMs / 1000} 秒を切りそうなとき)ので、6 秒のジョブは ${queueSeconds} 秒のタイムアウトを越えても配信 1 回。12 秒のジョブは ${maxLifeSeconds} 秒で解放され(可視性 0 秒)、再受信されて「処理中」として拒否される。効果は各 1 回`,
  },
  'visibility-too-long': {
    title: (longQueueSeconds, shortDeadlineSeconds) =>
      `Step 7: 処理中にワーカーがクラッシュ: ハートビートなしの可視性タイムアウト ${longQueueSeconds} 秒と、ハートビートが保つ ${shortDeadlineSeconds} 秒の期限`,
    prediction: (longQueueSeconds, shortDeadlineSeconds) =>
      `クラッシュ後、長いジョブは ${longQueueSeconds} 秒のタイムアウトを丸ごと待ってから再試行される。短いジョブは最後のハートビートから ${shortDeadlineSeconds} 秒以内に再試行される。効果は各 1 回`,
  },
  'dlq-alarm': {
    title: 'Step 8: partial-batch を実行し、DLQ の CloudWatch アラームを見る',
    prediction:
      'DLQ が空の間アラームは OK、3・6・9 が入ると ALARM になり、SNS トピックに通知する(AWS では CloudWatch が 1 分間のメトリクスを評価するので変化に数分かかり、実行は最大 7 分待つ)',
  },
  'event-filter': {
    title: (pattern) => `Step 8: 10 メッセージ、3 件ごとに shouldFail 付き。マッピングの FilterCriteria は ${pattern}`,
    prediction:
      '3・6・9 はどのフィルターにも合わない: Lambda はワーカーを呼ばずにキューから削除するので、処理も再試行もされず DLQ にも入らない。1,2,4,5,7,8,10 は 1 回ずつ処理される。キューは最後に空になる',
  },
};
