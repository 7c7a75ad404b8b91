/** docs/engine.md stays true to the code: its positions, label diagram, error codes and events. */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  CELLS,
  LABELS,
  createGame,
  lightReport,
  toNotation,
  type GameEvent,
  type RuleErrorCode,
} from "../../src/engine";
import { endRound, eventsOf, pos } from "./support";

const doc = readFileSync(new URL("../../docs/engine.md", import.meta.url), "utf8");
const blocks = [...doc.matchAll(/```[a-z]*\n([\s\S]*?)```/g)].map((m) => m[1].trimEnd());

describe("docs/engine.md", () => {
  it("its positions parse and write back identically", () => {
    const positions = blocks.filter((b) => b.startsWith("PS1 "));
    expect(positions.length).toBeGreaterThanOrEqual(2);
    for (const text of positions) expect(toNotation(pos(text))).toBe(text);
  });

  it("the fresh-game example is what createGame makes", () => {
    const r = createGame({ players: 2, seed: 0, firstPlayer: 0 });
    if (!r.ok) throw new Error(r.error.message);
    expect(blocks).toContain(toNotation(r.state));
  });

  it("the worked example gives A 7 and B 1 light points, as the text says", () => {
    const text = blocks.find((b) => b.startsWith("PS1 2:00000000:a R1"))!;
    expect(lightReport(pos(text), 1).perSeat).toEqual([7, 1]);
    const { events } = endRound(pos(text));
    expect(eventsOf(events, "lightCollected").map((e) => e.amount)).toEqual([7, 1]);
  });

  it("the label diagram is the board's layout", () => {
    const diagram = blocks.find((b) => b.trimStart().startsWith("a1"))!;
    const rows = diagram.split("\n").map((line) => line.replace(/←.*/, "").trim().split(/\s+/));
    expect(rows.flat()).toEqual([...LABELS]);
    // each row is indented by half a cell per step away from the middle row (pointy-top hexagon)
    const indents = diagram.split("\n").map((line) => line.length - line.trimStart().length);
    rows.forEach((_, i) => expect(indents[i] - indents[3]).toBe(2 * Math.abs(i - 3)));
    expect(CELLS[LABELS.indexOf("d4")]).toEqual({ q: 0, r: 0 });
  });

  it("documents every error code and every event type", () => {
    const codes: Record<RuleErrorCode, true> = {
      MALFORMED_ACTION: true,
      GAME_OVER: true,
      NOT_YOUR_TURN: true,
      WRONG_PHASE: true,
      NOT_ON_BOARD: true,
      NOT_AN_EDGE_CELL: true,
      CELL_OCCUPIED: true,
      CELL_EMPTY: true,
      NOT_YOUR_PIECE: true,
      WRONG_SIZE: true,
      OUT_OF_RANGE: true,
      CELL_ALREADY_USED: true,
      NOT_ENOUGH_LIGHT: true,
      NOT_AVAILABLE: true,
      COLUMN_EMPTY: true,
      IN_SHADOW: true,
      ALREADY_RESIGNED: true,
      BAD_OPTIONS: true,
      BAD_NOTATION: true,
    };
    for (const code of Object.keys(codes)) expect(doc).toContain(`| \`${code}\` |`);
    const events: Record<GameEvent["type"], true> = {
      placed: true,
      bought: true,
      planted: true,
      grew: true,
      collected: true,
      turnEnded: true,
      resigned: true,
      setupEnded: true,
      roundStarted: true,
      lightCollected: true,
      turnStarted: true,
      gameEnded: true,
      // Under the Moonlight (tests/engine/moonlight/docs.test.ts checks its error codes and actions)
      animalChosen: true,
      animalsRevealed: true,
      babiesLaid: true,
      animalPlaced: true,
      greatTreePlaced: true,
      moonstonePlaced: true,
      moonMoved: true,
      moonCollected: true,
      animalMoved: true,
      abilityUsed: true,
      seedPlaced: true,
      seedEaten: true,
      seedMoved: true,
      lightGained: true,
      lightStolen: true,
      damBuilt: true,
      babyHatched: true,
      babyUsed: true,
    };
    for (const type of Object.keys(events)) expect(doc).toContain(`| \`${type}\` |`);
  });
});
