/** Table talk's Japanese texts (a chunk of their own: ./index.ts). */
import type { TalkMessages } from "./en";

const ja: TalkMessages = {
  help: "このゲームのプレイヤーだけが読めます。",
  empty: "まだメッセージはありません。",
  label: "メッセージ",
  send: "送信",
  sending: "送信中…",
  count: (n, max) => `${n} / ${max}`,
  delete: (n) => `自分のメッセージ ${n} を削除`,
  deleted: "メッセージを削除しました。",
  mutesTitle: "プレイヤーをミュート",
  mute: (name) => `${name} をミュート`,
  unmute: (name) => `${name} のミュートを解除`,
  mutedNote: (names) => `${names} のメッセージは表示されません。`,
  you: "あなた",
  errEmpty: "まず何か書いてください。",
  errTooLong: (max) => `メッセージは ${max} 文字までです。`,
  errTooFast: "書くのが速すぎます。数秒待ってください。",
};

export default ja;
