/**
 * A game's view as the server sends it to a seat, built from an engine state: the one fixture the
 * game page's tests (the model, the controller) read. Options default to a clocked game; a test
 * names what it needs otherwise.
 */
import type { GameState } from "../../src/engine";
import type { GameView } from "../../web/src/types";

export function gameView(
  state: GameState,
  opts: {
    version?: number;
    you?: number | null;
    seats?: Partial<GameView["seats"][number]>[];
    options?: Partial<GameView["options"]>;
  } = {},
): GameView {
  const { version = 3, you = 0, seats = [], options = {} } = opts;
  return {
    id: "g",
    status: state.phase === "ended" ? "finished" : "active",
    version,
    // The options the page reads (the server's type also has ones the page does not use).
    options: {
      seats: state.options.players,
      longGame: false,
      heavyShade: false,
      moveTimeSeconds: 86400,
      firstPlayer: null,
      maxTimeouts: 3,
      vacationDays: 14,
      ...options,
    } as GameView["options"],
    seats: state.players.map((_, seat) => ({
      seat,
      player: { id: `p${seat}`, name: ["Ann", "Bob", "Cy", "Di"][seat] },
      bot: null,
      resigned: false,
      timeouts: 0,
      awayUntil: null,
      ...seats[seat],
    })) as GameView["seats"],
    practice: false,
    createdBy: "p0",
    createdAt: "",
    startedAt: "",
    endedAt: null,
    state,
    notation: null,
    toAct: state.current,
    round: state.round,
    totalRounds: 18,
    scores: null,
    winners: null,
    actionCount: state.ply,
    you: you === null ? null : { seat: you },
    invite: null,
    deadline: null,
    vacations: [],
  } as GameView;
}
