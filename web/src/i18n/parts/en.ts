/**
 * English texts of the parts of the client loaded after a game page's first paint: the log and
 * replay, going away, the final scores, the notifications box, the profile form. (The start page's
 * own are in ../home.ts, the lobby's in web/src/game/lobby-i18n/: a game in play carries neither.) Each language
 * has such a second dictionary (a chunk of its own), so the one a game page loads at once stays
 * small (issue 10's 40 KB budget); i18n/index.ts merges it into `t` when `loadPartTexts` is called.
 */
import { plurals } from "../plural";

const p = plurals("en");

const en = {
  notificationsGameHint: "Webhooks for this game's channel, and what was sent",
  notificationsMeHint: "Your own webhooks and Discord pings, for every game",
  createProfileIntro:
    "Pick a name the other players will see. No e-mail, no password: your key is kept in this browser.",
  nameLabel: "Your name",
  createProfile: "Create profile",
  useKey: "Use an existing key",
  keyLabel: "Profile key",
  useKeyButton: "Use this key",
  badKey: "That key is not valid.",
  playersLabel: "Players",
  moveTime: "Time per move",
  moveTimeNone: "No limit",
  copy: "Copy",
  copied: "Copied",
  share: "Share",
  awayTitle: "Going away?",
  awayHelp: (days: number) =>
    `While you are away your clock is paused and the others see it. ${p(days, "# day", "# days")} in all in this game.`,
  awayNone: "This game allows no vacation.",
  awayFor: "Away for",
  awayUnit: "Unit",
  unitHours: "hours",
  unitDays: "days",
  goAway: "Go away",
  imBack: "I'm back",
  logTitle: "Game log",
  logEmpty: "Nothing has happened yet.",
  replayTitle: "Replay",
  replayPosition: (i: number, n: number) => `Action ${i} of ${n}`,
  replayStart: "Start",
  replayPrev: "Back",
  replayNext: "Forward",
  autoTimeout: "played automatically: time ran out",
  finalScores: "Final scores",
  tokensPoints: "tokens",
  lightPointsScore: (per: number) => `light ÷ ${per}`,
  total: "total",
  // The board's legend (web/src/ui/legend.tsx)
  legendShadow: "shadow this round",
  legendNext: "shadow next round",
  legendLit: "collects light (a dot per point)",
  legendTarget: "possible target",
  legendRings: "soil: 4, 3, 2 and 1 leaves from the centre out",
  keyboardHelp: "Arrow keys move between cells, Enter or Space chooses.",
  // The turn refused (game/refused.ts, with the parts below the first paint); the language's name.
  langName: "English",
  planKept: "Your planned actions still apply and were kept.",
  conflict:
    "The game changed while you were planning (another action arrived first). The board now shows the current game.",
  refused: (msg: string) => `The server refused this turn: ${msg}`,
  notYourTurn: "It is not your turn any more.",
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
  signedOut: (name: string) =>
    `This device was signed out of ${name}’s profile from another device. Sign in again to play: your planned turn is kept.`,
  signInAgain: "Sign in again",
  // Said after a turn or a click (game/ctrl.ts), when these texts have come.
  planDropped: "Your planned actions no longer apply and were discarded.",
  planGone:
    "The game moved on (your turn was played elsewhere, or its time ran out): the actions you had planned were discarded.",
  youTimedOut: "Your time ran out: the service played for you (the turn ended).",
  resignConfirm: "Resign this game? Your pieces stay on the board but you cannot win.",
  turnSent: "Turn sent.",
  // What a chosen cell offers (game/view/choices.tsx, after a tap on the board).
  noActionsHere: "Nothing to do on this cell now.",
  cellTitle: (label: string) => `Cell ${label}`,
  place: "Place a small tree here",
  grow: (from: string, to: string) => `Grow ${from} → ${to}`,
  collect: (value: number | null) =>
    value === null ? "Collect (no token left)" : `Collect: take a ${value}-point token`,
  plantFrom: (from: string) => `Plant a seed here from ${from}`,
  plantHint: (n: number) => `This tree can plant a seed on ${n} highlighted ${p(n, "cell", "cells")}: choose one.`,
} as const;

type Widen<T> = T extends string
  ? string
  : T extends readonly string[]
    ? readonly string[]
    : T extends (...args: infer A) => infer R
      ? (...args: A) => R extends string ? string : R
      : T;

export type PartMessages = { [K in keyof typeof en]: Widen<(typeof en)[K]> };

export default en as PartMessages;
