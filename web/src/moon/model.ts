/**
 * Under the Moonlight, the view-model of what the game page shows at once (./ui.tsx, its first
 * view): the moon and each seat's animal and moon points, the setup step, your own deal and the
 * choice it offers — read from the state the server sent, with the expansion's geometry and light
 * only (not its play: that is ./aim.ts, with the part of the page a turn is planned with). Pure
 * functions, unit-tested in Node (tests/web/moon-model.test.ts).
 */
import { LABELS, hexLabel, type Action, type GameState } from "../../../src/engine/reading";
// (the expansion's reading, not its index: docs/web.md "Weights")
import {
  ABILITIES,
  moonReport,
  type AbilityName,
  type AnimalName,
  type BabyName,
} from "../../../src/engine/moonlight/reading";

export type { AbilityName, AnimalName, BabyName };

// ---- the moon --------------------------------------------------------------------------------

export interface MoonSummary {
  position: number;
  full: boolean;
  /** The two edge cells the moon touches, and where it goes next round (the phase marker). */
  cells: [string, string];
  next: { position: number; full: boolean; cells: [string, string] };
  /** Per seat: animal (null while hidden or not chosen), its cell, moon points, what it would gain now, babies. */
  seats: {
    animal: AnimalName | null;
    cell: string | null;
    points: number;
    gain: number;
    babies: BabyName[];
    spent: BabyName[];
  }[];
  greatTree: string | null;
  stones: string[];
  dam: string[];
  nests: number;
}

export function moonSummary(state: GameState): MoonSummary | null {
  const m = state.moon;
  if (!m) return null;
  const r = moonReport(state);
  return {
    position: r.position,
    full: r.full,
    cells: [hexLabel(r.touches[0]), hexLabel(r.touches[1])],
    next: {
      position: r.marker.position,
      full: r.marker.full,
      cells: [hexLabel(r.marker.touches[0]), hexLabel(r.marker.touches[1])],
    },
    seats: m.players.map((p, s) => ({
      animal: p.animal,
      cell: p.cell >= 0 ? LABELS[p.cell] : null,
      points: p.points,
      gain: p.cell >= 0 ? (r.perSeat[s] ?? 0) : 0,
      babies: p.babies.slice(),
      spent: p.spent.slice(),
    })),
    greatTree: m.greatTree >= 0 ? LABELS[m.greatTree] : null,
    stones: m.stones.map((c) => LABELS[c]),
    dam: m.dam.map((c) => LABELS[c]),
    nests: m.nests.length,
  };
}

// ---- setup -----------------------------------------------------------------------------------

export interface AnimalCard {
  animal: AnimalName;
  abilities: { ability: AbilityName; costs: number[] }[];
}

export function animalCard(animal: AnimalName): AnimalCard {
  return {
    animal,
    abilities: ABILITIES.filter((a) => a.animal === animal).map((a) => ({
      ability: a.name,
      costs: a.costs.slice(),
    })),
  };
}

export interface MoonSetup {
  stage: "choose" | "animals" | "greatTree" | "moonstones";
  /** Your own two dealt boards (only in your own view, while you have not chosen). */
  deal: AnimalCard[];
  /** Per seat during the choice: "chosen", "choosing" (to act) or "waiting". */
  choosing: ("chosen" | "choosing" | "waiting")[];
}

/** The expansion's setup step in progress, as `seat` sees it (what it may do: `dealChoices`, ./aim.ts `moonStep`). */
export function moonSetup(state: GameState, seat: number): MoonSetup | null {
  const m = state.moon;
  if (!m?.stage || state.phase !== "setup") return null;
  const n = state.options.players;
  const rel = (s: number) => (s - state.firstPlayer + n) % n;
  const deal = seat >= 0 ? (m.players[seat]?.deal ?? []) : [];
  return {
    stage: m.stage,
    deal: deal.map(animalCard),
    choosing: m.players.map((p, s) =>
      m.stage !== "choose" || p.animal !== null || rel(s) < rel(state.current)
        ? "chosen"
        : s === state.current
          ? "choosing"
          : "waiting",
    ),
  };
}

/**
 * The choice your deal offers while it is yours to choose (the seat to act at the "choose" step):
 * keeping either dealt animal, as the engine lists it (`chooseAnimal`); read from the state, so the
 * page offers it at once, before the rules a turn is planned with have come (they check it then).
 */
export function dealChoices(state: GameState, seat: number): Extract<Action, { type: "chooseAnimal" }>[] {
  const m = state.moon;
  if (seat < 0 || state.phase !== "setup" || m?.stage !== "choose" || state.current !== seat) return [];
  const p = m.players[seat];
  return p && p.animal === null ? (p.deal ?? []).map((animal) => ({ type: "chooseAnimal", animal })) : [];
}
