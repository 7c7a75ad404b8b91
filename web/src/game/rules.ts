/**
 * The rules the game page plans a turn and replays the game with (./plan.ts on the engine's play),
 * and the turn panel, which only a turn of this page's seat shows: a chunk of its own (./deps.ts
 * loads it, ./ctrl.ts waits for it). The page's first view draws a game the server sent and needs
 * none of it, so a spectator or a player waiting for the others does not fetch it until they replay
 * the history; a player's turn, a replayed moment, a finished game, a practice game and a game under
 * the Moonlight load it at once (docs/web.md, "Weights").
 */
export * from "./plan";
export { TurnPanel } from "./view/turn";
