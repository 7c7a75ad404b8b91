/** The lobby's German texts (a game gathering players: game/lobby.tsx), a chunk of their own: ./index.ts. */
import { plurals } from "../../i18n/plural";
import type { LobbyMessages } from "./en";

const p = plurals("de");

const de: LobbyMessages = {
  timeoutRule: (n) =>
    n === null
      ? "kein Ausscheiden wegen Zeitüberschreitung"
      : p(n, "Ausscheiden nach # Zeitüberschreitung", "Ausscheiden nach # Zeitüberschreitungen in Folge"),
  /** The lobby's settings line: the result moves the players' ratings (issue 16). */
  ratedGame: "Gewertete Partie",
  vacationRule: (n) => (n === 0 ? "kein Urlaub" : p(n, "je # Urlaubstag", "je # Urlaubstage")),
  waitingTitle: (seated, seats) => `Warten auf Mitspieler (${seated} von ${seats} Plätzen besetzt)`,
  inviteTitle: "Einladungslink",
  inviteHelp:
    "Schicke diesen Link an die anderen. Das Spiel beginnt, sobald alle Plätze besetzt sind oder wenn es sein Ersteller startet.",
  freeSeat: "freier Platz",
  takeSeat: "Platz nehmen",
  needProfileToJoin: "Lege ein Profil an, um an diesem Spiel teilzunehmen.",
  tableListed: (d: string) => `Auf den offenen Tischen bis ${d}: Wer angemeldet ist, darf einen freien Platz nehmen.`,
  tableExpired: "In 7 Tagen hat niemand Platz genommen: Der Tisch ist nicht mehr bei den offenen Tischen.",
  tableNotListed: "Nicht bei den offenen Tischen: Nur Eingeladene können mitspielen.",
  tableList: "Auf die offenen Tische",
  tableUnlist: "Von den offenen Tischen nehmen",
  needInviteToJoin: "Um mitzuspielen, öffne den Einladungslink, den dir jemand geschickt hat.",
  startConfirm: (seated, free) =>
    `Mit ${seated} Spielern starten? ${p(free, "Der freie Platz wird geschlossen", "Die # freien Plätze werden geschlossen")}: Wer dafür eingeladen ist, kann dann nur noch zuschauen.`,
  startWith: (n) => `Mit ${n} Spielern starten`,
  keepWaiting: "Weiter warten",
  startNow: "Jetzt starten",
  leave: "Dieses Spiel verlassen",
  host: "leitet das Spiel",
};

export default de;
