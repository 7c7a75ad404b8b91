import type { NotifyMessages } from "./en";

const ja: NotifyMessages = {
  gameHooksTitle: "このゲームのチャンネル",
  gameHooksHelp:
    "このゲームのすべての通知がこれらの Webhook に送られます（グループの Discord や Slack のチャンネル、または署名付き JSON を受け取るサーバー）。全プレイヤーが Webhook と配信ログを確認できます。変更・削除できるのは追加したプレイヤーかゲームの作成者だけです。",
  myHooksTitle: "あなたの Webhook",
  myHooksHelp:
    "すべてのゲームであなたに関わる通知がここに届きます：あなたの手番、リマインダー、時間切れ、ゲームの開始と終了、プレイヤーの参加や投了。",
  noHooks: "Webhook はまだありません。",
  count: (n, max) => `${n} / ${max}`,
  kindNames: { discord: "Discord", slack: "Slack", json: "署名付き JSON" },
  on: "オン",
  off: "オフ",
  offByPlayer: "プレイヤーがオフにしました。",
  offAfter: (answer) =>
    `オフになりました：${answer} の応答が続きました（アドレスがもう存在しないようです）。確認してから再びオンにしてください。`,
  offNoAnswer: "オフになりました：応答がない状態が続きました。",
  offRefused:
    "オフになりました：アドレスが公開インターネット上にないため、送信しません。公開アドレスを指定してから再びオンにしてください。",
  addedBy: (name) => `${name} さんが追加しました。変更・停止・削除できるのは、追加した人かゲームの作成者だけです。`,
  allEvents: "すべての通知",
  someEvents: (names) => `次のみ：${names}`,
  lastAnswer: (status, when) => `最後の応答 HTTP ${status}（${when}）`,
  lastNoAnswer: (when) => `前回は応答なし（${when}）`,
  neverUsed: "まだ何も送っていません",
  sendTest: "テスト送信",
  testing: "送信中…",
  switchOff: "オフにする",
  switchOn: "オンにする",
  rotateSecret: "新しいシークレット",
  rotateConfirm: "新しい署名シークレットを作りますか？ 今のシークレットはすぐに使えなくなります。",
  remove: "削除",
  removeConfirm: (name) => `Webhook「${name}」を削除しますか？ 今後は何も送られません。`,
  testDelivered: (status, ms) => `テストを配信しました：HTTP ${status ?? "?"}（${ms} ミリ秒）。`,
  testFailed: (status, ms) =>
    status === null
      ? `テストを配信できませんでした：応答なし（${ms} ミリ秒後）。`
      : `テストを配信できませんでした：HTTP ${status}（${ms} ミリ秒）。`,
  secretTitle: "署名シークレット",
  secretHelp:
    "表示されるのは今回だけです。今すぐ受信側のサーバーにコピーしてください。webhook-signature ヘッダーの検証に使います（Standard Webhooks）。",
  secretDone: "コピーしました",
  addTitle: "Webhook を追加",
  urlLabel: "Webhook のアドレス（URL）",
  urlHelp:
    "Discord：チャンネルの設定 → 連携サービス → ウェブフック → ウェブフック URL をコピー。Slack：Incoming Webhook。それ以外のアドレスには署名付き JSON を送ります。",
  detected: (kind) => `判定：${kind}`,
  kindLabel: "形式",
  kindAuto: "アドレスから判定",
  labelLabel: "名前（任意）",
  labelPlaceholder: "#photosynthesis",
  eventsLabel: "送る通知",
  eventsNone: "通知を 1 つ以上選んでください。",
  add: "Webhook を追加",
  adding: "追加中…",
  added: "Webhook を追加しました。",
  limitReached: (max) => `上限の ${max} 件です。追加するには 1 件削除してください。`,
  eventNames: {
    "game.started": "ゲーム開始",
    "turn.started": "手番",
    "turn.reminder": "期限前のリマインダー",
    "turn.timeout": "時間切れ",
    "player.joined": "プレイヤーの参加",
    "player.left": "プレイヤーの退出",
    "player.resigned": "プレイヤーの投了",
    "player.away": "プレイヤーの不在・復帰",
    "game.ended": "ゲーム終了（得点つき）",
    "webhook.disabled": "Webhook のオフ",
    "webhook.test": "テスト",
  },
  deliveriesTitle: "配信履歴",
  deliveriesHelp:
    "このゲームから送ったすべての通知を新しい順に、各試行とともに表示します。失敗した通知はしばらく自動で再試行されます。「再送」ですぐに送り直せます。",
  noDeliveries: "まだ何も送っていません。",
  refresh: "更新",
  older: "さらに古いもの",
  to: (target) => `宛先：${target}`,
  someonesOwn: "プレイヤー個人の Webhook",
  states: { pending: "待機中", delivered: "配信済み", failed: "失敗", dropped: "破棄" },
  attempts: (n) => (n === 0 ? "未試行" : `${n} 回試行`),
  attemptLine: (n, status, ms, outcome) =>
    `#${n}：${status === null ? "応答なし" : `HTTP ${status}`}、${ms} ミリ秒、${outcome}`,
  outcomes: {
    delivered: "配信済み",
    retry: "再試行予定",
    rate_limited: "送信制限のため待機",
    gone: "アドレスが存在しない",
    rejected: "拒否",
  },
  nextAttempt: (when) => `次の試行 ${when}`,
  resend: "再送",
  resent: "キューに入れました。まもなく再送されます。",
  discordTitle: "Discord のメンション",
  discordLabel: "あなたの Discord ユーザー ID",
  discordHelp:
    "設定すると、あなたの手番のときに Discord の通知であなたをメンションします。Discord：設定 → 詳細設定 → 開発者モード、次に自分の名前を右クリック → ユーザー ID をコピー。あなた以外には表示されません。",
  discordInvalid: "Discord のユーザー ID は 15〜21 桁の数字です。",
  // The API's refusals of a webhook, explained
  errNotConfigured: "このサーバーではまだ通知が設定されていません。管理者が WEBHOOK_KEY を設定する必要があります。",
  errBadUrl:
    "このアドレスには通知を送れません。Webhook の https:// アドレスを貼り付けてください（Discord：チャンネルの設定 → 連携サービス → ウェブフック、Slack：Incoming Webhook）。",
  errBadKind:
    "この形式はこのアドレスに合いません。Discord や Slack の Webhook はそれぞれの形式しか受け付けません。「アドレスから判定」を選んでください。",
  errTooMany: "ここにはすでに 5 件の Webhook があります。先に 1 件削除してください。",
  errNotOwner: "この Webhook を変更・停止・削除できるのは、追加したプレイヤーかゲームの作成者だけです。",
  save: "保存",
  saved: "保存しました。",
};

export default ja;
