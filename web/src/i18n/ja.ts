import type { Messages } from "./en";

const piece = ["種", "小樹木", "中樹木", "大樹木"];

const ja: Messages = {
  appTagline: "フォトシンセシスをウェブで",
  howToPlay: "遊び方",
  openTables: "募集中のテーブル",
  language: "言語",
  home: "ホーム",
  loading: "読み込み中…",
  retry: "再試行",
  notFound: "このゲームは存在しません。",
  networkError: "サーバーに接続できません。接続を確認して、もう一度お試しください。",
  close: "閉じる",
  skipToBoard: "ボードへ移動",

  signInHere: "サインイン",

  longGame: "ロングゲーム：太陽が4周（24ラウンド）",
  heavyShade: "深い影：影の中の種や樹木は成長も種まきもできない",
  hours: (n) => `${n}時間`,
  days: (n) => `${n}日`,

  roundOf: (r, n) => `ラウンド ${r}／${n}`,
  revolution: (i, n) => `太陽 ${i} 周目／${n}`,
  setupStatus: (done, total) => `準備：外周のマスに小樹木を置きます（${total} 本中 ${done} 本）`,
  lastRound: "最終ラウンド",
  gameOver: "ゲーム終了",
  yourTurn: "あなたの手番です",
  turnOf: (name) => `${name} の手番`,
  watching: "このゲームを観戦中です。",
  deadline: (when) => `期限：${when}`,
  winnerIs: (names) => `勝者：${names}`,
  winnersAre: (names) => `引き分け（共同勝利）：${names}`,
  sunIn: (dir) => `太陽は${dir}`,
  sunNext: (dir) => `次のラウンド：${dir}`,
  dirs: ["北東", "東", "南東", "南西", "西", "北西"],
  liveOn: "ライブ",
  liveOff: "再接続中…",

  boardTitle: "ボード",
  showNext: "次のラウンドの影",
  showLabels: "マスの名前",
  legend: "凡例",
  boardLabel: (round, rounds, dir) => `ボード、ラウンド ${round}／${rounds}、太陽は${dir}`,
  boardLabelSetup: (dir) => `準備中のボード、太陽は${dir}`,
  cellLeaves: (n) => `葉 ${n} 枚`,
  cellEmpty: "空き",
  pieceOf: (p, name) => `${name} の${p}`,
  collects: (n) => `${n} 光点を受ける`,
  shaded: "影の中、光を受けない",
  inShadow: "影の中",
  shadedNext: "次のラウンドは影の中",
  aTarget: "選べるマス",
  isSelected: "選択中",
  usedThisTurn: "この手番で使用済み",

  piece,
  pieceCount: (size, n) => `${piece[size]} ${n}${size === 0 ? "個" : "本"}`,
  shapeNames: ["丸", "三角", "ひし形", "星"],

  yourActions: "あなたの手番",
  chooseCell: "自分の駒（枠付き）か、強調表示されたマスを選んでください。",
  chooseEdge: "小樹木を置く空いた外周のマス（強調表示）を選んでください。",
  noActionsHere: "このマスでは今できることはありません。",
  cellTitle: (label) => `マス ${label}`,
  place: "ここに小樹木を置く",
  grow: (from, to) => `成長させる：${from} → ${to}`,
  collect: (value) => (value === null ? "点数を得る（トークンなし）" : `点数を得る：${value} 点のトークン`),
  plantFrom: (from) => `${from} からここに種をまく`,
  plantHint: (n) => `この樹木は強調表示された ${n} マスに種をまけます。1つ選んでください。`,
  cost: (n) => `${n} ☀`,
  costLong: (n) => `${n} 光点`,
  buyTitle: "プレイヤーボードから買いつける",
  buy: (p) => `${p}を買いつける`,
  columnEmpty: "なし",
  planTitle: "この手番",
  planEmpty: "まだアクションはありません。",
  undo: "元に戻す",
  hint: "ヒント",
  redo: "やり直す",
  startOver: "最初から",
  endTurn: "手番を終える",
  confirmPlacement: "確定",
  sending: "送信中…",
  planDropped: "予定していたアクションは無効になったので、取り消しました。",
  planGone:
    "ゲームが進みました（この手番は別の場所で行われたか、時間切れになりました）。予定していたアクションは取り消しました。",
  turnSent: "手番を送信しました。",
  resign: "投了",
  resignConfirm: "このゲームを投了しますか？駒はボードに残りますが、勝つことはできなくなります。",

  playersTitle: "プレイヤー",
  you: "あなた",
  lightPoints: "光点",
  lightOf: (n, cap) => `光点 ${n}／${cap}`,
  nextLight: (n) => `次のラウンド +${n}`,
  playerBoard: "プレイヤーボード",
  availableArea: "利用できる駒",
  nextPrice: (p) => `次 ${p} ☀`,
  tokens: "点数トークン",
  score: "得点",
  scoreHelp: "いまゲームが終わった場合の得点：獲得した点数トークンに、残りの光点3点ごとに1点を加えたもの。",
  scoreSum: (tokens, light, points, per) =>
    `= トークン ${tokens} 点 + 光点 ${light} ☀ で ${points} 点（${per}点ごとに1点）`,
  scoreMore: (n) => `+ 月から ${n} 点`,
  firstPlayer: "スタートプレイヤー",
  resigned: "投了",
  toAct: "手番",
  rank: (n) => `${n}位`,

  stacksTitle: "点数トークン",
  stackLeaves: (n) => `葉 ${n} 枚`,
  stackLeft: (n) => `残り ${n}`,
  stackOut: "なし",

  replayLive: "現在",
  replaying: "ゲームの過去の場面を表示しています。",
  evPlaced: (who, cell) => `${who} が ${cell} に小樹木を置きました`,
  evBought: (who, p, cost) => `${who} が${p}を買いつけました（${cost} ☀）`,
  evPlanted: (who, from, to) => `${who} が ${from} から ${to} に種をまきました（1 ☀）`,
  evGrew: (who, cell, from, to, cost) => `${who} が ${cell} の${from}を${to}に成長させました（${cost} ☀）`,
  evCollected: (who, cell, value) =>
    value === null
      ? `${who} が ${cell} の樹木で点数を得ました（トークンなし）（4 ☀）`
      : `${who} が ${cell} の樹木で ${value} 点を得ました（4 ☀）`,
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

  // 通知・期限・不在
  notificationsTitle: "通知",
  errVacationExhausted: (hours) =>
    hours <= 0
      ? "このゲームで使える不在時間は残っていません。"
      : `その長さは無理です。このゲームで残っている不在時間は ${hours} 時間です。`,
  errNotAway: "このゲームでは不在になっていません。",
  errRateLimited: "短時間に試行が多すぎます。1 分待ってからもう一度お試しください。",
  errGameOver: "ゲームは終了しました。",
  loadFailed: "ページのこの部分を読み込めませんでした。",
  clockPaused: (name, until) => `${name} は ${until} まで不在：時計は止まっています`,
  youTimedOut: "時間切れになりました。サービスが代わりに手番を終えました。",
  youAreAway: (until) => `${until} まで不在です。あなたの時計は止まっています。`,
  awayBadge: (until) => `${until} まで不在`,
  timeoutsBadge: (n, max) => (max === null ? `時間切れ ${n} 回` : `時間切れ ${n}/${max} 回`),
  timeoutsLong: (n) => (n === 1 ? "直前の手番で時間切れ" : `直近 ${n} 手番続けて時間切れ`),
};

export default ja;
