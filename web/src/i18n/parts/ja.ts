import type { PartMessages } from "./en";

const ja: PartMessages = {
  profileTitle: "プロフィール",
  createProfileTitle: "プロフィールを作成",
  createProfileIntro:
    "他のプレイヤーに表示される名前を決めてください。メールもパスワードも不要です。鍵はこのブラウザに保存されます。",
  nameLabel: "名前",
  createProfile: "プロフィールを作成",
  signedInAs: (name) => `${name} としてプレイ中`,
  stats: (games, wins, avg) => `${games} ゲーム・${wins} 勝・平均 ${avg} 点`,
  keyTitle: "別の端末でプレイする",
  useKey: "既存の鍵を使う",
  keyLabel: "プロフィールの鍵",
  useKeyButton: "この鍵を使う",
  badKey: "その鍵は無効です。",
  newGameTitle: "新しいゲーム",
  playersLabel: "人数",
  moveTime: "1手の持ち時間",
  moveTimeNone: "無制限",
  createGame: "ゲームを作成",
  joinTitle: "ゲームに参加",
  joinLabel: "招待リンク",
  joinButton: "開く",
  badInviteLink: "Canopy の招待リンクではないようです。",
  statusWaiting: "参加者待ち",
  statusFinished: "終了",
  gameWith: (names) => `対戦相手：${names}`,
  roundShort: (r) => (r === 0 ? "準備" : `ラウンド ${r}`),
  moreGames: "さらに表示",
  waitingTitle: (seated, seats) => `参加者待ち（${seats} 席中 ${seated} 席が埋まっています）`,
  inviteTitle: "招待リンク",
  inviteHelp: "このリンクを他のプレイヤーに送ってください。全席が埋まるか、作成者が開始するとゲームが始まります。",
  copy: "コピー",
  copied: "コピーしました",
  share: "共有",
  freeSeat: "空席",
  takeSeat: "席に着く",
  needProfileToJoin: "このゲームに参加するにはプロフィールを作成してください。",
  tableListed: (d: string) => `${d} まで募集中のテーブルに掲載中：サインインしていれば誰でも空席に座れます。`,
  tableExpired: "7日間だれも座らなかったため、募集中のテーブルから外れました。",
  tableNotListed: "募集中のテーブルには載っていません：招待を受けたプレイヤーだけが参加できます。",
  tableList: "募集中のテーブルに載せる",
  tableUnlist: "募集中のテーブルから外す",
  needInviteToJoin: "参加するには、他のプレイヤーから届いた招待リンクを開いてください。",
  startConfirm: (seated, free) =>
    `${seated} 人で開始しますか？空いている ${free} 席は閉じられ、招待した人は観戦のみになります。`,
  startWith: (n) => `${n} 人で開始`,
  keepWaiting: "待ち続ける",
  startNow: "今すぐ開始",
  leave: "このゲームから抜ける",
  host: "がゲームを主催しています",
  logTitle: "ゲームの記録",
  logEmpty: "まだ何も起きていません。",
  replayTitle: "リプレイ",
  replayPosition: (i, n) => `アクション ${i}／${n}`,
  replayStart: "最初",
  replayPrev: "戻る",
  replayNext: "進む",
  finalScores: "最終得点",
  tokensPoints: "トークン",
  lightPointsScore: (per) => `光点 ÷ ${per}`,
  total: "合計",
  notificationsGameHint: "このゲームのチャンネルの Webhook と送信履歴",
  notificationsMeHint: "すべてのゲームに使うあなた自身の Webhook と Discord のメンション",
  maxTimeouts: "時間切れが続いたプレイヤーを投了扱いにする",
  maxTimeoutsAfter: (n) => (n === 1 ? "時間切れ 1 回で" : `時間切れが ${n} 回続いたら`),
  maxTimeoutsNever: "しない",
  vacationDays: "プレイヤーごとの休暇日数",
  deadlineHelp:
    "時間切れになると手番は自動で終わります。不在のプレイヤーは、休暇日数の範囲で自分の時計を止められます。",
  timeoutRule: (n) =>
    n === null
      ? "時間切れで投了扱いにはならない"
      : n === 1
        ? "時間切れ 1 回で投了扱い"
        : `時間切れが ${n} 回続くと投了扱い`,
  /** The lobby's settings line: the result moves the players' ratings (issue 16). */
  ratedGame: "レーティング対局",
  vacationRule: (n) => (n === 0 ? "休暇なし" : `休暇は各 ${n} 日`),
  awayTitle: "しばらく不在にしますか？",
  awayHelp: (days) =>
    `不在の間はあなたの時計が止まり、他のプレイヤーにも表示されます。このゲームでは合計 ${days} 日まで。`,
  awayNone: "このゲームでは不在にできません。",
  awayFor: "不在の期間",
  awayUnit: "単位",
  unitHours: "時間",
  unitDays: "日",
  goAway: "不在にする",
  imBack: "戻りました",
  autoTimeout: "自動で打たれました：時間切れ",
  // The board's legend (web/src/ui/legend.tsx)
  legendShadow: "このラウンドの影",
  legendNext: "次のラウンドの影",
  legendLit: "光を受ける（1光点ごとに点1つ）",
  legendTarget: "選べるマス",
  legendRings: "土壌：中央から外へ葉 4・3・2・1 枚",
  keyboardHelp: "矢印キーでマスを移動し、Enter かスペースで選択します。",
  // The turn refused (game/refused.ts, with the parts below the first paint); the language's name.
  langName: "日本語",
  planKept: "予定していたアクションはまだ有効なので、そのまま残しました。",
  conflict: "計画中にゲームが変わりました（別のアクションが先に届きました）。ボードは現在のゲームを表示しています。",
  refused: (msg) => `サーバーがこの手番を受け付けませんでした：${msg}`,
  notYourTurn: "もうあなたの手番ではありません。",
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
};

export default ja;
