import type { PartMessages } from "./en";

const ja: PartMessages = {
  logTitle: "ゲームの記録",
  logEmpty: "まだ何も起きていません。",
  replayTitle: "リプレイ",
  replayPosition: (i, n) => `アクション ${i}／${n}`,
  replayStart: "最初",
  replayPrev: "戻る",
  replayNext: "進む",
  notificationsGameHint: "このゲームのチャンネルの Webhook と送信履歴",
  notificationsMeHint: "すべてのゲームに使うあなた自身の Webhook と Discord のメンション",
  talkTitle: "卓のおしゃべり",
  talkOpen: "卓に話しかける",
  autoTimeout: "自動で打たれました：時間切れ",
  // The board's legend (web/src/ui/legend.tsx)
  langName: "日本語",
  // The log's lines of what no planned turn shows (the plan's own are the page's), and going away's refusals.
  evTurnEnded: (who) => `${who} が手番を終えました`,
  evTurnSkipped: (who) => `${who} の手番はスキップされました`,
  evResigned: (who) => `${who} が投了しました`,
  evSetupEnded: "準備が終わりました",
  evRoundStarted: (r, dir) =>
    r === 1 ? `ラウンド 1 開始：太陽は${dir}から昇る` : `ラウンド ${r} 開始：太陽が${dir}へ移動`,
  evLight: (who, n, lost) =>
    lost > 0
      ? `${who} が ${n} ☀ を受け取りました（20 を超えた ${lost} は失われました）`
      : `${who} が ${n} ☀ を受け取りました`,
  evGameEnded: (winners) => `ゲーム終了。${winners}`,
  errVacationExhausted: (hours) =>
    hours <= 0
      ? "このゲームで使える不在時間は残っていません。"
      : `その長さは無理です。このゲームで残っている不在時間は ${hours} 時間です。`,
  errNotAway: "このゲームでは不在になっていません。",
  // The scoring stacks (game/view/stacks.tsx).
  stacksTitle: "点数トークン",
  stackLeft: (n) => `残り ${n}`,
  stackOut: "なし",
  // A device signed out from another one; a turn planned in two tabs (game/ctrl.ts).
  planPlayed: "予定していた手番は別のタブで行われました。",
  planDropped: "予定していたアクションは無効になったので、取り消しました。",
  planGone:
    "ゲームが進みました（この手番は別の場所で行われたか、時間切れになりました）。予定していたアクションは取り消しました。",
  youTimedOut: "時間切れになりました。サービスが代わりに手番を終えました。",
  resignConfirm: "このゲームを投了しますか？駒はボードに残りますが、勝つことはできなくなります。",
  turnSent: "手番を送信しました。",
};

export default ja;
