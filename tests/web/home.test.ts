/** The start page's order of games, the count of games waiting for you, the poll's pace, and the page's texts. */
import { describe, expect, it } from "vitest";
import { LANGS } from "../../web/src/i18n";
import { HOME_TEXT } from "../../web/src/i18n/home";
import { DEVICE_TEXT } from "../../web/src/devices/i18n";
import { SOCIAL_TEXT } from "../../web/src/social/i18n";
import { groupGames, othersOf, waitingOn } from "../../web/src/home/model";
import { faviconHref } from "../../web/src/inbox";
import { nextPollMs, POLL_MS, waitingCount, withLines } from "../../web/src/turns";
import type { GameSummary } from "../../web/src/types";

const ME = "me0000000000";
const players = [
  { seat: 0, id: ME, name: "Ann" },
  { seat: 1, id: "bob000000000", name: "Bob" },
  { seat: 2, id: "cy0000000000", name: "Cy" },
];

function game(id: string, over: Partial<GameSummary>): GameSummary {
  return {
    id,
    status: "active",
    seats: 3,
    seat: 0,
    options: {},
    players,
    round: 1,
    toAct: 0,
    yourTurn: true,
    deadline: null,
    createdAt: "2026-11-01T00:00:00.000Z",
    startedAt: "2026-11-01T01:00:00.000Z",
    endedAt: null,
    url: `http://x/g/${id}`,
    ...over,
  };
}

describe("the start page's lists", () => {
  const mineLate = game("mine-late", { deadline: "2026-11-23T12:00:00.000Z" });
  const mineSoon = game("mine-soon", { deadline: "2026-11-22T12:00:00.000Z" });
  const mineOpen = game("mine-open", { deadline: null, startedAt: "2026-10-01T00:00:00.000Z" });
  const mineOpenNewer = game("mine-open2", { deadline: null, startedAt: "2026-10-05T00:00:00.000Z" });
  const bobs = game("bobs", { yourTurn: false, toAct: 1, deadline: "2026-11-24T00:00:00.000Z" });
  const cys = game("cys", { yourTurn: false, toAct: 2, deadline: "2026-11-22T00:00:00.000Z" });
  const lobbyOld = game("lobby-old", { status: "waiting", toAct: null, yourTurn: false, startedAt: null });
  const lobbyNew = game("lobby-new", {
    status: "waiting",
    toAct: null,
    yourTurn: false,
    startedAt: null,
    createdAt: "2026-11-20T00:00:00.000Z",
  });
  const doneOld = game("done-old", { status: "finished", yourTurn: false, endedAt: "2026-11-02T00:00:00.000Z" });
  const doneNew = game("done-new", { status: "finished", yourTurn: false, endedAt: "2026-11-10T00:00:00.000Z" });

  it("puts your turn first (nearest deadline first, then the longest waiting), then others, gathering, finished", () => {
    const g = groupGames([
      [lobbyOld, doneOld, lobbyNew],
      [doneNew, bobs, mineOpenNewer, mineLate, cys, mineOpen, mineSoon],
    ]);
    expect(g.yourTurn.map((x) => x.id)).toEqual(["mine-soon", "mine-late", "mine-open", "mine-open2"]);
    expect(g.others.map((x) => x.id)).toEqual(["cys", "bobs"]);
    expect(g.gathering.map((x) => x.id)).toEqual(["lobby-new", "lobby-old"]);
    expect(g.finished.map((x) => x.id)).toEqual(["done-new", "done-old"]);
  });

  it("counts a game listed twice once, as its later copy says (a game that started since)", () => {
    const started = { ...lobbyNew, status: "active" as const, toAct: 0, yourTurn: true };
    const g = groupGames([[lobbyNew], [started]]);
    expect(g.gathering).toEqual([]);
    expect(g.yourTurn.map((x) => x.id)).toEqual(["lobby-new"]);
  });

  it("says who waits and on whom", () => {
    expect(othersOf(mineSoon, ME)).toEqual(["Bob", "Cy"]);
    expect(waitingOn(cys)).toBe("Cy");
    expect(waitingOn(bobs)).toBe("Bob");
    expect(waitingOn(mineSoon)).toBeNull();
    expect(waitingOn(doneNew)).toBeNull();
  });
});

describe("the count of games waiting for you", () => {
  const a = game("a", { yourTurn: true });
  const b = game("b", { yourTurn: false, toAct: 1 });
  it("counts your turns, corrected by what the game page saw since the poll", () => {
    expect(waitingCount([a, b], new Map())).toBe(1);
    // You played in a: it waits on others now.
    expect(waitingCount([a, b], new Map([["a", false]]))).toBe(0);
    // Your turn came in b, and in a game the poll did not know yet.
    expect(waitingCount([a, b], new Map([["b", true]]))).toBe(2);
    expect(waitingCount([a, b], new Map([["new", true]]))).toBe(2);
    expect(waitingCount([], new Map([["new", false]]))).toBe(0);
  });

  it("follows your inbox's lines: whose turn and the deadline; who waits unknown where it was you; the list read again when it lacks a game or has one gone", () => {
    const line = (id: string, yourTurn: boolean, deadline: string | null = null) => ({
      id,
      yourTurn,
      deadline,
      version: 9,
    });
    // b turns to you (its deadline with it); a stops being yours: who waits there is not known yet
    // (three seats; of two, the other).
    const two = game("two", { seats: 2, players: players.slice(0, 2) });
    expect(withLines([two], [line("two", false)], false).games[0].toAct).toBe(1);
    const r = withLines([a, b], [line("b", true, "2026-11-30T00:00:00.000Z"), line("a", false)], false);
    expect(r).toMatchObject({ stale: false, changed: true });
    expect(r.games.map((g) => [g.id, g.yourTurn, g.toAct, g.deadline])).toEqual([
      ["a", false, null, null],
      ["b", true, 0, "2026-11-30T00:00:00.000Z"],
    ]);
    expect(waitingOn(r.games[0])).toBeNull();
    // The same lines again change nothing; the greeting (all) naming a game the list lacks, or
    // leaving one out, makes it stale.
    const same = withLines(r.games, [line("a", false), line("b", true, "2026-11-30T00:00:00.000Z")], true);
    expect(same).toMatchObject({ stale: false, changed: false });
    expect(same.games).toEqual(r.games);
    expect(withLines([a, b], [line("a", true), line("b", false), line("c", true)], true).stale).toBe(true);
    expect(withLines([a, b], [line("a", true)], true).stale).toBe(true);
    expect(withLines([a, b], [line("a", true)], false).stale).toBe(false);
  });

  it("puts the count on the favicon, and none when nothing waits", () => {
    expect(faviconHref(0)).toBe("/favicon.svg");
    expect(decodeURIComponent(faviconHref(2))).toMatch(/^data:image\/svg\+xml,<svg .*>2<\/text><\/svg>$/);
    expect(decodeURIComponent(faviconHref(12))).toContain(">9+</text>");
  });

  it("polls every minute while seen, every five while hidden, backing off on failures up to ten", () => {
    expect(nextPollMs(true, 0)).toBe(POLL_MS.visible);
    expect(nextPollMs(false, 0)).toBe(POLL_MS.hidden);
    expect(nextPollMs(true, 1)).toBe(2 * POLL_MS.visible);
    expect(nextPollMs(true, 3)).toBe(8 * POLL_MS.visible);
    expect(nextPollMs(true, 50)).toBe(POLL_MS.max);
    expect(nextPollMs(false, 1)).toBe(POLL_MS.max);
    expect(POLL_MS.visible).toBeLessThan(POLL_MS.hidden);
    expect(POLL_MS.live).toBeGreaterThan(POLL_MS.visible);
  });
});

describe("the start page's texts", () => {
  it("exist in every language, none empty, none left in English", () => {
    const keys = Object.keys(HOME_TEXT.en).sort();
    for (const l of LANGS) {
      const d = HOME_TEXT[l] as Record<string, unknown>;
      expect(Object.keys(d).sort(), l).toEqual(keys);
      for (const k of keys) {
        const v = d[k];
        const out = typeof v === "function" ? (v as (...a: unknown[]) => string)("Bob", 1, "2") : String(v);
        expect(out.trim(), `${l}.${k}`).not.toBe("");
        expect(out, `${l}.${k}`).not.toContain("undefined");
        if (l !== "en") {
          const en = HOME_TEXT.en[k as keyof typeof HOME_TEXT.en];
          const enOut = typeof en === "function" ? (en as (...a: unknown[]) => string)("Bob", 1, "2") : String(en);
          expect(out, `${l}.${k}`).not.toBe(enOut);
        }
      }
    }
    // The four words the start page shows from the player pages' and the devices' texts, copied so
    // that it need not load those dictionaries: the same words.
    for (const l of LANGS) {
      expect(HOME_TEXT[l].yourPage, l).toBe(SOCIAL_TEXT[l].yourPage);
      expect(HOME_TEXT[l].leaderboardTitle, l).toBe(SOCIAL_TEXT[l].leaderboardTitle);
      expect(HOME_TEXT[l].ratedGame, l).toBe(SOCIAL_TEXT[l].ratedGame);
      expect(HOME_TEXT[l].signInLink, l).toBe(DEVICE_TEXT[l].signInLink);
    }
    expect(HOME_TEXT.en.waitFor("Bob", 1)).toBe("Bob is waiting for you");
    expect(HOME_TEXT.en.waitFor("Bob and Cy", 2)).toBe("Bob and Cy are waiting for you");
  });
});
