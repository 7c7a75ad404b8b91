/** Table talk's Dutch texts (a chunk of their own: ./index.ts). */
import type { TalkMessages } from "./en";

const nl: TalkMessages = {
  help: "Alleen de spelers van dit spel lezen deze berichten.",
  empty: "Nog geen berichten.",
  label: "Je bericht",
  send: "Versturen",
  sending: "Versturen…",
  count: (n, max) => `${n} / ${max}`,
  delete: (n) => `Je bericht ${n} verwijderen`,
  deleted: "Bericht verwijderd.",
  mutesTitle: "Spelers dempen",
  mute: (name) => `${name} dempen`,
  unmute: (name) => `${name} niet meer dempen`,
  mutedNote: (names) => `Je ziet de berichten van ${names} niet.`,
  you: "jij",
  errEmpty: "Schrijf eerst iets.",
  errTooLong: (max) => `Een bericht heeft hoogstens ${max} tekens.`,
  errTooFast: "Je schrijft snel: wacht een paar seconden.",
};

export default nl;
