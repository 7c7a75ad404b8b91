/**
 * The expansion's field of the position notation (PS2, docs/engine.md). One blank-free field:
 *
 *   stage;moon;players;greatTree;stones;dam;nests;box;turn
 *
 * - stage: `c` choose, `a` animals, `g` Great Tree, `s` moonstones, `-` done
 * - moon: position 0..17 and `h` (half) or `f` (full), e.g. `9h`
 * - players, separated by `/`: `animal:cell:points:deal:babies:spent` — animal name or `-`; cell
 *   label or `-`; moon points; dealt boards `fox+owl` or `-`; hatched and used babies `light+plant` or `-`
 * - greatTree: label or `-`;  stones and dam: labels joined by `.`, or `-`
 * - nests: `a4=light.d7=?` (cell=baby, `?` hidden in a view) or `-`;  box: `points+?` or `-`
 * - turn: `m` moved or `-`, `2` double-action baby used or `-`, `:`, abilities used `dig+run` or `-`
 */
import { LABELS, cellByLabel } from "../board";
import { ANIMALS, BABIES, ABILITIES, MOON_POINTS_CAP } from "./rules";
import { MOON_POSITIONS } from "./geometry";
import type { AbilityName, AnimalName, BabyName, MoonStage, MoonState } from "./types";

const STAGES: Record<string, MoonStage | null> = {
  c: "choose",
  a: "animals",
  g: "greatTree",
  s: "moonstones",
  "-": null,
};
const STAGE_LETTER = (stage: MoonStage | null) => Object.keys(STAGES).find((k) => STAGES[k] === stage)!;

const list = (items: readonly string[], sep: string) => (items.length ? items.join(sep) : "-");
const cellText = (c: number) => (c >= 0 ? LABELS[c] : "-");

export function moonToText(m: MoonState): string {
  const players = m.players
    .map((p) =>
      [
        p.animal ?? "-",
        cellText(p.cell),
        String(p.points),
        p.deal ? list(p.deal, "+") : "-",
        list(p.babies, "+"),
        list(p.spent, "+"),
      ].join(":"),
    )
    .join("/");
  return [
    STAGE_LETTER(m.stage),
    `${m.position}${m.full ? "f" : "h"}`,
    players,
    cellText(m.greatTree),
    list(
      m.stones.map((c) => LABELS[c]),
      ".",
    ),
    list(
      m.dam.map((c) => LABELS[c]),
      ".",
    ),
    list(
      m.nests.map((n) => `${LABELS[n.cell]}=${n.baby ?? "?"}`),
      ".",
    ),
    list(
      m.box.map((b) => b ?? "?"),
      "+",
    ),
    `${m.moved ? "m" : "-"}${m.double ? "2" : "-"}:${list(m.used, "+")}`,
  ].join(";");
}

/** Parse the field; `fail` throws with a message naming what is wrong. */
export function moonFromText(text: string, players: number, fail: (message: string) => never): MoonState {
  const f = text.split(";");
  if (f.length !== 9) fail(`moon: expected 9 parts separated by ";", got ${f.length}`);
  if (!Object.hasOwn(STAGES, f[0])) fail(`moon stage: expected c, a, g, s or -, got "${f[0]}"`);
  const pm = /^(\d+)([hf])$/.exec(f[1]);
  if (!pm || Number(pm[1]) >= MOON_POSITIONS) fail(`moon: expected a position 0..17 and h or f, got "${f[1]}"`);
  const cell = (t: string, what: string): number => {
    const c = cellByLabel(t);
    if (c < 0) fail(`moon ${what}: "${t}" is not a cell label`);
    return c;
  };
  const optCell = (t: string, what: string) => (t === "-" ? -1 : cell(t, what));
  const names = <T extends string>(t: string, known: readonly T[], what: string): T[] =>
    t === "-"
      ? []
      : t.split("+").map((x) => {
          if (!known.includes(x as T)) fail(`moon ${what}: unknown "${x}"`);
          return x as T;
        });
  const playerTexts = f[2].split("/");
  if (playerTexts.length !== players) fail(`moon players: expected ${players}, got ${playerTexts.length}`);
  const moonPlayers = playerTexts.map((pt, seat) => {
    const p = pt.split(":");
    if (p.length !== 6) fail(`moon player ${seat + 1}: expected animal:cell:points:deal:babies:spent, got "${pt}"`);
    const animal = p[0] === "-" ? null : names<AnimalName>(p[0], ANIMALS, "animal")[0];
    if (!/^\d+$/.test(p[2]) || Number(p[2]) > MOON_POINTS_CAP)
      fail(`moon player ${seat + 1}: moon points must be 0..${MOON_POINTS_CAP}`);
    const deal = p[3] === "-" ? null : names<AnimalName>(p[3], ANIMALS, "deal");
    return {
      deal,
      animal,
      cell: optCell(p[1], "animal cell"),
      points: Number(p[2]),
      babies: names<BabyName>(p[4], BABIES, "babies"),
      spent: names<BabyName>(p[5], BABIES, "babies"),
    };
  });
  const chosen = moonPlayers.map((p) => p.animal).filter((a) => a !== null);
  if (new Set(chosen).size !== chosen.length) fail("moon: an animal is chosen twice");
  const nests =
    f[6] === "-"
      ? []
      : f[6].split(".").map((t) => {
          const nm = /^([a-g]\d)=(\w+|\?)$/.exec(t);
          if (!nm) fail(`moon nests: expected cell=baby, got "${t}"`);
          return { cell: cell(nm[1], "nest"), baby: nm[2] === "?" ? null : names<BabyName>(nm[2], BABIES, "nest")[0] };
        });
  const box = f[7] === "-" ? [] : f[7].split("+").map((t) => (t === "?" ? null : names<BabyName>(t, BABIES, "box")[0]));
  const babies = [...nests.map((n) => n.baby), ...box, ...moonPlayers.flatMap((p) => [...p.babies, ...p.spent])].filter(
    (b) => b !== null,
  );
  if (new Set(babies).size !== babies.length) fail("moon: a baby turtle appears twice");
  const tm = /^([m-])([2-]):(.+)$/.exec(f[8]);
  if (!tm) fail(`moon turn: expected e.g. "m-:dig", got "${f[8]}"`);
  const cells = (t: string, what: string) => (t === "-" ? [] : t.split(".").map((x) => cell(x, what)));
  const dam = cells(f[5], "dam");
  if (dam.length !== 0 && dam.length !== 3) fail("moon dam: expected three cells or -");
  return {
    stage: STAGES[f[0]],
    position: Number(pm[1]),
    full: pm[2] === "f",
    greatTree: optCell(f[3], "Great Tree"),
    stones: cells(f[4], "moonstones"),
    dam,
    nests,
    box,
    players: moonPlayers,
    moved: tm[1] === "m",
    used: names<AbilityName>(
      tm[3],
      ABILITIES.map((a) => a.name),
      "abilities used",
    ),
    double: tm[2] === "2",
  };
}
