/** Table talk's English texts (./index.ts loads the others, a chunk each). */
const en = {
  help: "Only the players of this game read these messages.",
  empty: "No messages yet.",
  label: "Your message",
  send: "Send",
  sending: "Sending…",
  count: (n: number, max: number) => `${n} / ${max}`,
  delete: (n: number) => `Delete your message ${n}`,
  deleted: "Message deleted.",
  mutesTitle: "Mute players",
  mute: (name: string) => `Mute ${name}`,
  unmute: (name: string) => `Unmute ${name}`,
  mutedNote: (names: string) => `You do not see the messages of ${names}.`,
  you: "you",
  errEmpty: "Write something first.",
  errTooLong: (max: number) => `A message is at most ${max} characters.`,
  errTooFast: "You are writing fast: wait a few seconds.",
};
export type TalkMessages = typeof en;

export default en;
