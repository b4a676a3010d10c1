/**
 * Every word a timeline shows (lane and row labels, mark labels and their short words, hover
 * titles, the legend), in English and Japanese. Times are seconds from the first send; the
 * log lines the marks come from keep the tutorials' own words and are not quoted here.
 */
import type { Language } from '../../common/language';
import type { TimelineMarkKind } from './timeline';

const plural = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;

/** Where a message's delay came from: its own timer (SendMessage DelaySeconds) or its queue's DelaySeconds. */
export type DelaySource = 'timer' | 'queue';

/** The words of one language. */
export interface TimelineMessages {
  readonly laneJob: (sleep: number) => string;
  /** A job the experiment names (`long`, `hung`). */
  readonly laneNamedJob: (name: string, sleep: number) => string;
  readonly laneAlarm: string;
  readonly alarmLabel: (state: string) => string;
  readonly alarmTitle: (alarmName: string, state: string, at: number) => string;
  readonly releasedLabel: string;
  readonly releasedTitle: (at: number) => string;
  readonly crashedLabel: string;
  readonly crashedTitle: (at: number, deadline: number) => string;
  readonly laneMessage: (index: number) => string;
  readonly rowLabel: (receive: number) => string;
  readonly dlqLabel: string;
  readonly dlqTitle: (lane: string, at: number) => string;
  readonly redriveLabel: string;
  readonly redriveTitle: (lane: string, at: number) => string;
  readonly receiveLabel: (n: number) => string;
  readonly receiveTitle: (n: number, messageId: string, at: number, vt: number) => string;
  readonly heartbeatLabel: (seconds: number) => string;
  readonly heartbeatTitle: (at: number, seconds: number, from: number, to: number) => string;
  readonly heartbeatFailedLabel: string;
  readonly heartbeatFailedTitle: (at: number, error: string, deadline: number) => string;
  readonly claimedLabel: string;
  readonly claimedTitle: (at: number) => string;
  readonly inProgressLabel: string;
  readonly inProgressWord: string;
  readonly inProgressTitle: (at: number) => string;
  readonly skippedLabel: string;
  readonly skippedWord: string;
  readonly skippedTitle: (at: number, effects: string) => string;
  readonly completedLabel: (effects: number) => string;
  readonly completedWord: (effects: number) => string;
  readonly completedUnguardedTitle: (at: number, effects: number) => string;
  readonly completedTitle: (at: number, effects: number) => string;
  readonly claimLostLabel: string;
  readonly claimLostTitle: (at: number) => string;
  readonly workFailedLabel: string;
  readonly workFailedTitle: (at: number, error: string) => string;
  readonly okLabel: string;
  readonly okTitle: (at: number) => string;
  readonly failLabel: string;
  readonly failTitle: (at: number) => string;
  readonly batchFailedLabel: string;
  readonly batchFailedWord: string;
  readonly batchFailedTitle: (at: number) => string;
  readonly workInvocation: (n: number) => string;
  readonly workGuarded: (n: number) => string;
  readonly workUnguarded: (n: number) => string;
  readonly workTitle: (n: number, from: number, to: number | undefined) => string;
  readonly staleDeleteLabel: string;
  readonly staleDeleteWord: string;
  readonly staleDeleteTitle: (at: number, n: number) => string;
  readonly deletedLabel: string;
  readonly deletedTitle: (at: number) => string;
  readonly invisibleLabel: (n: number) => string;
  readonly invisibleTitle: (
    n: number,
    from: number,
    to: number,
    moved: number,
    deletedAt: number | undefined,
  ) => string;
  readonly visibleAgainLabel: string;
  readonly visibleAgainWord: string;
  readonly visibleAgainTitle: (at: number, n: number) => string;
  readonly supersededTitle: (deadline: number) => string;
  readonly mermaidInvisible: (n: number) => string;
  readonly mermaidWorking: (n: number) => string;
  readonly sentLabel: string;
  /** `source`: the message's own timer, or the queue's DelaySeconds. */
  readonly sentTitle: (messageId: string, at: number, delay: number, source: DelaySource) => string;
  readonly delayedLabel: (delay: number) => string;
  readonly delayedTitle: (from: number, to: number, source: DelaySource) => string;
  readonly legendDelayed: string;
  readonly legendLabel: string;
  readonly legendInvisible: string;
  readonly legendWork: string;
  readonly legendSuperseded: string;
  readonly legend: Readonly<Record<TimelineMarkKind, string>>;
}

/** The timeline's words, per language. */
export const TIMELINE_MESSAGES: Readonly<Record<Language, TimelineMessages>> = {
  en: {
    laneJob: (sleep) => `job, sleep ${sleep} s`,
    laneNamedJob: (name, sleep) => `${name}, sleep ${sleep} s`,
    laneAlarm: 'DLQ alarm',
    alarmLabel: (state) => `alarm ${state}`,
    alarmTitle: (alarmName, state, at) =>
      `${alarmName} read as ${state} at ${at} s${state === 'ALARM' ? ': messages are waiting in the DLQ' : ''}`,
    releasedLabel: 'let go: visibility 0 s',
    releasedTitle: (at) =>
      `let go at ${at} s: past its maximum life, the visibility manager set the visibility to 0 s, so the message can be received again while this invocation still works`,
    crashedLabel: 'crashed',
    crashedTitle: (at, deadline) =>
      `the lab crashed this invocation at ${at} s: no code of it runs afterwards, nothing deletes the message, and it comes back when its deadline (${deadline} s) has passed`,
    laneMessage: (index) => `message ${index}`,
    rowLabel: (receive) => `receive ${receive}`,
    dlqLabel: 'in the DLQ',
    dlqTitle: (lane, at) =>
      `${lane} seen in the DLQ at ${at} s (the runner's poll; SQS moved it on a receive after its last allowed one)`,
    redriveLabel: 'redriven',
    redriveTitle: (lane, at) => `${lane} left the DLQ at ${at} s: redriven to the source queue as a new message`,
    receiveLabel: (n) => `receive ${n}`,
    receiveTitle: (n, messageId, at, vt) =>
      `receive ${n} (ApproximateReceiveCount ${n}) of message ${messageId} at ${at} s: invisible for ${vt} s`,
    heartbeatLabel: (seconds) => `heartbeat +${seconds} s`,
    heartbeatTitle: (at, seconds, from, to) =>
      `heartbeat at ${at} s: ChangeMessageVisibility to ${seconds} s from now; the deadline moves from ${from} s to ${to} s`,
    heartbeatFailedLabel: 'heartbeat failed',
    heartbeatFailedTitle: (at, error, deadline) =>
      `heartbeat failed at ${at} s (${error}): the deadline stays at ${deadline} s`,
    claimedLabel: 'claimed',
    claimedTitle: (at) =>
      `the guard claimed the id for this delivery at ${at} s (inferred: the worker logs the claim's outcome, not the claim)`,
    inProgressLabel: 'in progress: not acknowledged',
    inProgressWord: 'in progress',
    inProgressTitle: (at) =>
      `duplicate at ${at} s: another delivery holds the claim, so this one is reported as failed and the message stays`,
    skippedLabel: 'duplicate: skipped',
    skippedWord: 'skipped',
    skippedTitle: (at, effects) =>
      `duplicate at ${at} s: the id was already completed (effect #${effects}); skipped and acknowledged`,
    completedLabel: (effects) => `completed: effect ${effects}`,
    completedWord: (effects) => `effect ${effects}`,
    completedUnguardedTitle: (at, effects) =>
      `completed at ${at} s with no guard: the effect ran, now ${plural(effects, 'time')}`,
    completedTitle: (at, effects) => `completed at ${at} s: the guard recorded the effect (#${effects})`,
    claimLostLabel: 'claim lost',
    claimLostTitle: (at) => `claim lost at ${at} s: it lapsed and another delivery took it; not completing`,
    workFailedLabel: 'failed',
    workFailedTitle: (at, error) => `the work failed at ${at} s (${error}): not acknowledged, the message stays`,
    okLabel: 'OK',
    okTitle: (at) => `OK at ${at} s: processed`,
    failLabel: 'FAIL',
    failTitle: (at) => `FAIL at ${at} s: reported as a batch item failure, the message stays`,
    batchFailedLabel: 'its batch failed',
    batchFailedWord: 'batch failed',
    batchFailedTitle: (at) =>
      `the invocation failed at ${at} s (reportBatchItemFailures off): this success is not deleted and comes back`,
    workInvocation: (n) => `invocation ${n}`,
    workGuarded: (n) => `working, receive ${n}`,
    workUnguarded: (n) => `working without a guard, receive ${n}`,
    workTitle: (n, from, to) =>
      `receive ${n}: the invocation works from ${from} s to ${to === undefined ? 'the end of the run' : `${to} s`}`,
    staleDeleteLabel: 'delete with an old receipt handle',
    staleDeleteWord: 'old handle',
    staleDeleteTitle: (at, n) =>
      `at ${at} s the mapping deletes with receive ${n}'s receipt handle, but the message was received again since: SQS may not delete it (the emulator does not)`,
    deletedLabel: 'deleted',
    deletedTitle: (at) => `deleted at ${at} s by the event source mapping (the record succeeded)`,
    invisibleLabel: (n) => `invisible, receive ${n}`,
    invisibleTitle: (n, from, to, moved, deletedAt) =>
      `receive ${n}: invisible from ${from} s until ${to} s` +
      (moved > 0 ? ` (the heartbeat moved the deadline ${plural(moved, 'time')})` : '') +
      (deletedAt !== undefined ? `; deleted at ${deletedAt} s` : ''),
    visibleAgainLabel: 'visible again',
    visibleAgainWord: 'visible',
    visibleAgainTitle: (at, n) => `visible again at ${at} s: receive ${n}'s visibility timeout ran out before a delete`,
    supersededTitle: (deadline) => `an earlier deadline, ${deadline} s, replaced by a heartbeat`,
    mermaidInvisible: (n) => `r${n} invisible`,
    mermaidWorking: (n) => `r${n} working`,
    sentLabel: 'sent',
    sentTitle: (messageId, at, delay, source) =>
      `message ${messageId} sent at ${at} s (SQS's SentTimestamp)` +
      (delay > 0
        ? `, delayed ${delay} s by ${source === 'timer' ? 'its message timer' : "the queue's DelaySeconds"}`
        : ''),
    delayedLabel: (delay) => `delayed ${delay} s`,
    delayedTitle: (from, to, source) =>
      `delayed from ${from} s to ${to} s by ${source === 'timer' ? 'its message timer (DelaySeconds of the send)' : "the queue's DelaySeconds"}: no consumer can receive it, and SQS counts it in ApproximateNumberOfMessagesDelayed`,
    legendDelayed: 'delayed: no consumer can receive it yet',
    legendLabel: 'legend',
    legendInvisible: 'invisible until the deadline in force',
    legendWork: 'the invocation working',
    legendSuperseded: 'a deadline a heartbeat replaced',
    legend: {
      sent: 'sent (SQS SentTimestamp)',
      receive: 'receive n (ApproximateReceiveCount)',
      heartbeat: 'heartbeat: deadline moved to now + N s',
      'heartbeat-failed': 'heartbeat failed: deadline unchanged',
      'visible-again': 'visible again (timeout ran out)',
      claimed: 'guard: claimed',
      'in-progress': 'guard: in progress, not acknowledged',
      skipped: 'guard: duplicate skipped (acknowledged)',
      completed: 'completed: effect n',
      ok: 'OK (processed)',
      failed: 'failed / FAIL: not acknowledged',
      'batch-failed': 'its whole batch failed',
      'claim-lost': 'guard: claim lost',
      deleted: 'deleted',
      'stale-delete': 'delete with an old receipt handle',
      dlq: 'seen in the DLQ',
      redrive: 'redriven out of the DLQ',
      released: 'let go at its maximum life: visibility 0 s',
      crashed: 'crashed by the lab (no code runs afterwards)',
      alarm: 'DLQ alarm read as ALARM',
      'alarm-ok': 'DLQ alarm read as OK',
    },
  },
  ja: {
    laneJob: (sleep) => `ジョブ、sleep ${sleep} 秒`,
    laneNamedJob: (name, sleep) => `${name}、sleep ${sleep} 秒`,
    laneAlarm: 'DLQ アラーム',
    alarmLabel: (state) => `アラーム ${state}`,
    alarmTitle: (alarmName, state, at) =>
      `${at} 秒に ${alarmName} を ${state} と読んだ${state === 'ALARM' ? ': DLQ にメッセージが待っている' : ''}`,
    releasedLabel: '解放: 可視性 0 秒',
    releasedTitle: (at) =>
      `${at} 秒に解放: 最大寿命を過ぎたので可視性マネージャーが可視性を 0 秒にした。この呼び出しがまだ処理していても、メッセージは再び受信されうる`,
    crashedLabel: 'クラッシュ',
    crashedTitle: (at, deadline) =>
      `${at} 秒にラボがこの呼び出しをクラッシュさせた: 以後そのコードは動かず、メッセージを削除するものもない。期限(${deadline} 秒)を過ぎると戻ってくる`,
    laneMessage: (index) => `メッセージ ${index}`,
    rowLabel: (receive) => `受信 ${receive}`,
    dlqLabel: 'DLQ 内',
    dlqTitle: (lane, at) =>
      `${lane} を ${at} 秒に DLQ で確認(ランナーのポーリング。SQS は許された最後の受信の次の受信でこれを移した)`,
    redriveLabel: '再ドライブ',
    redriveTitle: (lane, at) => `${lane} は ${at} 秒に DLQ を出た: 新しいメッセージとして元のキューへ再ドライブ`,
    receiveLabel: (n) => `受信 ${n}`,
    receiveTitle: (n, messageId, at, vt) =>
      `メッセージ ${messageId} の ${n} 回目の受信(ApproximateReceiveCount ${n})、${at} 秒: ${vt} 秒間不可視`,
    heartbeatLabel: (seconds) => `ハートビート +${seconds} 秒`,
    heartbeatTitle: (at, seconds, from, to) =>
      `${at} 秒のハートビート: ChangeMessageVisibility で可視性タイムアウトを今から ${seconds} 秒に設定。期限は ${from} 秒から ${to} 秒へ移る`,
    heartbeatFailedLabel: 'ハートビート失敗',
    heartbeatFailedTitle: (at, error, deadline) =>
      `${at} 秒にハートビートが失敗(${error}): 期限は ${deadline} 秒のまま`,
    claimedLabel: 'クレーム',
    claimedTitle: (at) =>
      `${at} 秒にガードがこの配信のために id をクレーム(推定: ワーカーはクレームそのものではなく、その結果をログに出す)`,
    inProgressLabel: '処理中: 確認応答しない',
    inProgressWord: '処理中',
    inProgressTitle: (at) =>
      `${at} 秒に重複: 別の配信がクレームを持っているので、この配信は失敗として報告され、メッセージは残る`,
    skippedLabel: '重複: スキップ',
    skippedWord: 'スキップ',
    skippedTitle: (at, effects) => `${at} 秒に重複: この id は完了済み(効果 #${effects})。スキップして確認応答`,
    completedLabel: (effects) => `完了: 効果 ${effects}`,
    completedWord: (effects) => `効果 ${effects}`,
    completedUnguardedTitle: (at, effects) => `${at} 秒に完了、ガードなし: 効果が実行され、これで ${effects} 回`,
    completedTitle: (at, effects) => `${at} 秒に完了: ガードが効果を記録(#${effects})`,
    claimLostLabel: 'クレーム喪失',
    claimLostTitle: (at) => `${at} 秒にクレーム喪失: 期限が切れて別の配信が引き継いだ。完了しない`,
    workFailedLabel: '失敗',
    workFailedTitle: (at, error) => `${at} 秒に処理が失敗(${error}): 確認応答せず、メッセージは残る`,
    okLabel: 'OK',
    okTitle: (at) => `${at} 秒に OK: 処理済み`,
    failLabel: 'FAIL',
    failTitle: (at) => `${at} 秒に FAIL: バッチアイテムの失敗として報告、メッセージは残る`,
    batchFailedLabel: 'バッチごと失敗',
    batchFailedWord: 'バッチ失敗',
    batchFailedTitle: (at) =>
      `${at} 秒に呼び出しが失敗(reportBatchItemFailures なし): この成功は削除されずに戻ってくる`,
    workInvocation: (n) => `呼び出し ${n}`,
    workGuarded: (n) => `処理中、受信 ${n}`,
    workUnguarded: (n) => `ガードなしで処理中、受信 ${n}`,
    workTitle: (n, from, to) =>
      `受信 ${n}: 呼び出しは ${from} 秒から${to === undefined ? '実行の終わりまで' : ` ${to} 秒まで`}処理する`,
    staleDeleteLabel: '古い受信ハンドルで削除',
    staleDeleteWord: '古いハンドル',
    staleDeleteTitle: (at, n) =>
      `${at} 秒にマッピングが受信 ${n} の受信ハンドルで削除するが、メッセージはその後また受信されている: SQS は削除しないことがある(エミュレーターは削除しない)`,
    deletedLabel: '削除',
    deletedTitle: (at) => `${at} 秒にイベントソースマッピングが削除(レコードは成功)`,
    invisibleLabel: (n) => `不可視、受信 ${n}`,
    invisibleTitle: (n, from, to, moved, deletedAt) =>
      `受信 ${n}: ${from} 秒から ${to} 秒まで不可視` +
      (moved > 0 ? `(ハートビートが期限を ${moved} 回動かした)` : '') +
      (deletedAt !== undefined ? `。${deletedAt} 秒に削除` : ''),
    visibleAgainLabel: '再び可視',
    visibleAgainWord: '可視',
    visibleAgainTitle: (at, n) => `${at} 秒に再び可視: 受信 ${n} の可視性タイムアウトが削除より先に切れた`,
    supersededTitle: (deadline) => `ハートビートが置き換えた以前の期限、${deadline} 秒`,
    mermaidInvisible: (n) => `r${n} 不可視`,
    mermaidWorking: (n) => `r${n} 処理中`,
    sentLabel: '送信',
    sentTitle: (messageId, at, delay, source) =>
      `メッセージ ${messageId} を ${at} 秒に送信(SQS の SentTimestamp)` +
      (delay > 0 ? `。${source === 'timer' ? 'メッセージタイマー' : 'キューの DelaySeconds'}で ${delay} 秒遅延` : ''),
    delayedLabel: (delay) => `遅延 ${delay} 秒`,
    delayedTitle: (from, to, source) =>
      `${from} 秒から ${to} 秒まで${source === 'timer' ? 'メッセージタイマー(送信時の DelaySeconds)' : 'キューの DelaySeconds'}で遅延: どのコンシューマーも受信できず、SQS は ApproximateNumberOfMessagesDelayed に数える`,
    legendDelayed: '遅延中: まだどのコンシューマーも受信できない',
    legendLabel: '凡例',
    legendInvisible: '有効な期限まで不可視',
    legendWork: '呼び出しが処理中',
    legendSuperseded: 'ハートビートが置き換えた期限',
    legend: {
      sent: '送信(SQS の SentTimestamp)',
      receive: '受信 n(ApproximateReceiveCount)',
      heartbeat: 'ハートビート: 期限を今 + N 秒へ',
      'heartbeat-failed': 'ハートビート失敗: 期限は変わらない',
      'visible-again': '再び可視(タイムアウト切れ)',
      claimed: 'ガード: クレーム',
      'in-progress': 'ガード: 処理中、確認応答しない',
      skipped: 'ガード: 重複をスキップ(確認応答)',
      completed: '完了: 効果 n',
      ok: 'OK(処理済み)',
      failed: '失敗 / FAIL: 確認応答しない',
      'batch-failed': 'バッチ全体が失敗',
      'claim-lost': 'ガード: クレーム喪失',
      deleted: '削除',
      'stale-delete': '古い受信ハンドルで削除',
      dlq: 'DLQ で確認',
      redrive: 'DLQ から再ドライブ',
      released: '最大寿命で解放: 可視性 0 秒',
      crashed: 'ラボがクラッシュさせた(以後コードは動かない)',
      alarm: 'DLQ アラームが ALARM',
      'alarm-ok': 'DLQ アラームが OK',
    },
  },
};
