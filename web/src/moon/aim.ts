/**
 * Under the Moonlight, the view-model of a turn being planned: what the game page offers of the
 * expansion for a state and the legal actions of the seat to act (the engine's `legalActions`, so the
 * page never decides a rule itself) — each step's cells, the animal's move and abilities, aiming
 * them at cells. It comes with the part of the page a turn is planned with (./play.tsx), not with
 * its first view (./model.ts). Pure functions, unit-tested in Node (tests/web/moon-model.test.ts).
 */
import { LABELS, hexLabel, type Action, type GameState } from "../../../src/engine/reading";
import {
  ABILITIES,
  BABY_NEEDS_CELL,
  type AbilityName,
  type AnimalName,
  type BabyName,
} from "../../../src/engine/moonlight/reading";

type Ab = Extract<Action, { type: "ability" }>;
const isAbility = (a: Action): a is Ab => a.type === "ability";

// ---- play: the animal's move and abilities -------------------------------------------------------

/** How an ability's target is chosen. */
export type AbilityKind = "direct" | "cell" | "scare" | "dam" | "seat" | "baby";

export function abilityKind(a: AbilityName): AbilityKind {
  switch (a) {
    case "run":
    case "churn":
    case "improve":
      return "cell";
    case "scare":
      return "scare";
    case "dam":
      return "dam";
    case "steal":
      return "seat";
    case "babySteps":
      return "baby";
    default:
      return "direct";
  }
}

export interface AbilityOption {
  ability: AbilityName;
  kind: AbilityKind;
  /** Every level with its moon-point cost, and the legal action of that level (direct kinds), if any. */
  levels: { level: number; cost: number; action: Action | null }[];
  /** Legal now (any level, any target). */
  legal: boolean;
  /** Already used this turn. */
  used: boolean;
  /** steal: the seats that may be robbed; babySteps: the babies that may be used (with whether a cell follows). */
  seats: { seat: number; action: Action }[];
  babies: { baby: BabyName; action: Action | null; needsCell: boolean; legal: boolean }[];
}

export interface MoonPlay {
  animal: AnimalName;
  cell: string | null;
  points: number;
  moved: boolean;
  /** Cells the animal may move to now. */
  moves: string[];
  abilities: AbilityOption[];
}

/** What the seat to act may do with its animal (null: not a Moonlight game in play, or no animal). */
export function moonPlay(state: GameState, legal: readonly Action[]): MoonPlay | null {
  const m = state.moon;
  if (!m || state.phase !== "play") return null;
  const p = m.players[state.current];
  if (!p?.animal) return null;
  const abilities = ABILITIES.filter((r) => r.animal === p.animal).map((r): AbilityOption => {
    const mine = legal.filter(isAbility).filter((a) => a.ability === r.name);
    const kind = abilityKind(r.name);
    const levelOf = (a: Ab): number => ("level" in a && typeof a.level === "number" ? a.level : 1);
    return {
      ability: r.name,
      kind,
      levels: r.costs.map((cost, i) => ({
        level: i + 1,
        cost,
        action: kind === "direct" ? (mine.find((a) => (r.name === "eat" ? true : levelOf(a) === i + 1)) ?? null) : null,
      })),
      legal: mine.length > 0,
      used: m.used.includes(r.name),
      seats: r.name === "steal" ? mine.map((a) => ({ seat: (a as { target: number }).target, action: a })) : [],
      babies:
        r.name === "babySteps"
          ? [...new Set(p.babies)].map((baby) => {
              const needsCell = BABY_NEEDS_CELL.includes(baby);
              const acts = mine.filter((a) => (a as { baby: BabyName }).baby === baby);
              return { baby, action: needsCell ? null : (acts[0] ?? null), needsCell, legal: acts.length > 0 };
            })
          : [],
    };
  });
  return {
    animal: p.animal,
    cell: p.cell >= 0 ? LABELS[p.cell] : null,
    points: p.points,
    moved: m.moved,
    moves: legal.flatMap((a) => (a.type === "moveAnimal" ? [hexLabel(a.to)] : [])),
    abilities,
  };
}

/** Whether a baby's use is legal now (for babies that need a cell: some cell). */
export function babyLegal(legal: readonly Action[], baby: BabyName): boolean {
  return legal.some((a) => isAbility(a) && a.ability === "babySteps" && a.baby === baby);
}

/**
 * An ability being aimed by clicking cells: which ability, and what was chosen so far (scare: the
 * animal's cell; dam: one of the two cells; babySteps: the baby).
 */
export interface MoonPick {
  /** An ability, or "move": the animal's ordinary move. */
  ability: AbilityName | "move";
  first?: string;
  baby?: BabyName;
}

/** The cells of the legal actions of a pick, as [first, second] (second empty for one-cell targets). */
function pickPairs(legal: readonly Action[], pick: MoonPick): { cells: [string, string | null]; action: Action }[] {
  const out: { cells: [string, string | null]; action: Action }[] = [];
  for (const a of legal) {
    if (pick.ability === "move") {
      if (a.type === "moveAnimal") out.push({ cells: [hexLabel(a.to), null], action: a });
      continue;
    }
    if (!isAbility(a) || a.ability !== pick.ability) continue;
    switch (a.ability) {
      case "run":
      case "churn":
        out.push({ cells: [hexLabel(a.to), null], action: a });
        break;
      case "improve":
        out.push({ cells: [hexLabel(a.cell), null], action: a });
        break;
      case "scare":
        out.push({ cells: [hexLabel(a.from), hexLabel(a.to)], action: a });
        break;
      case "dam": {
        const [x, y] = [hexLabel(a.cells[0]), hexLabel(a.cells[1])];
        out.push({ cells: [x, y], action: a }, { cells: [y, x], action: a });
        break;
      }
      case "babySteps":
        if (a.baby === pick.baby && a.cell !== undefined) out.push({ cells: [hexLabel(a.cell), null], action: a });
        break;
    }
  }
  return out;
}

/** The cells to highlight for the pick's next click. */
export function pickTargets(legal: readonly Action[], pick: MoonPick): string[] {
  const pairs = pickPairs(legal, pick);
  const cells = pick.first
    ? pairs.filter((p) => p.cells[0] === pick.first && p.cells[1]).map((p) => p.cells[1]!)
    : pairs.map((p) => p.cells[0]);
  return [...new Set(cells)].sort();
}

/** A click on `label` during a pick: the action it completes, the pick it continues, or null (not a target). */
export function pickClick(
  legal: readonly Action[],
  pick: MoonPick,
  label: string,
): { action: Action } | { pick: MoonPick } | null {
  const pairs = pickPairs(legal, pick);
  if (pick.first) {
    const hit = pairs.find((p) => p.cells[0] === pick.first && p.cells[1] === label);
    return hit ? { action: hit.action } : null;
  }
  const hits = pairs.filter((p) => p.cells[0] === label);
  if (!hits.length) return null;
  if (hits[0].cells[1] === null) return { action: hits[0].action };
  return { pick: { ...pick, first: label } };
}

/** A click on the board while no ability is being aimed: the animal's move there, if legal. */
export function moveTo(legal: readonly Action[], label: string): Action | null {
  return legal.find((a) => a.type === "moveAnimal" && hexLabel(a.to) === label) ?? null;
}

/** A click during the expansion's setup steps: the placement there, if legal. */
export function placeAt(legal: readonly Action[], label: string): Action | null {
  return (
    legal.find(
      (a) =>
        (a.type === "placeAnimal" || a.type === "placeGreatTree" || a.type === "placeMoonstone") &&
        hexLabel(a.cell) === label,
    ) ?? null
  );
}

/**
 * Whether the base game offers something that starts on `label` (a growth or a collection there, a
 * planting from there): a tap there chooses the cell (its actions, and the animal's move there, are
 * then offered in the turn panel) rather than moving the animal at once.
 */
export function baseActionAt(legal: readonly Action[], label: string): boolean {
  return legal.some(
    (a) =>
      ((a.type === "grow" || a.type === "collect") && hexLabel(a.cell) === label) ||
      (a.type === "plant" && hexLabel(a.from) === label),
  );
}

/**
 * The player's next step under the Moonlight, which the turn panel words and the board marks:
 * - choose: keep one of the two dealt animal boards (the choices; the deal and its buttons are
 *   shown from the state, ./model.ts `dealChoices`, before this part of the page has come);
 * - animals / greatTree / moonstones: a setup placement, on one of `targets`;
 * - aim: a move or an ability being aimed, its next cell one of `targets`;
 * - play: your turn in a round; the animal may move to one of `moves` (none: it has moved, or
 *   cannot), by a tap on a highlighted cell, unless a cell of the base game is chosen (`selected`).
 * Null when the expansion asks nothing of this seat now (not its turn, the base game's setup trees).
 */
export type MoonStep =
  | { step: "choose"; choose: Action[] }
  | { step: "animals"; animal: AnimalName | null; targets: string[] }
  | { step: "greatTree" | "moonstones"; targets: string[] }
  | { step: "aim"; pick: MoonPick; targets: string[] }
  | { step: "play"; animal: AnimalName; cell: string | null; moves: string[]; play: MoonPlay };

export function moonStep(
  state: GameState,
  legal: readonly Action[],
  seat: number,
  pick: MoonPick | null,
  selected: string | null = null,
): MoonStep | null {
  const m = state.moon;
  if (!m || seat < 0 || state.current !== seat || legal.length === 0) return null;
  if (pick) return { step: "aim", pick, targets: pickTargets(legal, pick) };
  if (state.phase === "setup") {
    const stage = m.stage;
    if (!stage) return null;
    if (stage === "choose") return { step: "choose", choose: legal.filter((a) => a.type === "chooseAnimal") };
    const targets = legal.flatMap((a) =>
      a.type === "placeAnimal" || a.type === "placeGreatTree" || a.type === "placeMoonstone" ? [hexLabel(a.cell)] : [],
    );
    if (targets.length === 0) return null;
    if (stage === "animals") return { step: "animals", animal: m.players[seat]?.animal ?? null, targets };
    return { step: stage, targets };
  }
  const play = moonPlay(state, legal);
  if (!play) return null;
  return { step: "play", animal: play.animal, cell: play.cell, moves: selected ? [] : [...play.moves].sort(), play };
}

/**
 * The cells the board should mark for the expansion now: the setup placement's, the move's or
 * ability's being aimed, or (nothing aimed, no cell chosen) where the animal may move.
 */
export function moonTargets(
  state: GameState,
  legal: readonly Action[],
  pick: MoonPick | null,
  selected: string | null = null,
): string[] {
  const s = moonStep(state, legal, state.current, pick, selected);
  if (!s) return [];
  switch (s.step) {
    case "choose":
      return [];
    case "play":
      return s.moves;
    default:
      return s.targets;
  }
}

/**
 * A tap on `label` on your turn: the expansion's action it makes (a placement, the animal's move
 * to a highlighted cell, a pick's last cell), the pick it continues, or null (the base game's: the
 * cell is chosen, or planted on from the chosen one).
 */
export function moonTap(
  state: GameState,
  legal: readonly Action[],
  pick: MoonPick | null,
  label: string,
  selected: string | null = null,
): { action: Action } | { pick: MoonPick } | null {
  if (pick) return pickClick(legal, pick, label);
  if (state.phase === "setup" && state.moon?.stage) {
    const a = placeAt(legal, label);
    return a ? { action: a } : null;
  }
  if (state.phase !== "play" || !state.moon || selected || baseActionAt(legal, label)) return null;
  const a = moveTo(legal, label);
  return a ? { action: a } : null;
}

/** Cells an action touches, for the expansion's actions (and its events), by label. */
export function moonActionCells(a: Action): string[] {
  const x = a as { cell?: unknown; to?: unknown; from?: unknown; cells?: unknown[] };
  const out: string[] = [];
  for (const c of [x.cell, x.from, x.to, ...(x.cells ?? [])])
    if (c && typeof c === "object") out.push(hexLabel(c as { q: number; r: number }));
  return out;
}
