/**
 * English texts of the later parts that a game page's first view does not show: going away, the
 * final scores, the board's legend, a device signed out, what a chosen cell offers (a game page's
 * moments: web/src/game/moments.tsx), and the start page's, the lobby's and the open tables' profile
 * form and fields. A chunk per language, merged into `t` when a part asks for them (i18n/index.ts
 * `loadPartTexts`); the log's chunk asks for none (../parts/ come with the page's language).
 */
import type { Widen } from "../widen";
import { plurals } from "../plural";

const p = plurals("en");

const en = {
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
  signedOut: (name: string) =>
    `This device was signed out of ${name}’s profile from another device. Sign in again to play: your planned turn is kept.`,
  signInAgain: "Sign in again",
  // Said after a turn or a click (game/ctrl.ts), when these texts have come.
  noActionsHere: "Nothing to do on this cell now.",
  cellTitle: (label: string) => `Cell ${label}`,
  plantFrom: (from: string) => `Plant a seed here from ${from}`,
  plantHint: (n: number) => `This tree can plant a seed on ${n} highlighted ${p(n, "cell", "cells")}: choose one.`,
  // A turn refused, and what a chosen cell offers (game/refused.ts, game/view/choices.tsx: after a click).
  planKept: "Your planned actions still apply and were kept.",
  conflict:
    "The game changed while you were planning (another action arrived first). The board now shows the current game.",
  refused: (msg: string) => `The server refused this turn: ${msg}`,
  notYourTurn: "It is not your turn any more.",
  place: "Place a small tree here",
  grow: (from: string, to: string) => `Grow ${from} → ${to}`,
  collect: (value: number | null) =>
    value === null ? "Collect (no token left)" : `Collect: take a ${value}-point token`,
} as const;

export type RestMessages = { [K in keyof typeof en]: Widen<(typeof en)[K]> };

export default en as RestMessages;
