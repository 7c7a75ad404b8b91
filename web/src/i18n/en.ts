/**
 * English: the reference dictionary. Every other language implements exactly these keys (the type checker
 * enforces it). These are the texts a game page shows at once; the parts loaded later (start page, lobby,
 * log, going away, final scores) have theirs in ./parts/.
 */
import type { Widen } from "./widen";
import { plurals } from "./plural";
import parts from "./parts/en";

const p = plurals("en");

/**
 * What the offline notice says (web/src/offline/notice.tsx). In the page's language chunk, which a page
 * offline always has (the service worker keeps what the page loaded): the notice, which the worker keeps
 * at install, then carries no texts of its own, and no other language's.
 */
export interface OfflineText {
  offline: string;
  /** When what is shown was saved (a time in the page's language). */
  saved: (when: string) => string;
  readOnly: string;
  kept: string;
  played: string;
  stale: string;
  refused: (code: string) => string;
  online: string;
  close: string;
}

const offline: OfflineText = {
  offline: "You are offline.",
  saved: (w) => `What you see was saved ${w}.`,
  readOnly: "It is read-only: a turn you send is kept and sent when you are back online.",
  kept: "Your turn is kept on this device: it will be sent when you are back online.",
  played: "Back online: the turn you sent offline was played.",
  stale:
    "The turn you sent offline was not played: the game moved on while you were offline (another device played, or your time ran out). Plan your turn again.",
  refused: (c) => `The turn you sent offline was refused (${c}).`,
  online: "Back online.",
  close: "Close",
};

const en = {
  appTagline: "Photosynthesis, played by web",
  howToPlay: "How to play",
  openTables: "Open tables",
  language: "Language",
  home: "Home",
  loading: "Loading…",
  retry: "Try again",
  notFound: "There is no such game.",
  loadFailed: "This part of the page could not be loaded.",
  networkError: "The server cannot be reached. Check your connection and try again.",
  close: "Close",
  offline,
  notificationsTitle: "Notifications",

  // Error codes of the API, explained
  errRateLimited: "Too many tries in a short time: wait a minute and try again.",
  errGameOver: "The game is over.",
  skipToBoard: "Skip to the board",

  // Profile
  signInHere: "Sign in",

  // Creating and joining games
  longGame: "Long game: 4 sun revolutions (24 rounds)",
  heavyShade: "Heavy shade: pieces in shadow cannot grow or plant",
  hours: (n: number) => p(n, "# hour", "# hours"),
  days: (n: number) => p(n, "# day", "# days"),

  // Status
  roundOf: (r: number, n: number) => `Round ${r} of ${n}`,
  revolution: (i: number, n: number) => `sun revolution ${i} of ${n}`,
  setupStatus: (done: number, total: number) => `Setup: small trees on edge cells (${done} of ${total} placed)`,
  lastRound: "Last round",
  gameOver: "Game over",
  yourTurn: "Your turn",
  turnOf: (name: string) => `${name}'s turn`,
  watching: "You are watching this game.",
  deadline: (when: string) => `Deadline ${when}`,
  clockPaused: (name: string, until: string) => `${name} is away until ${until}: the clock is paused`,
  winnerIs: (names: string) => `Winner: ${names}`,
  winnersAre: (names: string) => `Shared victory: ${names}`,
  sunIn: (dir: string) => `Sun in the ${dir}`,
  sunNext: (dir: string) => `next round: ${dir}`,
  dirs: ["north-east", "east", "south-east", "south-west", "west", "north-west"] as readonly string[],
  liveOn: "Live",
  liveOff: "Reconnecting…",

  // Board
  boardTitle: "Board",
  showNext: "Next round's shadows",
  showLabels: "Cell names",
  legend: "Legend",
  boardLabel: (round: number, rounds: number, dir: string) => `Board, round ${round} of ${rounds}, sun in the ${dir}`,
  boardLabelSetup: (dir: string) => `Board during setup, sun in the ${dir}`,
  cellLeaves: (n: number) => p(n, "# leaf", "# leaves"),
  cellEmpty: "empty",
  pieceOf: (piece: string, name: string) => `${piece} of ${name}`,
  collects: (n: number) => `collects ${n} light`,
  shaded: "in shadow, collects nothing",
  inShadow: "in shadow",
  shadedNext: "in shadow next round",
  aTarget: "possible target",
  isSelected: "chosen",
  usedThisTurn: "already used this turn",

  // Pieces
  piece: ["seed", "small tree", "medium tree", "large tree"] as readonly string[],
  pieceCount: (size: number, n: number) =>
    p(
      n,
      `# ${["seed", "small tree", "medium tree", "large tree"][size]}`,
      `# ${["seeds", "small trees", "medium trees", "large trees"][size]}`,
    ),
  shapeNames: ["circles", "triangles", "diamonds", "stars"] as readonly string[],

  // Planning a turn
  yourActions: "Your turn",
  chooseCell: "Choose one of your pieces, or a cell.",
  chooseEdge: "Choose an empty edge cell for a small tree.",
  cost: (n: number) => `${n} ☀`,
  costLong: (n: number) => p(n, "# light point", "# light points"),
  buyTitle: "Buy from your player board",
  buy: (piece: string) => `Buy ${piece}`,
  columnEmpty: "empty",
  planTitle: "This turn",
  planEmpty: "No actions planned yet.",
  undo: "Undo",
  hint: "Hint",
  redo: "Redo",
  startOver: "Start over",
  endTurn: "End turn",
  confirmPlacement: "Confirm",
  sending: "Sending…",
  resign: "Resign",

  // Vacation
  youAreAway: (until: string) => `You are away until ${until}. Your clock is paused.`,
  awayBadge: (until: string) => `away until ${until}`,
  timeoutsBadge: (n: number, max: number | null) =>
    max === null ? p(n, "# timeout", "# timeouts") : `${n} of ${max} timeouts`,
  timeoutsLong: (n: number) => p(n, "ran out of time on the last turn", "ran out of time on the last # turns"),

  // Players
  playersTitle: "Players",
  you: "you",
  lightPoints: "Light",
  lightOf: (n: number, cap: number) => `${n} of ${cap} light points`,
  nextLight: (n: number) => `+${n} next round`,
  playerBoard: "Player board",
  availableArea: "Available",
  nextPrice: (p: number) => `next ${p} ☀`,
  tokens: "Tokens",
  score: "Score",
  scoreHelp: "The score if the game ended now: the tokens won, plus 1 point for every 3 light points left.",
  scoreSum: (tokens: number, light: number, points: number, per: number) =>
    `= ${tokens} in tokens + ${points} for ${light} ☀ (1 per ${per})`,
  scoreMore: (n: number) => `+ ${n} from the moon`,
  firstPlayer: "first player",
  resigned: "resigned",
  toAct: "to act",
  rank: (n: number) => `#${n}`,

  // A token's leaves (the player cards; the stacks too)
  stackLeaves: (n: number) => p(n, "# leaf", "# leaves"),

  // History
  replayLive: "Now",
  replaying: "You are looking at an earlier moment of the game.",
  evPlaced: (who: string, cell: string) => `${who} placed a small tree on ${cell}`,
  evBought: (who: string, piece: string, cost: number) => `${who} bought a ${piece} (${cost} ☀)`,
  evPlanted: (who: string, from: string, to: string) => `${who} planted a seed on ${to} from ${from} (1 ☀)`,
  evGrew: (who: string, cell: string, from: string, to: string, cost: number) =>
    `${who} grew a ${from} into a ${to} on ${cell} (${cost} ☀)`,
  evCollected: (who: string, cell: string, value: number | null) =>
    value === null
      ? `${who} collected the tree on ${cell} (no token left) (4 ☀)`
      : `${who} collected the tree on ${cell}: ${value} points (4 ☀)`,
} as const;

export type Messages = { [K in keyof typeof en]: Widen<(typeof en)[K]> };

// (with the later parts' texts: one chunk a language, docs/web.md "Weights")
export default { ...parts, ...(en as Messages) };
