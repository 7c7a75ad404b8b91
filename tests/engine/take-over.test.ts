/** docs/rules.md §6 "A resigned seat taken over": the seat plays again from its next turn, and the log replays. */
import { describe, expect, it } from "vitest";
import { applyEntry, createGame, legalActions, replay, type GameState, type LogEntry } from "../../src/engine";

function started(players: number): GameState {
  const r = createGame({ players, seed: 42, firstPlayer: 0 });
  if (!r.ok) throw new Error(r.error.message);
  return r.state;
}

function apply(state: GameState, entry: LogEntry, log: LogEntry[]): GameState {
  const r = applyEntry(state, entry);
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
  log.push(entry);
  return r.state;
}

describe("takeOver", () => {
  it("a resigned seat acts again from its next turn, and the log with the entry replays", () => {
    const log: LogEntry[] = [];
    let s = started(3);
    s = apply(s, { type: "resign", seat: 1 }, log);
    // Setup goes round: seat 1's placements are skipped while it has resigned.
    s = apply(s, legalActions(s)[0], log);
    expect(s.current).toBe(2);
    s = apply(s, { type: "takeOver", seat: 1 }, log);
    expect(s.players[1].resigned).toBe(false);
    expect(s.ply).toBe(3);
    for (let i = 0; i < 2; i++) s = apply(s, legalActions(s)[0], log);
    // Round two of the setup placements: seat 1 places again.
    expect(s.current).toBe(1);
    s = apply(s, legalActions(s)[0], log);
    const replayed = replay({ players: 3, seed: 42, firstPlayer: 0 }, log);
    expect(replayed.ok && replayed.state).toEqual(s);
  });

  it("refuses a seat that has not resigned, a seat that does not exist, and a game that is over", () => {
    const s = started(2);
    const playing = applyEntry(s, { type: "takeOver", seat: 0 });
    expect(playing.ok === false && playing.error.code).toBe("MALFORMED_ACTION");
    const missing = applyEntry(s, { type: "takeOver", seat: 5 });
    expect(missing.ok === false && missing.error.code).toBe("MALFORMED_ACTION");
    const r = applyEntry(s, { type: "resign", seat: 0 });
    const both = r.ok ? applyEntry(r.state, { type: "resign", seat: 1 }) : null;
    expect(both?.ok && both.state.phase).toBe("ended");
    if (both?.ok) {
      const over = applyEntry(both.state, { type: "takeOver", seat: 0 });
      expect(over.ok === false && over.error.code).toBe("GAME_OVER");
    }
  });
});
