/**
 * What only some moments of a game page show, in a chunk of its own loaded when first shown (with
 * styles/moments.css: ./view/lazy.tsx): what a chosen cell offers in your turn, a spectator's
 * card of a tapped cell, going away and coming back (a game with a time per move), the final
 * scores, handing a resigned seat over, the board's legend once its <details> is opened, a device
 * signed out. A page's first view of a game in play shows none
 * of them, so it does not fetch them (docs/web.md, "Weights"). (What a refused turn means stays in
 * ./more.tsx, which every game page loads: a page opened offline needs it for a kept turn.)
 */
export { Away } from "./view/away";
export { CellInfoCard } from "./view/cell-info";
export { CellChoices } from "./view/choices";
export { FinalScores } from "./view/final-scores";
export { HandOver } from "./view/hand-over";
export { SignedOut } from "./view/signed-out";
export { BoardLegend } from "./view/legend";
