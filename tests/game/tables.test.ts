/** Open tables as pure lobby commands (src/game/lobby.ts): listing, closing, expiry, joining without the invite. */
import { describe, expect, it } from "vitest";
import { clockStep, nextDue } from "../../src/game/deadlines";
import { expireTable, join, newGame, setTable, TABLE_TTL_MS, start } from "../../src/game/lobby";
import { listedAt, snapshotOf, type GameRecord } from "../../src/game/model";
import { isRefusal, type Decision } from "../../src/game/transition";

const T0 = Date.UTC(2026, 10, 1);
const seat = (id: string) => ({ id, name: id.toUpperCase(), tokenHash: `hash-${id}` });
const settings = {
  seats: 3,
  longGame: false,
  heavyShade: false,
  moonlight: null,
  moveTimeSeconds: null,
  firstPlayer: null,
  maxTimeouts: 3,
  vacationDays: 14,
  rated: false,
};

function table(open = true): GameRecord {
  return newGame(
    { id: "g1", creator: seat("ann"), settings, seed: 7, inviteCode: "secret-code", origin: "", open },
    T0,
  );
}

function next(d: Decision): GameRecord {
  if (isRefusal(d)) throw new Error(`refused: ${d.error.code}`);
  return d.next;
}

const code = (d: Decision) => (isRefusal(d) ? d.error.code : "OK");

describe("open tables in the lobby", () => {
  it("a listed game is on the list until TABLE_TTL_MS after listing, and D1's snapshot says since when", () => {
    const g = table();
    expect(g.table).toEqual({ listedAt: T0, expiresAt: T0 + TABLE_TTL_MS, closed: null });
    expect(listedAt(g)).toBe(T0);
    expect(snapshotOf(g).game.listedAt).toBe(T0);
    expect(nextDue(g)).toBe(T0 + TABLE_TTL_MS);
    const unlisted = table(false);
    expect(unlisted.table).toBeUndefined();
    expect(snapshotOf(unlisted).game.listedAt).toBeNull();
    expect(nextDue(unlisted)).toBeNull();
  });

  it("expiry: nothing before the time; then the table closes as expired, once, and nothing more is due", () => {
    const g = table();
    expect(expireTable(g, T0 + TABLE_TTL_MS - 1)).toBeNull();
    const step = clockStep(g, T0 + TABLE_TTL_MS)!;
    expect(step.next.table?.closed).toBe("expired");
    expect(step.next.seats).toEqual(g.seats);
    expect(step.next.status).toBe("waiting");
    expect(listedAt(step.next)).toBeNull();
    expect(clockStep(step.next, T0 + 2 * TABLE_TTL_MS)).toBeNull();
    expect(nextDue(step.next)).toBeNull();
  });

  it("joining without the invite: refused when expired (even before the alarm ran), closed, started or never listed", () => {
    const g = table();
    expect(code(join(g, seat("bob"), null, "", T0 + TABLE_TTL_MS))).toBe("TABLE_EXPIRED");
    expect(code(join(g, seat("ann"), null, "", T0))).toBe("ALREADY_JOINED");
    expect(code(join(table(false), seat("bob"), null, "", T0))).toBe("TABLE_CLOSED");
    const closed = next(setTable(g, 0, false, "", T0 + 1));
    expect(closed.table?.closed).toBe("closed");
    expect(code(join(closed, seat("bob"), null, "", T0 + 2))).toBe("TABLE_CLOSED");
    // The invite still works for a closed table.
    expect(code(join(closed, seat("bob"), "secret-code", "", T0 + 2))).toBe("OK");

    const two = next(join(g, seat("bob"), null, "", T0 + 1));
    const shortHanded = next(start(two, 0, "", T0 + 2));
    expect(code(join(shortHanded, seat("cat"), null, "", T0 + 3))).toBe("TABLE_CLOSED");
    const full = next(join(two, seat("cat"), null, "", T0 + 2));
    expect(full.status).toBe("active");
    expect(listedAt(full)).toBeNull();
    expect(code(join(full, seat("dan"), null, "", T0 + 3))).toBe("TABLE_FULL");
  });

  it("listing and closing: the creator only, while waiting; asking for what already is changes nothing", () => {
    const g = table();
    expect(code(setTable(next(join(g, seat("bob"), null, "", T0)), 1, false, "", T0))).toBe("NOT_CREATOR");
    expect(next(setTable(g, 0, true, "", T0 + 5))).toBe(g);
    const closed = next(setTable(g, 0, false, "", T0 + 5));
    expect(next(setTable(closed, 0, false, "", T0 + 6))).toBe(closed);
    const again = next(setTable(closed, 0, true, "", T0 + 6));
    expect(again.table).toEqual({ listedAt: T0 + 6, expiresAt: T0 + 6 + TABLE_TTL_MS, closed: null });
    const expired = clockStep(g, T0 + TABLE_TTL_MS)!.next;
    expect(next(setTable(expired, 0, true, "", T0 + TABLE_TTL_MS + 1)).table?.closed).toBeNull();
  });
});
