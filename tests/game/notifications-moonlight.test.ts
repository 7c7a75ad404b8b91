/**
 * Under the Moonlight in notifications, from real engine states: "your turn" says what the
 * expansion's setup step asks, game over counts moon points and the baby turtle, the moon's phase
 * is hinted — and nothing hidden (an animal chosen but not revealed, the boards dealt, the
 * face-down baby turtles) reaches any message: twins that differ only in those give identical
 * Discord, Slack and JSON bodies.
 */
import { describe, expect, it } from "vitest";
import {
  applyAction,
  computeScores,
  createGame,
  legalActions,
  moonRules,
  playOutRandomly,
  type BabyName,
  type GameEvent,
  type GameState,
} from "../../src/engine";
import { startClock } from "../../src/game/clock";
import type { GameRecord } from "../../src/game/model";
import { notifyGame, transitionNotifications, type PendingNotification } from "../../src/game/notifications";
import { discordMessage } from "../../src/notify/discord";
import { jsonPayload } from "../../src/notify/json";
import { slackMessage } from "../../src/notify/slack";
import type { Notification } from "../../src/notify/types";

const ORIGIN = "https://canopy.example";

function record(state: GameState, over: Partial<GameRecord> = {}): GameRecord {
  const seats = state.options.players;
  return {
    id: "g00000000007",
    status: state.phase === "ended" ? "finished" : "active",
    version: 3,
    settings: {
      seats,
      longGame: false,
      heavyShade: false,
      moveTimeSeconds: 3600,
      firstPlayer: 0,
      moonlight: { greatTree: true, moonstones: true },
    },
    seed: 7,
    createdBy: "p0",
    createdAt: 0,
    startedAt: 0,
    endedAt: null,
    inviteCode: "x",
    seats: Array.from({ length: seats }, (_, i) => ({
      playerId: `p${i}`,
      name: ["Ada", "Bea", "Cy", "Dee"][i],
      tokenHash: `h${i}`,
      joinedAt: 0,
    })),
    state,
    logLength: state.ply,
    clock: startClock(3600, state, [], 1000),
    ...over,
  } as GameRecord;
}

function fresh(players = 3): GameState {
  const c = createGame({ players, seed: 21, firstPlayer: 0, moonlight: { greatTree: true, moonstones: true } });
  if (!c.ok) throw new Error(c.error.message);
  return c.state;
}

function step(
  s: GameState,
  pick: (actions: ReturnType<typeof legalActions>) => unknown = (a) => a[0],
): { state: GameState; events: GameEvent[] } {
  const r = applyAction(s, pick(legalActions(s)));
  if (!r.ok) throw new Error(r.error.message);
  return r;
}

/** The notifications of one transition, as every target gets them. */
function bodies(
  prev: GameRecord,
  next: GameRecord,
  events: GameEvent[],
): { pending: PendingNotification[]; out: string[] } {
  const pending = transitionNotifications(prev, next, events);
  const game = notifyGame(next, ORIGIN, true);
  const out = pending.map((p, i) => {
    const n: Notification = { ...p.detail, id: `evt_${next.id}_${i}`, type: p.type, at: 1_700_000_000_000, game };
    return JSON.stringify([discordMessage(n), slackMessage(n), jsonPayload(n)]);
  });
  return { pending, out };
}

/** States along a played game (3 players, every mode). */
function played(seed: number, players = 3): GameState[] {
  const states: GameState[] = [];
  const c = createGame({ players, seed, firstPlayer: 0, moonlight: { greatTree: true, moonstones: true } });
  if (!c.ok) throw new Error(c.error.message);
  states.push(c.state);
  playOutRandomly(c.state, seed, (_b, _c, after) => states.push(after));
  return states;
}

describe("Under the Moonlight in notifications", () => {
  it("'your turn' says what each setup step asks, and the game's channel never learns an unrevealed choice", () => {
    let s = fresh(3);
    const seen: string[] = [];
    for (let i = 0; i < 3 + 3 + 1 + 2; i++) {
      const before = s;
      const r = step(s, (a) => a[a.length - 1]);
      s = r.state;
      const { pending, out } = bodies(record(before), record(s), r.events);
      const turn = pending.find((p) => p.type === "turn.started")!;
      expect(turn.detail.seat).toBe(s.current);
      const stage = s.moon!.stage;
      const json = JSON.parse(out.at(-1)!)[2];
      expect(json.data.game.moon.stage).toBe(stage);
      const slackText: string = JSON.parse(out.at(-1)!)[1].text;
      seen.push(slackText);
      if (stage === "choose") {
        expect(slackText).toContain("it is your turn to choose your animal");
        // seats that chose are not revealed, in any body
        for (const a of moonRules.ANIMALS) expect(out.join(""), `names ${a}`).not.toMatch(new RegExp(`\\b${a}\\b`));
        expect(json.data.game.moon.players.every((p: { animal: unknown }) => p.animal === null)).toBe(true);
      }
      if (stage === "animals")
        expect(slackText).toContain("it is your turn to place your animal on a free 3-leaf cell");
      if (stage === "greatTree") expect(slackText).toContain("it is your turn to place the Great Tree on a free cell");
      if (stage === "moonstones") expect(slackText).toContain("it is your turn to place a moonstone on a free cell");
      if (stage === null) expect(slackText).toContain("it is your turn to place a small tree on the edge of the board");
    }
    expect(seen.some((t) => t.includes("choose your animal"))).toBe(true);
    expect(seen.some((t) => t.includes("place your animal"))).toBe(true);
    expect(seen.some((t) => t.includes("Great Tree"))).toBe(true);
    expect(seen.some((t) => t.includes("moonstone"))).toBe(true);
    expect(seen.at(-1)).toContain("small tree");
    // once all have chosen, the animals are public
    expect(s.moon!.players.every((p) => p.animal !== null)).toBe(true);
    const game = notifyGame(record(s), ORIGIN, false);
    expect(game.moon!.players.map((p) => p.animal)).toEqual(s.moon!.players.map((p) => p.animal));
  });

  it("twins that differ only in hidden things (a choice, the deals, the face-down babies) give identical messages", () => {
    // during the choice: seat a chose, b and c have not
    const s0 = fresh(3);
    const chose = step(s0);
    const s1 = chose.state;
    const m = s1.moon!;
    const other = s0.moon!.players[0].deal!.find((a) => a !== m.players[0].animal)!;
    const twin: GameState = {
      ...s1,
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
    expect(twin).not.toEqual(s1);
    // the service passes events through viewEvents before they are logged or sent; notifications use only the record
    const real = bodies(record(s0), record(s1), chose.events).out;
    const other2 = bodies(record(s0), record(twin), chose.events).out;
    expect(other2).toEqual(real);
    // the face-down babies, all through a played game with the turtle, and the game-over message
    let checked = 0;
    for (let seed = 1; seed < 60 && checked < 40; seed++) {
      const states = played(seed);
      if (!states.some((x) => x.moon!.nests.length > 0)) continue;
      for (let i = 1; i < states.length; i += 7) {
        const a = states[i - 1];
        const b = states[i];
        if (b.moon!.nests.length === 0) continue;
        const hidden = [...b.moon!.nests.map((n) => n.baby!), ...(b.moon!.box as BabyName[])];
        const rot = [...hidden.slice(2), ...hidden.slice(0, 2)];
        const twinB: GameState = {
          ...b,
          moon: {
            ...b.moon!,
            nests: b.moon!.nests.map((n, j) => ({ cell: n.cell, baby: rot[j] })),
            box: rot.slice(b.moon!.nests.length),
          },
        };
        const prev = record(a);
        expect(bodies(prev, record(twinB), []).out).toEqual(bodies(prev, record(b), []).out);
        checked++;
      }
      const end = states.at(-1)!;
      const out = bodies(record(states.at(-2)!), record(end), []).out.join("");
      expect(out).toContain("Game over");
    }
    expect(checked).toBeGreaterThan(10);
  });

  it("game over counts moon points and the baby turtle in each player's score", () => {
    const states = played(3);
    const end = states.at(-1)!;
    const scores = computeScores(end);
    const { pending, out } = bodies(record(states.at(-2)!), record(end, { status: "finished" }), []);
    const over = pending.find((p) => p.type === "game.ended")!;
    expect(over.detail.scores!.map((s) => [s.moon, s.babies])).toEqual(scores.map((s) => [s.moon, s.babies ?? 0]));
    const discord = JSON.parse(out[pending.indexOf(over)])[0];
    for (const s of scores)
      expect(discord.embeds[0].fields.map((f: { value: string }) => f.value)).toContain(
        `${s.total} points (${s.tokens} from tokens, ${s.light} from light, ${s.moon} from moon points${s.babies ? `, ${s.babies} from a baby turtle` : ""})`,
      );
    const json = JSON.parse(out[pending.indexOf(over)])[2];
    expect(json.data.scores[0]).toHaveProperty("moon");
    expect(json.data.scores[0]).toHaveProperty("babies");
  });

  it("a base game's notifications carry no moon at all", () => {
    const c = createGame({ players: 2, seed: 1, firstPlayer: 0 });
    if (!c.ok) throw new Error(c.error.message);
    const a = c.state;
    const b = step(a);
    const base = {
      ...record(a),
      settings: { seats: 2, longGame: false, heavyShade: false, moveTimeSeconds: 3600, firstPlayer: 0 },
    };
    const { out, pending } = bodies(base, { ...base, state: b.state }, b.events);
    expect(pending.map((p) => p.type)).toEqual(["turn.started"]);
    expect(out[0]).not.toMatch(/moon/i);
    expect(notifyGame({ ...base, state: b.state }, ORIGIN, true)).not.toHaveProperty("moon");
  });
});
