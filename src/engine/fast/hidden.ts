/**
 * Determinization (docs/fast-path.md, "Hidden information"): a uniform draw of what a view hides,
 * consistent with everything it shows, for a search that plays on from a view.
 *
 * Under the Moonlight hides, until the game ends: the animal boards dealt to the other seats
 * (before they choose), the animals they chose (while someone is still choosing), the face-down
 * baby turtles and the two babies in the box; and the generator's state, which draws the babies
 * when the last seat has chosen. A bot samples them here (or draws its own) per search and builds
 * its position with `toFast(view, hidden)`: it never reads the real hidden state.
 */
import { nextInt } from "../rng";
import { ANIMAL_NAMES, BABY_NAMES } from "../moonlight/types";
import type { AnimalName, BabyName } from "../moonlight/types";
import type { GameState } from "../types";
import type { Hidden } from "./convert";

/**
 * Everything `view` hides (each null the fast core needs), drawn uniformly from what the view does
 * not rule out, from `seed` (uint32; a new seed per determinization): the other seats' deals (two
 * boards each from the animals nobody is known to hold; a seat that chose keeps one of its two at
 * random), the face-down babies and the box (a shuffle of the babies not face up or used), and a
 * generator state. A full state needs nothing: `{ rng }` only, which changes nothing already drawn.
 */
export function sampleHidden(view: GameState, seed: number): Hidden {
  let rng = seed >>> 0;
  const draw = (n: number) => {
    const d = nextInt(rng, n);
    rng = d.rng;
    return d.value;
  };
  const shuffled = <T>(items: T[]): T[] => {
    for (let i = items.length - 1; i > 0; i--) {
      const j = draw(i + 1);
      [items[i], items[j]] = [items[j], items[i]];
    }
    return items;
  };
  const hidden: Hidden = {};
  const m = view.moon;
  if (m) {
    const n = view.options.players;
    if (m.stage === "choose" && view.phase === "setup") {
      // the animals nobody is known to hold, dealt two per seat whose deal or choice is hidden
      const known = new Set<AnimalName>();
      for (const p of m.players) {
        for (const x of p.deal ?? []) known.add(x);
        if (p.animal !== null) known.add(p.animal);
      }
      const pool = shuffled(ANIMAL_NAMES.filter((x) => !known.has(x)));
      const deals: (AnimalName[] | null)[] = [];
      const animals: (AnimalName | null)[] = [];
      for (let s = 0; s < n; s++) {
        const p = m.players[s];
        deals.push(null);
        animals.push(null);
        if (p.deal !== null || p.animal !== null || pool.length < 2) continue;
        const pair = pool.splice(0, 2);
        const chose = (s - view.firstPlayer + n) % n < view.turn;
        if (chose) animals[s] = pair[draw(2)];
        else deals[s] = pair;
      }
      hidden.deals = deals;
      hidden.animals = animals;
    }
    if (m.nests.some((x) => x.baby === null) || m.box.some((b) => b === null)) {
      // the babies not seen anywhere, shuffled onto the hidden nests, then the box
      const seen = new Set<BabyName>();
      for (const x of m.nests) if (x.baby !== null) seen.add(x.baby);
      for (const b of m.box) if (b !== null) seen.add(b);
      for (const p of m.players) for (const b of [...p.babies, ...p.spent]) seen.add(b);
      const pool = shuffled(BABY_NAMES.filter((b) => !seen.has(b)));
      hidden.nests = m.nests.map((x) => x.baby ?? pool.shift() ?? BABY_NAMES[0]);
      hidden.box = m.box.map((b) => b ?? pool.shift() ?? BABY_NAMES[0]);
    }
  }
  hidden.rng = draw(0x100000000) >>> 0;
  return hidden;
}
