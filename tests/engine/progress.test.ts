/** setupProgress: the step in progress and how far it is, in either mode (issue 14, defect 2). */
import { describe, expect, it } from "vitest";
import { applyAction, createGame, legalActions, setupProgress, type GameState } from "../../src/engine";

function start(input: Parameters<typeof createGame>[0]): GameState {
  const r = createGame(input);
  if (!r.ok) throw new Error(r.error.message);
  return r.state;
}

/** Every setup step's progress, playing the first legal action each time. */
function walk(
  s: GameState,
): { step: string | null; done: number; total: number; stepDone: number; stepTotal: number }[] {
  const out = [];
  for (let guard = 0; guard < 100; guard++) {
    const p = setupProgress(s);
    out.push({ step: p.step, done: p.done, total: p.total, stepDone: p.stepDone, stepTotal: p.stepTotal });
    if (s.phase !== "setup") break;
    const r = applyAction(s, legalActions(s)[0]);
    if (!r.ok) throw new Error(r.error.message);
    s = r.state;
  }
  return out;
}

describe("setupProgress", () => {
  it("base game: the setup trees, 2 per player, counted alone", () => {
    const steps = walk(start({ players: 3, seed: 5, firstPlayer: 0 }));
    expect(steps.map((p) => `${p.step}:${p.stepDone}/${p.stepTotal}`)).toEqual([
      ...[0, 1, 2, 3, 4, 5].map((i) => `trees:${i}/6`),
      "null:0/0",
    ]);
    expect(steps.map((p) => p.done)).toEqual([0, 1, 2, 3, 4, 5, 6]);
  });

  it("Moonlight with the Great Tree: the expansion's steps counted apart from the trees, never mixed", () => {
    const steps = walk(start({ players: 2, seed: 9, firstPlayer: 1, moonlight: { greatTree: true } }));
    const moon = steps.filter((p) => p.step !== "trees" && p.step !== null);
    const trees = steps.filter((p) => p.step === "trees");
    // 2 choices, 2 animals, the Great Tree
    expect(moon.map((p) => p.step)).toEqual(["choose", "choose", "animals", "animals", "greatTree"]);
    expect(moon.map((p) => `${p.stepDone}/${p.stepTotal}`)).toEqual(["0/5", "1/5", "2/5", "3/5", "4/5"]);
    expect(trees.map((p) => `${p.stepDone}/${p.stepTotal}`)).toEqual(["0/4", "1/4", "2/4", "3/4"]);
    // the overall count only grows
    const done = steps.map((p) => p.done);
    expect(done).toEqual([...done].sort((a, b) => a - b));
    expect(steps.at(-1)).toMatchObject({ step: null, done: 9, total: 9 });
  });
});
