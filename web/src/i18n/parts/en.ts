/**
 * English texts of the parts of the client a game page loads right after its first paint: the log
 * and replay, the notices of a turn, the notifications box, the scoring stacks, errors. (What only
 * some moments and other pages show is ../rest/; the start page's own are in ../home.ts, the
 * lobby's in web/src/game/lobby-i18n/: a game in play carries neither.) Each language has such a
 * second dictionary, which the language's page dictionary (../en.ts …) spreads into its own: one
 * chunk weighs less than two, and the game pages and the start page load both (docs/web.md "Weights").
 */
import type { Widen } from "../widen";
import { plurals } from "../plural";

const p = plurals("en");

const en = {
  notificationsGameHint: "Webhooks for this game's channel, and what was sent",
  notificationsMeHint: "Your own webhooks and Discord pings, for every game",
  /** Table talk's button, when the game's talk holds nothing yet (it loads the panel: web/src/game/view/talk-button.tsx). */
  /** Table talk's heading: its card's, before the panel is loaded (the button) and after. */
  talkTitle: "Table talk",
  talkOpen: "Talk to the table",
  logTitle: "Game log",
  logEmpty: "Nothing has happened yet.",
  replayTitle: "Replay",
  replayPosition: (i: number, n: number) => `Action ${i} of ${n}`,
  replayStart: "Start",
  replayPrev: "Back",
  replayNext: "Forward",
  autoTimeout: "played automatically: time ran out",
  langName: "English",
  // The log's lines of what no planned turn shows (the plan's own are the page's), and going away's refusals.
  errVacationExhausted: (hours: number) =>
    hours <= 0
      ? "You have no vacation left in this game."
      : `Not that long: you have ${p(hours, "# hour", "# hours")} of vacation left in this game.`,
  errNotAway: "You are not away in this game.",
  evTurnEnded: (who: string) => `${who} ended the turn`,
  evTurnSkipped: (who: string) => `${who}'s turn was skipped`,
  evResigned: (who: string) => `${who} resigned`,
  evSetupEnded: "Setup is over",
  // The sun does not move in round 1: it rises where it starts.
  evRoundStarted: (r: number, dir: string) =>
    r === 1 ? `Round 1 begins; the sun rises in the ${dir}` : `Round ${r} begins; the sun moves to the ${dir}`,
  evLight: (who: string, n: number, lost: number) =>
    lost > 0 ? `${who} gains ${n} ☀ (${lost} lost above 20)` : `${who} gains ${n} ☀`,
  evGameEnded: (winners: string) => `The game is over. ${winners}`,
  // The scoring stacks (game/view/stacks.tsx).
  stacksTitle: "Scoring tokens",
  stackLeft: (n: number) => `${n} left`,
  stackOut: "empty",
  // A device signed out from another one; a turn planned in two tabs (game/ctrl.ts).
  planPlayed: "Your planned turn was played in another tab.",
  planDropped: "Your planned actions no longer apply and were discarded.",
  planGone:
    "The game moved on (your turn was played elsewhere, or its time ran out): the actions you had planned were discarded.",
  youTimedOut: "Your time ran out: the service played for you (the turn ended).",
  resignConfirm: "Resign this game? Your pieces stay on the board but you cannot win.",
  turnSent: "Turn sent.",
} as const;

export type PartMessages = { [K in keyof typeof en]: Widen<(typeof en)[K]> };

export default en as PartMessages;
