/** Every string in all five languages, the language choice, and the texts built from events. */
import { describe, expect, it } from "vitest";
import { actionOf, applyAction, createGame, randomGame, type GameEvent } from "../../src/engine";
import { boardCells } from "../../src/render";
import { ApiError } from "../../web/src/api";
import { errorText } from "../../web/src/errors";
import { LANG_NAMES, LANGS, browserLang, loadPartTexts, setLang, t } from "../../web/src/i18n";
import { HOME_TEXT } from "../../web/src/i18n/home";
import { DICTS, NOTIFY_DICTS } from "./dicts";
import { CHOOSABLE, hookErrorText } from "../../web/src/notify/panel";
import { boardText, durationText, eventText, relativeTime, whenText } from "../../web/src/text";
import { logLines } from "../../web/src/game/view/history";
import { stepCell } from "../../web/src/ui/board";

/** Sample arguments for a message function, by its arity. */
const SAMPLE_ARGS: unknown[][] = [[], ["Ann"], [3, 18], [2, 5, "1.5"], ["Ann", "d4", "small", "medium", 2]];

describe("dictionaries", () => {
  /** Every key of `dicts.en` in every language, none empty; nested records with the same keys. */
  function sameKeys(dicts: Record<string, object>): void {
    const check = (en: Record<string, unknown>, other: Record<string, unknown>, where: string) => {
      const keys = Object.keys(en).sort();
      expect(Object.keys(other).sort(), where).toEqual(keys);
      for (const k of keys) {
        const v = other[k];
        if (typeof v === "string") expect(v.trim(), `${where}.${k}`).not.toBe("");
        else if (Array.isArray(v)) {
          expect(v.length, `${where}.${k}`).toBe((en[k] as unknown[]).length);
          for (const x of v) expect(String(x).trim(), `${where}.${k}`).not.toBe("");
        } else if (typeof v === "function") {
          const out = (v as (...a: unknown[]) => unknown)(...(SAMPLE_ARGS[v.length] ?? SAMPLE_ARGS[4]));
          expect(typeof out, `${where}.${k}`).toBe("string");
          expect(String(out).trim(), `${where}.${k}`).not.toBe("");
          expect(String(out), `${where}.${k}`).not.toContain("undefined");
        } else if (v && typeof v === "object")
          check(en[k] as Record<string, unknown>, v as Record<string, unknown>, `${where}.${k}`);
        else throw new Error(`${where}.${k}: ${typeof v}`);
      }
    };
    for (const l of LANGS) check(dicts.en as Record<string, unknown>, dicts[l] as Record<string, unknown>, l);
  }

  it("have the same keys, all non-empty, in every language", () => {
    sameKeys(DICTS);
  });

  it("the notifications panel's too, naming every notification one can choose", () => {
    sameKeys(NOTIFY_DICTS);
    for (const l of LANGS) {
      for (const e of CHOOSABLE) expect(NOTIFY_DICTS[l].eventNames[e], `${l} ${e}`).toBeTruthy();
      if (l !== "en")
        for (const k of ["sendTest", "resend", "addTitle", "deliveriesTitle", "secretHelp"] as const)
          expect(NOTIFY_DICTS[l][k], `${l}.${k}`).not.toBe(NOTIFY_DICTS.en[k]);
    }
  });

  it("are actually translated (no English left in the other languages' main labels)", () => {
    for (const l of LANGS.filter((x) => x !== "en")) {
      for (const k of [
        "endTurn",
        "undo",
        "redo",
        "yourTurn",
        "awayTitle",
        "logTitle",
        "playerBoard",
        "availableArea",
      ] as const)
        expect(DICTS[l][k], `${l}.${k}`).not.toBe(DICTS.en[k]);
    }
  });

  it("come in two chunks per language: a page's (with what a game page loads right after its first paint), and the later parts' once asked for, in every language after", async () => {
    await setLang("de");
    expect(t.endTurn).toBe(DICTS.de.endTurn);
    await loadPartTexts();
    expect(t.logTitle).toBe(DICTS.de.logTitle);
    expect(t.awayTitle).toBe(DICTS.de.awayTitle);
    // A change of language brings the later parts' texts in that language too.
    await setLang("ja");
    expect(t.logTitle).toBe(DICTS.ja.logTitle);
    expect(t.endTurn).toBe(DICTS.ja.endTurn);
    await setLang("en");
    expect(t.logTitle).toBe(DICTS.en.logTitle);
  });

  it("call round 0 the setup, in every language (not 'round 0')", () => {
    for (const lang of LANGS) {
      const d = HOME_TEXT[lang];
      expect(d.roundShort(0), lang).not.toMatch(/\d/);
      expect(d.roundShort(3), lang).toMatch(/3/);
    }
    expect(HOME_TEXT.en.roundShort(0)).toBe("setup");
  });

  it("name themselves in the switcher", () => {
    for (const l of LANGS) expect(LANG_NAMES[l]).toBe(DICTS[l].langName);
  });

  it("follow the browser's language, defaulting to English", () => {
    expect(browserLang(["ja-JP", "en"])).toBe("ja");
    expect(browserLang(["es-ES", "de-CH", "en"])).toBe("de");
    expect(browserLang(["nl-BE"])).toBe("nl");
    expect(browserLang(["fr"])).toBe("fr");
    expect(browserLang(["zh-CN"])).toBe("en");
    expect(browserLang([])).toBe("en");
  });
});

describe("texts from the game", () => {
  const events: GameEvent[] = [
    { type: "placed", seat: 0, cell: { q: 0, r: -3 } },
    { type: "bought", seat: 1, piece: "medium", cost: 3 },
    { type: "planted", seat: 0, from: { q: 0, r: -3 }, to: { q: 0, r: -2 }, cost: 1 },
    { type: "grew", seat: 1, cell: { q: 0, r: 0 }, from: "small", to: "medium", cost: 2, returnedTo: "board" },
    { type: "collected", seat: 0, cell: { q: 0, r: 0 }, cost: 4, token: { leaves: 4, value: 22 }, returnedTo: "board" },
    { type: "collected", seat: 0, cell: { q: 0, r: 0 }, cost: 4, token: null, returnedTo: "box" },
    { type: "turnEnded", seat: 1 },
    { type: "turnEnded", seat: 1, auto: true },
    { type: "resigned", seat: 1 },
    { type: "setupEnded" },
    { type: "roundStarted", round: 2, sun: 1, firstPlayer: 1 },
    { type: "lightCollected", seat: 0, amount: 5, lost: 2, light: 20 },
    { type: "gameEnded", scores: [], winners: [0, 1] },
  ];

  it("describe every event in every language, naming players and cells", async () => {
    for (const l of LANGS) {
      await setLang(l);
      for (const e of events) {
        const text = eventText(e, ["Ann", "Bob"]);
        expect(text, `${l} ${e.type}`).toBeTruthy();
        expect(text, `${l} ${e.type}`).not.toContain("undefined");
      }
      expect(eventText(events[0], ["Ann", "Bob"])).toContain("a1");
      expect(eventText(events[0], ["Ann", "Bob"])).toContain("Ann");
      expect(eventText(events[12], ["Ann", "Bob"])).toContain("Bob");
    }
    await setLang("en");
    expect(eventText(events[3], ["Ann", "Bob"])).toBe("Bob grew a small tree into a medium tree on d4 (2 ☀)");
    expect(eventText(events[10], ["Ann", "Bob"])).toBe("Round 2 begins; the sun moves to the east");
    // The sun does not move in round 1 (the rules: it starts in the north-east), in every language.
    const first = { type: "roundStarted", round: 1, sun: 0, firstPlayer: 0 } as (typeof events)[number];
    expect(eventText(first, ["Ann", "Bob"])).toBe("Round 1 begins; the sun rises in the north-east");
    for (const l of LANGS) {
      await setLang(l);
      const one = eventText(first, ["Ann", "Bob"]);
      expect(one, l).not.toBe(
        (eventText({ ...first, round: 2 } as typeof first, ["Ann", "Bob"]) ?? "").replace("2", "1"),
      );
    }
    await setLang("en");
    await setLang("fr");
    expect(eventText(events[10], ["Ann", "Bob"])).toBe("Le tour 2 commence ; le Soleil passe à l’est");
    await setLang("de");
    expect(eventText(events[1], ["Ann", "Bob"])).toBe("Bob kauft einen mittleren Baum (3 ☀)");
    await setLang("en");
  });

  it("label board cells for screen readers in the current language", async () => {
    const c = createGame({ players: 2, seed: 1, firstPlayer: 0 });
    if (!c.ok) throw new Error();
    const r = applyAction(c.state, { type: "place", cell: { q: 0, r: -3 } });
    if (!r.ok) throw new Error();
    const cells = boardCells(r.state);
    await setLang("nl");
    expect(boardText(["Ann", "Bob"]).cell(cells[0])).toBe("a1, 1 blad, kleine boom van Ann (cirkels), krijgt 1 licht");
    await setLang("ja");
    expect(boardText(["Ann", "Bob"]).cell(cells[1])).toBe("a2, 葉 1 枚, 空き");
    await setLang("en");
    expect(boardText(["Ann", "Bob"]).board({ round: 0, rounds: 18, sun: 0, phase: "setup" })).toBe(
      t.boardLabelSetup("north-east"),
    );
  });

  it("turn a whole game's log into lines with replay positions", () => {
    const { moves, start } = randomGame({ players: 2, seed: 3 }, 3);
    let s = start;
    const entries = [];
    for (let i = 0; i < 40; i++) {
      const a = actionOf(moves[i]);
      const r = applyAction(s, a);
      if (!r.ok) throw new Error();
      s = r.state;
      entries.push({ index: i + 1, version: i + 1, seat: null, entry: a, events: r.events, at: "", auto: null });
    }
    const lines = logLines(entries, ["Ann", "Bob"]);
    expect(lines.length).toBeGreaterThan(10);
    expect(lines[0]).toMatchObject({ ply: 1, kind: "action" });
    expect(lines.some((l) => l.kind === "round")).toBe(true);
    expect(lines.at(-1)!.ply).toBe(40);
    for (let i = 1; i < lines.length; i++) expect(lines[i].ply).toBeGreaterThanOrEqual(lines[i - 1].ply);
  });

  it("mark what was played for a player whose time ran out, in every language", async () => {
    // The log is a later part: its texts come with loadPartTexts.
    await loadPartTexts();
    const c = createGame({ players: 2, seed: 1, firstPlayer: 0 });
    if (!c.ok) throw new Error();
    const placed = applyAction(c.state, { type: "place", cell: { q: 0, r: -3 } });
    if (!placed.ok) throw new Error();
    const timedOut = { type: "timedOut", seat: 1, strikes: 1, resigned: false } as unknown as GameEvent;
    const entries = [
      { seat: 0, events: placed.events, auto: null },
      // The service placed seat 1's tree when its time ran out.
      {
        seat: 1,
        events: [
          timedOut,
          { type: "placed", seat: 1, cell: { q: 1, r: -3 } } as GameEvent,
          { type: "turnStarted", seat: 0 } as GameEvent,
        ],
        auto: "timeout" as const,
      },
    ];
    for (const l of LANGS) {
      await setLang(l);
      const lines = logLines(entries, ["Ann", "Bob"]);
      expect(lines, l).toHaveLength(2);
      expect(lines[0].auto, l).toBeFalsy();
      expect(lines[1], l).toMatchObject({ ply: 2, auto: true });
      expect(lines[1].text, l).toContain(t.autoTimeout);
      expect(lines[1].text, l).toContain("Bob");
    }
    await setLang("en");
    expect(logLines(entries, ["Ann", "Bob"])[1].text).toBe(
      "Bob placed a small tree on a2 — played automatically: time ran out",
    );
  });

  it("explain the API's errors in every language", async () => {
    const err = (status: number, code: string, extra: Record<string, unknown> = {}) =>
      new ApiError(status, code, `server says ${code}`, { error: { code, message: `server says ${code}`, ...extra } });
    for (const l of LANGS) {
      await setLang(l);
      const n = NOTIFY_DICTS[l];
      expect(hookErrorText(n, err(503, "WEBHOOKS_NOT_CONFIGURED"))).toBe(n.errNotConfigured);
      expect(hookErrorText(n, err(400, "BAD_WEBHOOK_URL"))).toBe(`${n.errBadUrl} (server says BAD_WEBHOOK_URL)`);
      expect(hookErrorText(n, err(400, "BAD_WEBHOOK_KIND"))).toContain(n.errBadKind);
      expect(hookErrorText(n, err(409, "TOO_MANY_WEBHOOKS"))).toBe(n.errTooMany);
      // The panel says the page's errors as the page does.
      expect(hookErrorText(n, err(429, "RATE_LIMITED"))).toBe(t.errRateLimited);
      expect(errorText(err(409, "VACATION_EXHAUSTED", { hoursLeft: 30 }))).toBe(t.errVacationExhausted(30));
      expect(errorText(err(409, "VACATION_EXHAUSTED", { hoursLeft: 30 }))).toContain("30");
      expect(errorText(err(409, "NOT_AWAY"))).toBe(t.errNotAway);
      expect(errorText(err(429, "RATE_LIMITED"))).toBe(t.errRateLimited);
      expect(errorText(new ApiError(0, "NETWORK", "offline", null))).toBe(t.networkError);
    }
    await setLang("en");
    expect(errorText(err(409, "VACATION_EXHAUSTED", { hoursLeft: 0 }))).toBe("You have no vacation left in this game.");
    expect(errorText(err(409, "VACATION_EXHAUSTED", { hoursLeft: 30 }))).toBe(
      "Not that long: you have 30 hours of vacation left in this game.",
    );
    // Codes without a text of their own keep the server's words.
    expect(errorText(err(409, "SOMETHING_ELSE"))).toBe("server says SOMETHING_ELSE");
  });

  it("write durations and moments", async () => {
    expect(durationText(3600)).toBe("1 hour");
    expect(durationText(36 * 3600)).toBe("36 hours");
    expect(durationText(14 * 86400)).toBe("14 days");
    const now = Date.parse("2026-11-21T10:00:00Z");
    expect(whenText("2026-11-23T14:30:00Z", "en", now)).toMatch(/^Mon,? \d\d:30/);
    expect(whenText("2026-12-24T14:30:00Z", "de", now)).toMatch(/24\. Dez\.?,? \d\d:30/);
    await setLang("de");
    expect(durationText(2 * 86400)).toBe("2 Tage");
    await setLang("en");
  });

  it("write relative deadlines", () => {
    const now = Date.parse("2026-11-21T10:00:00Z");
    expect(relativeTime("2026-11-21T13:00:00Z", "en", now)).toBe("in 3 hours");
    expect(relativeTime("2026-11-24T10:00:00Z", "de", now)).toBe("in 3 Tagen");
    expect(relativeTime("2026-11-21T10:59:50Z", "en", now)).toBe("in 1 hour");
    expect(relativeTime("2026-11-21T10:30:00Z", "fr", now)).toBe("dans 30 minutes");
  });
});

describe("keyboard on the board", () => {
  it("moves between neighbouring cells and stays on the board", () => {
    expect(stepCell("d4", "ArrowRight")).toBe("d5");
    expect(stepCell("d4", "ArrowLeft")).toBe("d3");
    expect(stepCell("d4", "ArrowUp")).toBe("c3");
    expect(stepCell("c3", "ArrowDown")).toBe("d4");
    expect(stepCell("a1", "ArrowUp")).toBe("a1");
    expect(stepCell("a1", "ArrowLeft")).toBe("a1");
    expect(stepCell("d1", "ArrowUp")).toBe("c1");
    expect(stepCell("g4", "ArrowDown")).toBe("g4");
    // Every cell can reach every other one.
    const seen = new Set(["d4"]);
    const todo = ["d4"];
    while (todo.length) {
      const c = todo.pop()!;
      for (const k of ["ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight"]) {
        const n = stepCell(c, k);
        if (!seen.has(n)) {
          seen.add(n);
          todo.push(n);
        }
      }
    }
    expect(seen.size).toBe(37);
  });
});
