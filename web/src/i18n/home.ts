/**
 * The start page's own texts in the five languages: they come with the start page's chunk (a few
 * hundred bytes), not with every game page as the main dictionaries do.
 */
import type { Lang } from "./index";

const en = {
  noTurns: "No game is waiting for you.",
  othersTitle: "Waiting on others",
  waitFor: (names: string, n: number) => (n === 1 ? `${names} is waiting for you` : `${names} are waiting for you`),
  waitingOn: (name: string) => `waiting on ${name}`,
  seatsTaken: (n: number, of: number) => `${n} of ${of} players`,
  endedOn: (date: string) => `ended ${date}`,
  retry: "Try again",
};
export type HomeMessages = typeof en;

export const HOME_TEXT: Record<Lang, HomeMessages> = {
  en,
  nl: {
    noTurns: "Geen spel wacht op jou.",
    othersTitle: "Wacht op anderen",
    waitFor: (names, n) => (n === 1 ? `${names} wacht op jou` : `${names} wachten op jou`),
    waitingOn: (name) => `wacht op ${name}`,
    seatsTaken: (n, of) => `${n} van ${of} spelers`,
    endedOn: (date) => `afgelopen op ${date}`,
    retry: "Opnieuw proberen",
  },
  fr: {
    noTurns: "Aucune partie ne vous attend.",
    othersTitle: "En attente des autres",
    waitFor: (names, n) => (n === 1 ? `${names} vous attend` : `${names} vous attendent`),
    waitingOn: (name) => `en attente de ${name}`,
    seatsTaken: (n, of) => `${n} joueurs sur ${of}`,
    endedOn: (date) => `terminée le ${date}`,
    retry: "Réessayer",
  },
  de: {
    noTurns: "Kein Spiel wartet auf dich.",
    othersTitle: "Warten auf andere",
    waitFor: (names, n) => (n === 1 ? `${names} wartet auf dich` : `${names} warten auf dich`),
    waitingOn: (name) => `wartet auf ${name}`,
    seatsTaken: (n, of) => `${n} von ${of} Spielern`,
    endedOn: (date) => `beendet am ${date}`,
    retry: "Erneut versuchen",
  },
  ja: {
    noTurns: "あなたの手番を待っているゲームはありません。",
    othersTitle: "ほかのプレイヤーの手番",
    waitFor: (names) => `${names}があなたの手番を待っています`,
    waitingOn: (name) => `${name}の手番`,
    seatsTaken: (n, of) => `${of}人中${n}人`,
    endedOn: (date) => `${date}に終了`,
    retry: "再試行",
  },
};
