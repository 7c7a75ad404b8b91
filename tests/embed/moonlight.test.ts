/**
 * Under the Moonlight in the embeds inside workerd: the embed page, frames, board pictures, oEmbed
 * and link previews show the moon's phase, the animals and the moon points, built from the public
 * view only — and nothing hidden reaches them: a twin game that differs only in what nobody may
 * know yet (an animal choice not yet revealed, the face-down baby turtles) gives byte-identical
 * outputs, PNGs included.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { call, inRoom, startedGame } from "../api/client";
import {
  cellIndex,
  moonReport,
  moonRules,
  viewEvents,
  type AnimalName,
  type BabyName,
  type GameEvent,
  type GameState,
} from "../../src/engine";
import type { GameRecord } from "../../src/game/model";
import { renderBoard } from "../../src/render";
import { forgetPicture, pictureUrl } from "../../src/embed/pictures";
import { summarize, type Moment } from "../../src/embed/moment";
import { fetchRaw, gzipSize, playSome, pngSize, record, secretsOf } from "./helpers";

type Players = { id: string; token: string }[];

const ORIGIN = "http://canopy.test";

/** Every public output of a game "now", as bytes (the pictures' cache entries dropped first, so they are drawn again). */
async function outputs(id: string): Promise<Map<string, Uint8Array>> {
  const ply = (await call("GET", `/api/games/${id}`)).body.actionCount as number;
  const cache = (caches as unknown as { default: Cache }).default;
  for (const kind of ["svg", "png"] as const)
    for (const theme of ["light", "dark"] as const) {
      const key = pictureUrl(ORIGIN, kind, { id, ply, theme, width: null });
      await cache.delete(key);
      forgetPicture(key);
    }
  const out = new Map<string, Uint8Array>();
  for (const path of [
    `/embed/${id}`,
    `/embed/${id}?controls=1&theme=dark`,
    `/embed/${id}/frame`,
    `/api/games/${id}/board.svg`,
    `/api/games/${id}/board.svg?theme=dark`,
    `/api/games/${id}/board.png`,
    `/api/games/${id}/board.png?theme=dark`,
    `/oembed?url=${encodeURIComponent(`${ORIGIN}/g/${id}`)}`,
    `/g/${id}`,
  ]) {
    const r = await fetchRaw(path);
    expect(r.status, path).toBe(200);
    out.set(path, new Uint8Array(await r.arrayBuffer()));
  }
  return out;
}

/** Replace the game's state inside its Durable Object (in memory) for the length of `fn`. */
async function withState<T>(id: string, change: (s: GameState) => GameState, fn: () => Promise<T>): Promise<T> {
  const original = await record(id);
  await inRoom(id, (room) => {
    (room as unknown as { game: GameRecord }).game = { ...original, state: change(original.state!) };
  });
  try {
    return await fn();
  } finally {
    await inRoom(id, (room) => {
      (room as unknown as { game: GameRecord }).game = original;
    });
  }
}

function expectSame(a: Map<string, Uint8Array>, b: Map<string, Uint8Array>): void {
  expect([...b.keys()]).toEqual([...a.keys()]);
  for (const [path, bytes] of a) {
    const other = b.get(path)!;
    // compare as text first for a readable failure, then byte for byte (PNGs)
    if (!path.includes(".png")) expect(new TextDecoder().decode(other), path).toBe(new TextDecoder().decode(bytes));
    expect(other.length === bytes.length && other.every((x, i) => x === bytes[i]), `${path}: identical bytes`).toBe(
      true,
    );
  }
}

const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

async function act(id: string, players: Players, choose: (actions: any[], seat: number) => any): Promise<void> {
  const game = (await call("GET", `/api/games/${id}`)).body;
  const token = players[game.toAct].token;
  const legal = (await call("GET", `/api/games/${id}/legal-actions`, { token })).body;
  const r = await call("POST", `/api/games/${id}/actions`, {
    token,
    body: { version: legal.version, action: choose(legal.actions, game.toAct) },
  });
  if (r.status !== 200) throw new Error(`refused: ${JSON.stringify(r.body)}`);
}

let game: { id: string; players: Players };
/** Outputs while seat a has chosen its animal (hidden) and the others have not. */
let choosing: { state: GameState; deals: AnimalName[][]; twin: Map<string, Uint8Array>; real: Map<string, Uint8Array> };
let turtleSeat = -1;

beforeAll(async () => {
  // 4 players: all 8 animal boards are dealt, so someone holds the turtle and keeps it
  const g = await startedGame(4, { firstPlayer: 0, moonlight: { greatTree: true, moonstones: true } });
  game = { id: g.id, players: g.players };
  const deals: AnimalName[][] = [];
  for (let seat = 0; seat < 4; seat++)
    deals.push(
      (await call("GET", `/api/games/${g.id}`, { token: g.players[seat].token })).body.state.moon.players[seat].deal,
    );
  turtleSeat = deals.findIndex((d) => d.includes("turtle"));
  const pick = (seat: number) => (deals[seat].includes("turtle") ? "turtle" : deals[seat][0]);
  await act(g.id, g.players, (_a, seat) => ({ type: "chooseAnimal", animal: pick(seat) }));
  // seat a has chosen; b, c and d have not: a twin where a chose its other board and b, c were dealt each other's boards
  const real = await outputs(g.id);
  const rec = await record(g.id);
  const twin = await withState(
    g.id,
    (s) => {
      const m = s.moon!;
      const other = deals[0].find((a) => a !== m.players[0].animal)!;
      return {
        ...s,
        moon: {
          ...m,
          players: m.players.map((p, seat) =>
            seat === 0
              ? { ...p, animal: other }
              : seat === 1
                ? { ...p, deal: m.players[2].deal }
                : seat === 2
                  ? { ...p, deal: m.players[1].deal }
                  : p,
          ),
        },
      };
    },
    () => outputs(g.id),
  );
  choosing = { state: rec.state!, deals, twin, real };
  for (let seat = 1; seat < 4; seat++)
    await act(g.id, g.players, (_a, s) => ({ type: "chooseAnimal", animal: pick(s) }));
  // the rest of setup and some of round 1 and 2
  await playSome(g.id, g.players, 90, 11);
}, 120_000);

describe("Under the Moonlight in the embeds", () => {
  it("the embed page shows the moon's phase, each seat's animal and moon points, and the board with the moon", async () => {
    const r = await fetchRaw(`/embed/${game.id}`);
    const html = await r.text();
    const s = (await record(game.id)).state!;
    expect(s.phase).toBe("play");
    const phase = s.moon!.full ? "Full moon" : "Half moon";
    expect(html).toMatch(
      new RegExp(
        `Round \\d+ of 18 · <span class="moon" title="${phase}; next round (full|half) moon">${phase}</span> · <strong>P\\d to play</strong>`,
      ),
    );
    for (let seat = 0; seat < 4; seat++) {
      const p = s.moon!.players[seat];
      expect(html).toContain(`<span class="moonpts" title="moon points">${p.points}<i aria-hidden="true">☾</i></span>`);
      expect(html).toMatch(new RegExp(`aria-label="P${seat}[^"]*, ${p.points} moon points?, the ${p.animal}"`));
      expect(html).toContain(`data-animal="${p.animal}"`);
    }
    expect(html).toContain('<g class="moon" data-position=');
    expect(html).toContain('<g class="moon-next" data-position=');
    expect(html).toContain('data-great-tree="1"');
    expect((html.match(/data-stone="/g) ?? []).length).toBe(1);
    expect((html.match(/<g class="nest">/g) ?? []).length).toBe(s.moon!.nests.length);
    expect(await gzipSize(html)).toBeLessThanOrEqual(30 * 1024);
  });

  it("board.svg is the shared renderer's picture of the public state, moon and all", async () => {
    const m = await inRoom(
      game.id,
      (room) => room.publicAt(null, ORIGIN).value as { state: GameState; ply: number; game: { totalRounds: number } },
    );
    const svg = await (await fetchRaw(`/api/games/${game.id}/board.svg?ply=${m.ply}`)).text();
    const bare = (x: string) =>
      x
        .replace(/ data-highlight="last"/g, "")
        .replace(/<polygon points="[^"]*" fill="none" stroke="#6a1b9a" stroke-width="3"\/>/g, "");
    expect(bare(svg)).toBe(bare(renderBoard(m.state, { idPrefix: "b", rounds: m.game.totalRounds })));
    const r = moonReport(m.state);
    expect(svg).toContain(`<g class="moon" data-position="${r.position}" data-phase="${r.full ? "full" : "half"}">`);
  });

  it("the board card (PNG) is 1200×630 and the card's SVG lists moon points per player", async () => {
    const png = new Uint8Array(await (await fetchRaw(`/api/games/${game.id}/board.png`)).arrayBuffer());
    expect(pngSize(png)).toEqual({ width: 1200, height: 630 });
    const { renderCard } = await import("../../src/embed/card");
    const m = (await inRoom(game.id, (room) => room.publicAt(null, ORIGIN).value)) as Moment;
    const s = summarize(m);
    const card = renderCard(s, { host: "canopy.test" });
    // The board is a group of the card, not a nested <svg> (which resvg clips on a layer of its own).
    expect(card.match(/<svg/g)).toHaveLength(1);
    expect(card).toMatch(/<g class="board" transform="translate\(10 10\) scale\([\d.]+\) translate\(226 200\)">/);
    expect(card.match(/<g class="cell" /g)).toHaveLength(37);
    expect(card).toContain(">moon</text>");
    for (const p of s.players) expect(card).toContain(`>${p.moon!.points}</text>`);
    expect(card).toMatch(/>(Full|Half) moon · next (full|half)<\/text>/);
  });

  it("oEmbed and link previews name the moon; the preview lists the moon points", async () => {
    const o = (await (await fetchRaw(`/oembed?url=${encodeURIComponent(`${ORIGIN}/g/${game.id}`)}`)).json()) as {
      title: string;
    };
    expect(o.title).toMatch(/^P0 vs P1 vs P2 vs P3 · Round \d+ of 18 · (Full|Half) moon · P\d to play$/);
    const page = await (await fetchRaw(`/g/${game.id}`)).text();
    expect(page).toMatch(
      /<meta name="description" content="Round \d+ of 18\. P\d to play\. Scores: [^"]*\. (Full|Half) moon; next round (full|half) moon\. Moon points: P0 the \w+ \d+, P1 the \w+ \d+, P2 the \w+ \d+, P3 the \w+ \d+\./,
    );
  });

  it("no token, token hash, invite code nor seed in any output of a Moonlight game", async () => {
    const secrets = await secretsOf(
      game.id,
      game.players.map((p) => p.token),
    );
    for (const [path, bytes] of await outputs(game.id)) {
      const out = new TextDecoder("latin1").decode(bytes);
      for (const s of secrets) expect(out.includes(s), `${path} contains a secret`).toBe(false);
    }
  });
});

describe("hidden information in the embeds", () => {
  it("an animal choice not yet revealed and the boards dealt show nowhere: a twin with other choices and deals gives identical bytes", () => {
    expect(choosing.state.moon!.stage).toBe("choose");
    expect(choosing.state.moon!.players[0].animal).not.toBeNull();
    expectSame(choosing.real, choosing.twin);
    // and no animal's name appears anywhere (nothing is public yet)
    for (const [path, bytes] of choosing.real)
      if (!path.includes(".png"))
        for (const a of moonRules.ANIMALS)
          expect(new RegExp(`\\b${a}\\b`, "i").test(text(bytes)), `${path} names ${a}`).toBe(false);
    // the headline says what the seat to act does
    expect(text(choosing.real.get(`/embed/${game.id}`)!)).toContain("<strong>P1 chooses an animal</strong>");
  });

  it("the face-down baby turtles show nowhere: a twin with the hidden babies shuffled gives identical bytes, PNGs included", async () => {
    const rec = await record(game.id);
    const m = rec.state!.moon!;
    expect(turtleSeat).toBeGreaterThanOrEqual(0);
    expect(m.players[turtleSeat].animal).toBe("turtle");
    expect(m.nests.length).toBeGreaterThanOrEqual(1);
    expect(m.nests.every((n) => n.baby !== null)).toBe(true);
    const hidden = [...m.nests.map((n) => n.baby!), ...(m.box as BabyName[])];
    const rotated = [...hidden.slice(1), hidden[0]];
    expect(rotated).not.toEqual(hidden);
    const real = await outputs(game.id);
    const twin = await withState(
      game.id,
      (s) => ({
        ...s,
        moon: {
          ...s.moon!,
          nests: s.moon!.nests.map((n, i) => ({ cell: n.cell, baby: rotated[i] })),
          box: rotated.slice(s.moon!.nests.length),
        },
      }),
      () => outputs(game.id),
    );
    expectSame(real, twin);
    // the comparison does see a public change (one moon point more), in every output
    const control = await withState(
      game.id,
      (s) => ({
        ...s,
        moon: {
          ...s.moon!,
          players: s.moon!.players.map((p, seat) =>
            seat === 0 ? { ...p, points: p.points === 14 ? 13 : p.points + 1 } : p,
          ),
        },
      }),
      () => outputs(game.id),
    );
    for (const [path, bytes] of real) {
      const other = control.get(path)!;
      if (path.includes("board.svg") || path.startsWith("/oembed")) continue; // neither prints moon points
      expect(other.length === bytes.length && other.every((x, i) => x === bytes[i]), `${path} shows the change`).toBe(
        false,
      );
    }
    // the DO really had other babies meanwhile, and has its own back
    expect((await record(game.id)).state!.moon!.nests).toEqual(m.nests);
    // no output names a baby (as the engine's JSON or as a data attribute would)
    const named = new RegExp(`baby"?\\s*[:=]\\s*\\\\?"(${moonRules.BABIES.join("|")})`, "i");
    for (const [path, bytes] of real)
      if (!path.includes(".png")) expect(named.test(text(bytes)), `${path} names a baby`).toBe(false);
    expect(named.test('{"baby":"light"}') && named.test('data-baby="points"')).toBe(true);
  });
});

describe("the last move, in words", () => {
  const names = ["Ann", "Bob", "Cy"];
  const gameView = {
    id: "abcdefghijkl",
    status: "active",
    version: 1,
    options: { longGame: false, moonlight: { greatTree: true, moonstones: true } },
    seats: names.map((name, seat) => ({ seat, player: { id: `p${seat}`, name } })),
    totalRounds: 18,
  };
  const say = (events: GameEvent[]) =>
    summarize({
      game: gameView,
      ply: 1,
      total: 1,
      state: STATE,
      last: { seat: 0, entry: { type: "endTurn" }, events },
    } as unknown as Moment).lastMove;
  let STATE: GameState;
  beforeAll(async () => {
    const { createGame } = await import("../../src/engine");
    const c = createGame({ players: 3, seed: 1, moonlight: { greatTree: true, moonstones: true } });
    if (!c.ok) throw new Error(c.error.message);
    STATE = c.state;
  });
  const cell = (l: string) => {
    const row = l.charCodeAt(0) - 97;
    const r = row - 3;
    const q = Number(l.slice(1)) - 1 + Math.max(-3, -3 - r);
    expect(cellIndex(q, r)).toBeGreaterThanOrEqual(0);
    return { q, r };
  };

  it("describes every event of the expansion, naming no hidden animal", () => {
    const cases: [GameEvent, string][] = [
      [{ type: "animalChosen", seat: 1, animal: "owl" }, "Bob chose an animal"],
      [{ type: "animalsRevealed", animals: ["owl", null, "fox"] }, "The animals are revealed: Ann the owl, Cy the fox"],
      [{ type: "babiesLaid", cells: [cell("a4"), cell("d7")] }, "2 baby turtles lie face down on the corners"],
      [{ type: "animalPlaced", seat: 2, animal: "fox", cell: cell("c3") }, "Cy placed the fox on c3"],
      [{ type: "greatTreePlaced", seat: 0, cell: cell("d4") }, "Ann placed the Great Tree on d4"],
      [{ type: "moonstonePlaced", seat: 1, cell: cell("b2") }, "Bob placed a moonstone on b2"],
      [{ type: "moonMoved", round: 5, position: 7, full: true, flipped: true }, "the moon turned full"],
      [{ type: "moonCollected", seat: 0, amount: 2, lost: 0, points: 6 }, "Ann gained 2 moon points"],
      [
        { type: "animalMoved", seat: 0, animal: "owl", from: cell("c3"), to: cell("c4"), by: 0 },
        "Ann's owl moved to c4",
      ],
      [
        { type: "animalMoved", seat: 0, animal: "owl", from: cell("c3"), to: cell("c4"), by: 2 },
        "Cy moved Ann's owl to c4",
      ],
      [
        { type: "abilityUsed", seat: 0, animal: "owl", ability: "hunt", level: 3, cost: 12, points: 1 },
        "Ann's owl hunted (III) for 12 moon points",
      ],
      [
        { type: "abilityUsed", seat: 2, animal: "fox", ability: "steal", level: 1, cost: 4, points: 0 },
        "Cy's fox stole light for 4 moon points",
      ],
      [{ type: "seedPlaced", seat: 1, cell: cell("e3"), from: "board" }, "Bob laid a seed on e3"],
      [{ type: "seedEaten", seat: 1, owner: 2, cell: cell("e3"), returnedTo: "board" }, "Cy's seed on e3 was eaten"],
      [{ type: "seedMoved", seat: 2, owner: 0, from: cell("c3"), to: cell("c5") }, "Ann's seed moved from c3 to c5"],
      [{ type: "lightGained", seat: 0, amount: 10, lost: 1, light: 20 }, "Ann gained 9 light points"],
      [{ type: "lightStolen", seat: 2, from: 1, amount: 2, lost: 0 }, "Cy stole 2 light points from Bob"],
      [{ type: "damBuilt", seat: 1, cells: [cell("a1"), cell("a2"), cell("b2")] }, "the dam now stands on a1, a2, b2"],
      [
        { type: "babyHatched", seat: 0, cell: cell("a4"), baby: "light" },
        "Ann hatched a baby turtle on a4: 3 light points",
      ],
      [{ type: "babyUsed", seat: 0, baby: "double" }, "Ann used a baby turtle: two actions on one cell"],
    ];
    const types = new Set(cases.map(([e]) => e.type));
    expect(types.size).toBe(18);
    for (const [e, sentence] of cases) expect(say([e])).toBe(sentence);
    // a choice is never named, even when the event carries it (as for its own seat)
    expect(say([{ type: "animalChosen", seat: 0, animal: "turtle" }])).not.toContain("turtle");
    // a whole turn: the ability, then its effects
    expect(
      say([
        { type: "abilityUsed", seat: 1, animal: "beaver", ability: "dam", level: 1, cost: 6, points: 0 },
        { type: "damBuilt", seat: 1, cells: [cell("a1"), cell("a2"), cell("b2")] },
        { type: "grew", seat: 0, cell: cell("a1"), from: "seed", to: "small", cost: 0, returnedTo: "board" },
      ]),
    ).toBe(
      "Bob's beaver built the dam for 6 moon points; the dam now stands on a1, a2, b2; Ann grew a1 to a small tree",
    );
    // the spectator's view of the event list strips another seat's choice before it gets here
    expect(viewEvents([{ type: "animalChosen", seat: 1, animal: "owl" }], null)).toEqual([
      { type: "animalChosen", seat: 1 },
    ]);
  });
});
