/**
 * The levels' sense at the end of the game.
 */
import { describe, expect, it } from "vitest";
import { cellIndex, viewFor, type GameState } from "../../src/engine";
import { BOT_LEVELS, chooseTurn } from "../../src/bots";
import { started } from "./support";

/** A 2-player game in play at `round`, seat 0 to act, with the given pieces (cell index → piece code). */
function position(round: number, pieces: Record<number, number>, light: number): GameState {
  const s = structuredClone(started({ players: 2, seed: 1, firstPlayer: 0 }));
  s.phase = "play";
  s.round = round;
  s.current = 0;
  s.firstPlayer = 0;
  s.turn = 0;
  for (const [c, p] of Object.entries(pieces)) s.cells[Number(c)] = p;
  s.players[0].light = light;
  s.players[0].tokens = [{ leaves: 2, value: 17 }];
  return s;
}
const piece = (seat: number, size: number) => 1 + seat * 4 + size;

describe("at the end of the game", () => {
  for (const level of [...BOT_LEVELS])
    it(`${level} collects its large trees in the last round when it has the light`, () => {
      const a = cellIndex(0, 0);
      const b = cellIndex(2, -1);
      const s = position(18, { [a]: piece(0, 3), [b]: piece(0, 3), [cellIndex(-3, 3)]: piece(1, 2) }, 9);
      const turn = chooseTurn(viewFor(s, 0), 0, level, 3);
      expect(turn.filter((x) => x.type === "collect")).toHaveLength(2);
      expect(turn[turn.length - 1].type).toBe("endTurn");
    });
});
