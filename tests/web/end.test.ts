/**
 * The end of a game's controller (web/src/end/ctrl.ts) driven in Node with a fake server, and its
 * texts (web/src/end/i18n.ts) in the five languages.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { ApiError } from "../../web/src/api";
import { EndCtrl, type EndDeps, RATING_RETRIES_MS, type RatingPoint, ratingChange } from "../../web/src/end/ctrl";
import { END_TEXT } from "../../web/src/end/i18n";
import { LANGS, setLang } from "../../web/src/i18n";

beforeAll(async () => {
  await setLang("en");
});

/** A fake server and browser: what was asked, where the page went, the timers waiting. */
function fakes(over: Partial<EndDeps> = {}) {
  const asked: string[] = [];
  const went: string[] = [];
  const timers: { f: () => void; ms: number; cancelled: boolean }[] = [];
  const deps: EndDeps = {
    rematch: async (id) => {
      asked.push(`rematch ${id}`);
      return { rematch: { id: "new000000000" } };
    },
    ratings: async (id) => {
      asked.push(`ratings ${id}`);
      return { ratings: [], ratingHistory: [] };
    },
    go: (path) => went.push(path),
    later: (f, ms) => {
      const t = { f, ms, cancelled: false };
      timers.push(t);
      return () => {
        t.cancelled = true;
      };
    },
    ...over,
  };
  return { deps, asked, went, timers };
}

const tick = () => new Promise((r) => setTimeout(r, 0));
const point = (game: string, rating: number, ladder = "base"): RatingPoint => ({ game, rating, ladder });

describe("Play again", () => {
  it("asks the server once, then opens the new game's page", async () => {
    const f = fakes();
    const c = new EndCtrl("old000000000", f.deps);
    let redraws = 0;
    c.redraw = () => redraws++;
    const first = c.playAgain();
    expect(c.busy).toBe(true);
    // A second tap while the first is on its way asks nothing more.
    await c.playAgain();
    await first;
    expect(f.asked).toEqual(["rematch old000000000"]);
    expect(f.went).toEqual(["/g/new000000000"]);
    expect(c.error).toBeNull();
    expect(redraws).toBeGreaterThan(0);
  });

  it("says why when the server refuses, stays on the page, and may be asked again", async () => {
    let refuse = true;
    const f = fakes({
      rematch: async () => {
        if (refuse) throw new ApiError(429, "RATE_LIMITED", "Too many requests", null);
        return { rematch: { id: "new000000000" } };
      },
    });
    const c = new EndCtrl("old000000000", f.deps);
    await c.playAgain();
    expect(f.went).toEqual([]);
    expect(c.busy).toBe(false);
    expect(c.error).toMatch(/\S/);
    refuse = false;
    await c.playAgain();
    expect(c.error).toBeNull();
    expect(f.went).toEqual(["/g/new000000000"]);
  });
});

describe("a rated game's rating change", () => {
  it("is counted from the rating after the same ladder's game before, or from 1000 for a first game", () => {
    const history = [point("a", 1010), point("m", 990, "moonlight"), point("b", 1004), point("c", 1021)];
    const ratings = [
      { ladder: "base", games: 3 },
      { ladder: "moonlight", games: 1 },
    ];
    expect(ratingChange({ ratings, ratingHistory: history }, "c")).toEqual({ after: 1021, change: 17 });
    expect(ratingChange({ ratings, ratingHistory: history }, "b")).toEqual({ after: 1004, change: -6 });
    expect(ratingChange({ ratings, ratingHistory: history }, "a")).toEqual({ after: 1010, change: 10 });
    expect(ratingChange({ ratings, ratingHistory: history }, "m")).toEqual({ after: 990, change: -10 });
    expect(ratingChange({ ratings, ratingHistory: history }, "x")).toBeNull();
    // The page lists only the last games: before the first one listed, the change is not known.
    expect(ratingChange({ ratings: [{ ladder: "base", games: 250 }], ratingHistory: history }, "a")).toEqual({
      after: 1010,
      change: null,
    });
  });

  it("asks again while the game's rating has not reached the player page, and stops once found", async () => {
    const pages = [
      { ratings: [], ratingHistory: [] },
      { ratings: [{ ladder: "base", games: 1 }], ratingHistory: [point("g", 1012)] },
    ];
    let n = 0;
    const f = fakes({ ratings: async () => pages[Math.min(n++, pages.length - 1)] });
    const c = new EndCtrl("g", f.deps);
    c.followRating("ann");
    await tick();
    expect(c.rating).toBeNull();
    expect(f.timers.map((t) => t.ms)).toEqual([RATING_RETRIES_MS[0]]);
    f.timers[0].f();
    await tick();
    expect(c.rating).toEqual({ after: 1012, change: 12 });
    expect(f.timers).toHaveLength(1);
  });

  it("gives up after its retries, and asks nothing once stopped", async () => {
    const f = fakes({ ratings: async () => Promise.reject(new Error("offline")) });
    const c = new EndCtrl("g", f.deps);
    c.followRating("ann");
    for (let i = 0; i < 6; i++) {
      await tick();
      f.timers[i]?.f();
    }
    expect(f.timers.map((t) => t.ms)).toEqual(RATING_RETRIES_MS);
    expect(c.rating).toBeNull();

    const g = fakes();
    const d = new EndCtrl("g", g.deps);
    const stop = d.followRating("ann");
    await tick();
    expect(g.timers).toHaveLength(1);
    stop();
    expect(g.timers[0].cancelled).toBe(true);
  });
});

describe("the end's texts", () => {
  it("every language has every text, its own", () => {
    const en = END_TEXT.en;
    for (const l of LANGS) {
      const s = END_TEXT[l];
      expect(Object.keys(s).sort(), l).toEqual(Object.keys(en).sort());
      for (const k of ["title", "playAgain", "joinRematch", "rematchWaiting", "newGame", "yourGames"] as const) {
        expect(s[k].length, `${l} ${k}`).toBeGreaterThan(1);
        if (l !== "en") expect(s[k], `${l} ${k}`).not.toBe(en[k]);
      }
      expect(s.rating(1012, 12)).toMatch(/1012.*\+12/);
      expect(s.rating(1012, null)).toContain("1012");
      expect(s.rating(1012, null)).not.toMatch(/[(（]/);
    }
  });

  it("writes the change signed, as each language writes numbers", () => {
    expect(END_TEXT.en.rating(1021, 17)).toBe("Your rating: 1021 (+17)");
    expect(END_TEXT.en.rating(994, -6)).toBe("Your rating: 994 (-6)");
    expect(END_TEXT.en.rating(1000, 0)).toBe("Your rating: 1000 (0)");
    expect(END_TEXT.fr.rating(1021, 17)).toBe("Votre classement : 1021 (+17)");
    expect(END_TEXT.ja.rating(994, -6)).toBe("あなたのレーティング：994（-6）");
  });
});
