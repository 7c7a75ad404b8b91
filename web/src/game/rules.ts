/**
 * The rules the game page plans a turn with (./plan.ts on the engine's play): a chunk of its own
 * (./deps.ts loads it, ./ctrl.ts waits for it). The page's first view draws a game the server sent
 * and needs none of it; the turn panel shows before it comes (./view/turn.tsx), and a player's
 * first touch of the page loads it (./ctrl.ts `prepareTurn`; a game under the Moonlight gets it
 * with its part). The history is replayed with ./history.ts, a chunk of its own (docs/web.md,
 * "Weights").
 */
export * from "./plan";
export { hintPlan, playedAsPlanned, refused } from "./refused";
