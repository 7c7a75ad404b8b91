/** The host of a waiting game as pure lobby commands (src/game/lobby.ts: heirOf, leave). */
import { describe, expect, it } from "vitest";
import { heirOf, join, leave, MAX_OPEN_TABLES, newGame, start } from "../../src/game/lobby";
import { snapshotOf, type GameRecord } from "../../src/game/model";
import { isRefusal, type Decision } from "../../src/game/transition";

const T0 = Date.UTC(2026, 10, 1);
const seat = (id: string) => ({ id, name: id.toUpperCase(), tokenHash: `hash-${id}` });
const settings = {
  seats: 4,
  longGame: false,
  heavyShade: false,
  moonlight: null,
  moveTimeSeconds: null,
  firstPlayer: null,
  maxTimeouts: 3,
  vacationDays: 14,
  rated: false,
};

function next(d: Decision): GameRecord {
  if (isRefusal(d)) throw new Error(`refused: ${d.error.code}`);
  return d.next;
}

const code = (d: Decision) => (isRefusal(d) ? d.error.code : "OK");

/** Ann's listed game with Bob (joined at T0+1) and Cat (joined at T0+2). */
function lobby(): GameRecord {
  const g = newGame(
    { id: "g1", creator: seat("ann"), settings, seed: 7, inviteCode: "code", origin: "", open: true },
    T0,
  );
  return next(join(next(join(g, seat("bob"), "code", "", T0 + 1)), seat("cat"), "code", "", T0 + 2));
}

describe("the host of a waiting game", () => {
  it("the heir is the human who sat down earliest, whatever their seat number; bots never host", () => {
    const g = lobby();
    expect(heirOf(g, 0)).toBe("bob");
    // Were Cat seated earlier (an older record's order), Cat would be the heir.
    const catFirst = { ...g, seats: g.seats.map((s) => (s.playerId === "cat" ? { ...s, joinedAt: T0 } : s)) };
    expect(heirOf(catFirst, 0)).toBe("cat");
    const withBot = { ...g, seats: [g.seats[0], { ...g.seats[1], bot: "easy" as const }, g.seats[2]] };
    expect(heirOf(withBot, 0)).toBe("cat");
    expect(heirOf({ ...g, seats: [g.seats[0]] }, 0)).toBeNull();
  });

  it("the table stays listed only when the heir's count is known and under the cap", () => {
    const g = lobby();
    const leftBy = (t: { playerId: string; listed: number } | null) => next(leave(g, 0, "", t));
    const kept = leftBy({ playerId: "bob", listed: MAX_OPEN_TABLES - 1 });
    expect([kept.createdBy, kept.table?.closed]).toEqual(["bob", null]);
    expect(snapshotOf(kept).game).toMatchObject({ createdBy: "bob", listedAt: T0 });
    for (const t of [{ playerId: "bob", listed: MAX_OPEN_TABLES }, { playerId: "cat", listed: 0 }, null]) {
      const closed = leftBy(t);
      expect([closed.createdBy, closed.table?.closed]).toEqual(["bob", "closed"]);
      expect(snapshotOf(closed).game.listedAt).toBeNull();
    }
  });

  it("another player leaving keeps the host; the new host starts, the old one is gone", () => {
    const g = lobby();
    expect(next(leave(g, 2, "", null))).toMatchObject({ createdBy: "ann", table: { closed: null } });
    const h = next(leave(g, 0, "", null));
    expect(code(start(h, 1, "", T0 + 3))).toBe("NOT_CREATOR");
    expect(next(start(h, 0, "", T0 + 3)).status).toBe("active");
  });
});
