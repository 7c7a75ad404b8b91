/** Table talk's German texts (a chunk of their own: ./index.ts). */
import type { TalkMessages } from "./en";

const de: TalkMessages = {
  help: "Nur die Spieler dieser Partie lesen diese Nachrichten.",
  empty: "Noch keine Nachrichten.",
  label: "Deine Nachricht",
  send: "Senden",
  sending: "Wird gesendet…",
  count: (n, max) => `${n} / ${max}`,
  delete: (n) => `Deine Nachricht ${n} löschen`,
  deleted: "Nachricht gelöscht.",
  mutesTitle: "Spieler stummschalten",
  mute: (name) => `${name} stummschalten`,
  unmute: (name) => `${name} wieder zeigen`,
  mutedNote: (names) => `Du siehst die Nachrichten von ${names} nicht.`,
  you: "du",
  errEmpty: "Schreib zuerst etwas.",
  errTooLong: (max) => `Eine Nachricht hat höchstens ${max} Zeichen.`,
  errTooFast: "Du schreibst schnell: warte ein paar Sekunden.",
};

export default de;
