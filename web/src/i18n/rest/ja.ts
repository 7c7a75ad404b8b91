import type { RestMessages } from "./en";

const ja: RestMessages = {
  createProfileIntro:
    "他のプレイヤーに表示される名前を決めてください。メールもパスワードも不要です。鍵はこのブラウザに保存されます。",
  nameLabel: "名前",
  createProfile: "プロフィールを作成",
  useKey: "既存の鍵を使う",
  keyLabel: "プロフィールの鍵",
  useKeyButton: "この鍵を使う",
  badKey: "その鍵は無効です。",
  playersLabel: "人数",
  moveTime: "1手の持ち時間",
  moveTimeNone: "無制限",
  copy: "コピー",
  copied: "コピーしました",
  share: "共有",
  finalScores: "最終得点",
  tokensPoints: "トークン",
  lightPointsScore: (per) => `光点 ÷ ${per}`,
  total: "合計",
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
  legendShadow: "このラウンドの影",
  legendNext: "次のラウンドの影",
  legendLit: "光を受ける（1光点ごとに点1つ）",
  legendTarget: "選べるマス",
  legendRings: "土壌：中央から外へ葉 4・3・2・1 枚",
  keyboardHelp: "矢印キーでマスを移動し、Enter かスペースで選択します。",
  // The turn refused (game/refused.ts, with the parts below the first paint); the language's name.
  signedOut: (name: string) =>
    `この端末は別の端末の操作でプロフィール「${name}」からサインアウトされました。もう一度サインインするとプレイできます（予定していた手番は保存されています）。`,
  signInAgain: "もう一度サインイン",
  // Said after a turn or a click (game/ctrl.ts), when these texts have come.
  noActionsHere: "このマスでは今できることはありません。",
  cellTitle: (label) => `マス ${label}`,
  plantFrom: (from) => `${from} からここに種をまく`,
  plantHint: (n) => `この樹木は強調表示された ${n} マスに種をまけます。1つ選んでください。`,
  // A turn refused, and what a chosen cell offers (game/refused.ts, game/view/choices.tsx: after a click).
  planKept: "予定していたアクションはまだ有効なので、そのまま残しました。",
  conflict: "計画中にゲームが変わりました（別のアクションが先に届きました）。ボードは現在のゲームを表示しています。",
  refused: (msg) => `サーバーがこの手番を受け付けませんでした：${msg}`,
  notYourTurn: "もうあなたの手番ではありません。",
  place: "ここに小樹木を置く",
  grow: (from, to) => `成長させる：${from} → ${to}`,
  collect: (value) => (value === null ? "点数を得る（トークンなし）" : `点数を得る：${value} 点のトークン`),
};

export default ja;
