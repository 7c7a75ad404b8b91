/** Table talk's French texts (a chunk of their own: ./index.ts). */
import type { TalkMessages } from "./en";

const fr: TalkMessages = {
  help: "Seuls les joueurs de cette partie lisent ces messages.",
  empty: "Pas encore de message.",
  label: "Votre message",
  send: "Envoyer",
  sending: "Envoi…",
  count: (n, max) => `${n} / ${max}`,
  delete: (n) => `Supprimer votre message ${n}`,
  deleted: "Message supprimé.",
  mutesTitle: "Masquer des joueurs",
  mute: (name) => `Masquer ${name}`,
  unmute: (name) => `Ne plus masquer ${name}`,
  mutedNote: (names) => `Vous ne voyez pas les messages de ${names}.`,
  you: "vous",
  errEmpty: "Écrivez d’abord quelque chose.",
  errTooLong: (max) => `Un message fait au plus ${max} caractères.`,
  errTooFast: "Vous écrivez vite : attendez quelques secondes.",
};

export default fr;
