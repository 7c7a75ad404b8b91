/**
 * The end of a game's own words (./panel.tsx: "What next?"), in the five languages: they come with
 * its chunk, not with every game page. A rating change is written the language's way, signed.
 */
import type { Lang } from "../i18n";

/** `n` with its sign (+12, −3, 0) as `l` writes numbers. */
function signed(l: Lang, n: number): string {
  try {
    return new Intl.NumberFormat(l, { signDisplay: "exceptZero" }).format(n);
  } catch {
    return n > 0 ? `+${n}` : String(n);
  }
}

const en = {
  title: "What next?",
  playAgain: "Play again",
  /** Someone asked already: the same button seats you in that game. */
  joinRematch: "Join the new game",
  rematchWaiting: "A new game with the same players and options is waiting for you.",
  newGame: "New game",
  yourGames: "Back to your games",
  /** A rated game: your rating after it, and by how much it moved (null: not known). */
  rating: (after: number, change: number | null) =>
    `Your rating: ${after}${change === null ? "" : ` (${signed("en", change)})`}`,
};
export type EndMessages = typeof en;

export const END_TEXT: Record<Lang, EndMessages> = {
  en,
  fr: {
    title: "Et maintenant ?",
    playAgain: "Rejouer",
    joinRematch: "Rejoindre la nouvelle partie",
    rematchWaiting: "Une nouvelle partie avec les mêmes joueurs et options vous attend.",
    newGame: "Nouvelle partie",
    yourGames: "Retour à vos parties",
    rating: (after, change) => `Votre classement : ${after}${change === null ? "" : ` (${signed("fr", change)})`}`,
  },
  de: {
    title: "Wie geht es weiter?",
    playAgain: "Noch einmal spielen",
    joinRematch: "Der neuen Partie beitreten",
    rematchWaiting: "Eine neue Partie mit denselben Spielern und Optionen wartet auf dich.",
    newGame: "Neue Partie",
    yourGames: "Zurück zu deinen Partien",
    rating: (after, change) => `Deine Wertung: ${after}${change === null ? "" : ` (${signed("de", change)})`}`,
  },
  nl: {
    title: "Wat nu?",
    playAgain: "Nog een keer spelen",
    joinRematch: "Meedoen met het nieuwe spel",
    rematchWaiting: "Een nieuw spel met dezelfde spelers en opties wacht op je.",
    newGame: "Nieuw spel",
    yourGames: "Terug naar je spellen",
    rating: (after, change) => `Je rating: ${after}${change === null ? "" : ` (${signed("nl", change)})`}`,
  },
  ja: {
    title: "次は？",
    playAgain: "もう一度遊ぶ",
    joinRematch: "新しいゲームに参加",
    rematchWaiting: "同じプレイヤーとオプションの新しいゲームが待っています。",
    newGame: "新しいゲーム",
    yourGames: "自分のゲームに戻る",
    rating: (after, change) => `あなたのレーティング：${after}${change === null ? "" : `（${signed("ja", change)}）`}`,
  },
};
