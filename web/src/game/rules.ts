/**
 * The rules the game page plans a turn with (./plan.ts on the engine's play), and the turn panel,
 * which only a turn of this page's seat shows: a chunk of its own (./deps.ts loads it, ./ctrl.ts
 * waits for it). The page's first view draws a game the server sent and needs none of it, so only a
 * player's turn loads it (a game under the Moonlight gets it with its part). The history is
 * replayed with ./history.ts, a chunk of its own (docs/web.md, "Weights").
 */
export * from "./plan";
export { TurnPanel } from "./view/turn";
