import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { checkName, graphemeCount } from "../../src/contract/player-name";
import { call } from "./client";

const playerCount = async () => (await env.DB.prepare("SELECT count(*) AS n FROM players").first<{ n: number }>())!.n;

/** Names that must be refused, and why (the message must say so). */
const REFUSED: [string, string, RegExp][] = [
  ["NUL", "Ann\u0000", /control/],
  ["BEL", "\u0007Bob", /control/],
  ["ESC / ANSI colour", "\u001b[31mRed\u001b[0m", /control/],
  ["DEL", "A\u007fB", /control/],
  ["C1 control", "A\u0085B", /control/],
  ["tab inside", "A\tB", /control/],
  ["newline inside", "Ann\nBob", /control/],
  ["line separator", "Ann\u2028Bob", /control|line/],
  ["lone high surrogate", "\ud800", /surrogate/],
  ["lone low surrogate in a name", "Bo\udc00b", /surrogate/],
  ["zero-width space only", "\u200b", /visible|invisible/],
  ["zero-width space inside", "Ad\u200bmin", /invisible|format/],
  ["Hangul filler only", "\u3164", /visible|invisible/],
  ["halfwidth Hangul filler", "\uffa0", /visible|invisible/],
  ["Hangul choseong filler", "\u115f", /visible|invisible/],
  ["braille blank only", "\u2800\u2800", /visible/],
  ["spaces only", "   ", /visible/],
  ["ideographic spaces only", "\u3000\u3000", /visible/],
  ["empty", "", /visible/],
  ["right-to-left override", "\u202eevil", /invisible|format/],
  ["bidi isolate", "a\u2066b", /invisible|format/],
  ["soft hyphen", "Ad\u00admin", /invisible|format/],
  ["byte order mark inside", "Bo\ufeffb", /invisible|format/],
  ["word joiner only", "\u2060", /visible|invisible/],
  ["combining mark only", "\u0301", /visible/],
  ["a joiner at the end", "Bob\u200d", /invisible|format/],
  ["noncharacter", "Bob\uffff", /noncharacter/],
  ["41 characters", "x".repeat(41), /at most 40/],
  ["41 emoji", "😀".repeat(41), /at most 40/],
  ["one letter with 300 combining marks", `Z${"\u0336".repeat(300)}`, /code units|characters/],
];

/** Names that must be accepted, and how they are stored. */
const ACCEPTED: [string, string, string][] = [
  ["plain", "Hjalmar", "Hjalmar"],
  ["trimmed", "  Ann  ", "Ann"],
  ["a leading byte order mark is trimmed", "\ufeffBob", "Bob"],
  ["NFD becomes NFC", "Jose\u0301", "José"],
  ["a family emoji (joiners between emoji)", "👨\u200d👩\u200d👧 fan", "👨\u200d👩\u200d👧 fan"],
  ["a heart with a variation selector", "I ❤\ufe0f trees", "I ❤\ufe0f trees"],
  [
    "the flag of Scotland (tag characters)",
    "🏴\u{e0067}\u{e0062}\u{e0073}\u{e0063}\u{e0074}\u{e007f} Ailsa",
    "🏴\u{e0067}\u{e0062}\u{e0073}\u{e0063}\u{e0074}\u{e007f} Ailsa",
  ],
  ["Persian with a non-joiner", "می\u200cخواهم", "می\u200cخواهم"],
  ["Korean", "김민준", "김민준"],
  ["40 emoji (40 characters, 80 code units)", "🌳".repeat(40), "🌳".repeat(40)],
  ["40 flags (40 characters, 160 code units)", "🇸🇪".repeat(40), "🇸🇪".repeat(40)],
  [
    "markdown and mentions are text, escaped where shown",
    "@everyone [x](https://e.vil)",
    "@everyone [x](https://e.vil)",
  ],
];

describe("player names (POST /api/players)", () => {
  it.each(REFUSED)(
    "refuses %s with 400 VALIDATION_FAILED, field name, and stores nothing",
    async (_what, name, why) => {
      const before = await playerCount();
      const r = await call("POST", "/api/players", { body: { name } });
      expect(r.status).toBe(400);
      expect(r.body.error.code).toBe("VALIDATION_FAILED");
      expect(r.body.error.field).toBe("name");
      expect(r.body.error.message).toMatch(why);
      expect(r.body.error.issues[0]).toMatchObject({ path: "name" });
      expect(r.body).not.toHaveProperty("token");
      expect(await playerCount()).toBe(before);
    },
  );

  it.each(ACCEPTED)("accepts %s, stored normalised", async (_what, name, stored) => {
    const r = await call("POST", "/api/players", { body: { name } });
    expect(r.status).toBe(201);
    expect(r.body.player.name).toBe(stored);
    const profile = await call("GET", `/api/players/${r.body.player.id}`);
    expect(profile.body.name).toBe(stored);
  });

  it("a name sent as raw JSON with an escaped lone surrogate is refused too", async () => {
    const r = await call("POST", "/api/players", { raw: '{"name":"A\\udbff"}' });
    expect(r.status).toBe(400);
    expect(r.body.error).toMatchObject({ code: "VALIDATION_FAILED", field: "name" });
  });

  it("a name that is not a string names the field as well", async () => {
    const r = await call("POST", "/api/players", { body: { name: 42 } });
    expect(r.status).toBe(400);
    expect(r.body.error).toMatchObject({ code: "VALIDATION_FAILED", field: "name" });
  });
});

describe("checkName", () => {
  it("counts characters as people see them", () => {
    expect(graphemeCount("🇸🇪🌳e\u0301")).toBe(3);
    expect(checkName("🇸🇪".repeat(40))).toEqual({ ok: true, name: "🇸🇪".repeat(40) });
    expect(checkName("🇸🇪".repeat(41)).ok).toBe(false);
  });

  it("a joiner needs visible characters on both sides", () => {
    expect(checkName("a\u200db").ok).toBe(true);
    expect(checkName("a \u200db").ok).toBe(false);
    expect(checkName("\u200dab").ok).toBe(false);
    // Tag characters only inside an emoji flag sequence.
    expect(checkName("ab\u{e0067}\u{e007f}").ok).toBe(false);
    expect(checkName("🏴\u{e0067}\u{e0062}").ok).toBe(false);
  });
});
