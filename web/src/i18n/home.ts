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
  botsLabel: "Bots (a practice game, never rated)",
  botCount: "Bots in the seats after yours",
  botLevel: "Level",
  levels: { easy: "Easy", medium: "Medium", strong: "Strong" } as Record<"easy" | "medium" | "strong", string>,
  botsHelp: "With every other seat a bot, the game starts at once.",
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
    botsLabel: "Bots (een oefenspel, zonder rating)",
    botCount: "Bots op de plaatsen na de jouwe",
    botLevel: "Niveau",
    levels: { easy: "Makkelijk", medium: "Gemiddeld", strong: "Sterk" },
    botsHelp: "Zijn alle andere plaatsen bots, dan begint het spel meteen.",
  },
  fr: {
    noTurns: "Aucune partie ne vous attend.",
    othersTitle: "En attente des autres",
    waitFor: (names, n) => (n === 1 ? `${names} vous attend` : `${names} vous attendent`),
    waitingOn: (name) => `en attente de ${name}`,
    seatsTaken: (n, of) => `${n} joueurs sur ${of}`,
    endedOn: (date) => `terminée le ${date}`,
    retry: "Réessayer",
    botsLabel: "Bots (partie d’entraînement, jamais classée)",
    botCount: "Bots aux places après la vôtre",
    botLevel: "Niveau",
    levels: { easy: "Facile", medium: "Moyen", strong: "Fort" },
    botsHelp: "Si toutes les autres places sont des bots, la partie commence tout de suite.",
  },
  de: {
    noTurns: "Kein Spiel wartet auf dich.",
    othersTitle: "Warten auf andere",
    waitFor: (names, n) => (n === 1 ? `${names} wartet auf dich` : `${names} warten auf dich`),
    waitingOn: (name) => `wartet auf ${name}`,
    seatsTaken: (n, of) => `${n} von ${of} Spielern`,
    endedOn: (date) => `beendet am ${date}`,
    retry: "Erneut versuchen",
    botsLabel: "Bots (ein Übungsspiel, nie gewertet)",
    botCount: "Bots auf den Plätzen nach deinem",
    botLevel: "Stufe",
    levels: { easy: "Leicht", medium: "Mittel", strong: "Stark" },
    botsHelp: "Sind alle anderen Plätze Bots, beginnt das Spiel sofort.",
  },
  ja: {
    noTurns: "あなたの手番を待っているゲームはありません。",
    othersTitle: "ほかのプレイヤーの手番",
    waitFor: (names) => `${names}があなたの手番を待っています`,
    waitingOn: (name) => `${name}の手番`,
    seatsTaken: (n, of) => `${of}人中${n}人`,
    endedOn: (date) => `${date}に終了`,
    retry: "再試行",
    botsLabel: "ボット（練習ゲーム、レーティングなし）",
    botCount: "あなたの後の席のボット",
    botLevel: "強さ",
    levels: { easy: "やさしい", medium: "ふつう", strong: "つよい" },
    botsHelp: "ほかの席がすべてボットなら、すぐに始まります。",
  },
};
