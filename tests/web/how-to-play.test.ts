/** "How to play": its texts in all five languages, and its pictures saying what the rules engine says. */
import { describe, expect, it } from "vitest";
import {
  LABELS,
  cellIndex,
  fromNotation,
  legalActions,
  lightReport,
  moonReport,
  type GameState,
  type Hex,
} from "../../src/engine";
import { boardCells } from "../../src/render";
import { LANGS } from "../../web/src/i18n";
import { DICTS } from "./dicts";
import { HOW_TO_PLAY } from "../../web/src/i18n/how-to-play";
import { MOONLIT, PLANTING, PLANT_HIGHLIGHTS, SHADOWS } from "../../web/src/how-to-play/page";

const labelOf = (c: Hex) => LABELS[cellIndex(c.q, c.r)];

/** Every string of a dictionary, with its path ("sun.body.1"); functions are called with sample arguments. */
function strings(v: unknown, path = ""): [string, string][] {
  if (typeof v === "string") return [[path, v]];
  if (typeof v === "function") {
    const out = (v as (...a: unknown[]) => unknown)(...["Xa", "Yb", v.length === 3 ? 2 : "Zc"].slice(0, v.length));
    expect(typeof out, path).toBe("string");
    expect(out, path).not.toContain("undefined");
    return [[path, out as string]];
  }
  if (v && typeof v === "object") return Object.entries(v).flatMap(([k, x]) => strings(x, path ? `${path}.${k}` : k));
  throw new Error(`${path}: ${typeof v}`);
}

describe("How to play's texts", () => {
  const en = new Map(strings(HOW_TO_PLAY.en));

  it("have every text of the English page in every language, none empty, the others translated", () => {
    expect(en.size).toBeGreaterThan(25);
    for (const l of LANGS) {
      const own = new Map(strings(HOW_TO_PLAY[l]));
      expect([...own.keys()], l).toEqual([...en.keys()]);
      for (const [path, text] of own) expect(text.trim(), `${l} ${path}`).not.toBe("");
      if (l === "en") continue;
      // Every paragraph and title is in the language (names like "Orange" may be spelled alike).
      for (const [path, text] of own)
        if (!path.startsWith("names.")) expect(text, `${l} ${path}`).not.toBe(en.get(path));
    }
  });

  it("name the same cells as the pictures in every language, and the link to the page is worded in each", () => {
    for (const l of LANGS) {
      for (const cell of ["d7", "d6", "d5", "d4", "e5"]) expect(HOW_TO_PLAY[l].shadowPicture, l).toContain(cell);
      for (const cell of ["d2", "g1", "f4"]) expect(HOW_TO_PLAY[l].moonPicture, l).toContain(cell);
      expect(DICTS[l].howToPlay, l).toBe(HOW_TO_PLAY[l].title);
    }
  });
});

describe("How to play's pictures", () => {
  it("show the worked example of docs/rules.md §9 as its caption tells it", () => {
    const report = lightReport(SHADOWS);
    const lightAt = (label: string) => report.pieces.find((p) => labelOf(p.cell) === label)?.light ?? Number.NaN;
    const shaded = new Set(report.shadows.map((s) => labelOf(s.cell)));
    for (const cell of ["d6", "d5", "d4"]) expect(shaded.has(cell), cell).toBe(true);
    expect(lightAt("d4")).toBe(0);
    expect(lightAt("e5")).toBe(2);
    // §9: A gains 7, B gains 1.
    const gained = (seat: number) =>
      report.pieces
        .filter((p) => (SHADOWS.cells[cellIndex(p.cell.q, p.cell.r)] - 1) >> 2 === seat)
        .reduce((n, p) => n + p.light, 0);
    expect([gained(0), gained(1)]).toEqual([7, 1]);
  });

  it("mark exactly the cells where the centre's medium tree may plant a seed", () => {
    // The picture's owner to act, with a seed available and light to pay.
    const s: GameState = {
      ...PLANTING,
      current: 0,
      players: PLANTING.players.map((p, i) => (i === 0 ? { ...p, light: 10, available: [1, 0, 0, 0] } : p)),
    };
    const fromCentre = legalActions(s)
      .filter((a) => a.type === "plant" && a.from.q === 0 && a.from.r === 0)
      .map((a) => (a.type === "plant" ? labelOf(a.to) : ""))
      .sort();
    const marked = Object.entries(PLANT_HIGHLIGHTS)
      .filter(([, h]) => h === "target")
      .map(([label]) => label)
      .sort();
    expect(marked.length).toBeGreaterThan(8);
    expect(marked).toEqual(fromCentre);
    expect(PLANT_HIGHLIGHTS[LABELS[cellIndex(0, 0)]]).toBe("selected");
  });

  it("show Under the Moonlight as its caption tells it", () => {
    // The position of tests/render/moonlight.test.ts (ROUND5), written out.
    const round5 = fromNotation(
      "PS2 2MGS:00000000:a R5 a a 0 a1.../...../....b1./a2....../b0...../...../...a1 5:4422:2210:-/3:4432:1310:- 9.7.5.0 - 80 00000000 " +
        "-;7f;turtle:g1:6:-:light:-/beaver:d2:3:-:-:-;d4;c3.b2.f4;d1.d2.e1;a4=?.d7=?.g4=?.d1=?.a1=?;?+?;--:-",
    );
    expect(round5.ok && round5.state).toEqual(MOONLIT);
    const report = moonReport(MOONLIT);
    expect(report.full).toBe(true);
    // Below the board: the moon touches two cells of the bottom row (g).
    expect(report.touches.map(labelOf).every((l) => l.startsWith("g"))).toBe(true);
    expect(report.paths).toHaveLength(2);
    const cells = boardCells(MOONLIT);
    const at = (label: string) => cells.find((c) => c.label === label)!;
    expect(at("d2").moon?.animal).toMatchObject({ animal: "beaver", seat: 1 });
    expect(at("d2").moon?.moonlight).toBe("direct");
    expect(at("g1").moon?.animal).toMatchObject({ animal: "turtle", seat: 0 });
    expect(at("g1").moon?.moonlight ?? null).toBe(null);
    expect(report.perSeat).toEqual([0, 2]);
    expect(at("d4").moon?.greatTree).toBe(true);
    expect(report.glowing.map(labelOf)).toEqual(["f4"]);
    expect(report.indirect.length).toBeGreaterThan(0);
  });
});
