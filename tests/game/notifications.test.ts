import { describe, expect, it } from "vitest";
import { startClock } from "../../src/game/clock";
import { startedState, type GameRecord } from "../../src/game/model";
import { notifyGame, transitionNotifications } from "../../src/game/notifications";

function lobby(seats: number, taken: number): GameRecord {
  return {
    id: "g00000000001",
    status: "waiting",
    version: 1,
    settings: { seats, longGame: false, heavyShade: false, moveTimeSeconds: 3600, firstPlayer: 0 },
    seed: 7,
    createdBy: "p0",
    createdAt: 0,
    startedAt: null,
    endedAt: null,
    inviteCode: "x",
    seats: Array.from({ length: taken }, (_, i) => ({
      playerId: `p${i}`,
      name: `P${i}`,
      tokenHash: `h${i}`,
      joinedAt: 0,
    })),
    state: null,
    logLength: 0,
  };
}

function started(g: GameRecord, now: number): GameRecord {
  const state = startedState(g);
  return {
    ...g,
    status: "active",
    version: g.version + 1,
    state,
    startedAt: now,
    clock: startClock(g.settings.moveTimeSeconds, state, [], now),
  };
}

describe("which changes notify whom", () => {
  it("a join that fills the game: 'joined' to the others, 'started' to everyone with who plays first", () => {
    const prev = lobby(2, 1);
    const next = started({ ...prev, seats: lobby(2, 2).seats }, 1000);
    const out = transitionNotifications(prev, next, []);
    expect(out.map((n) => [n.type, n.audience])).toEqual([
      ["player.joined", { players: ["p0"], channel: true }],
      ["game.started", { players: ["p0", "p1"], channel: true }],
    ]);
    expect(out[1].detail.next).toEqual({ seat: 0, deadline: 1000 + 3600_000 });
  });

  it("a new turn: 'your turn' to its player; the channel skips it when a timeout already named the next player", () => {
    const a = started(lobby(2, 2), 0);
    const state = { ...a.state!, current: 1, turn: 1 };
    const b: GameRecord = { ...a, version: a.version + 1, state, clock: startClock(3600, state, [], 5) };
    const plain = transitionNotifications(a, b, []);
    expect(plain.map((n) => [n.type, n.audience, n.detail.seat])).toEqual([
      ["turn.started", { players: ["p1"], channel: true }, 1],
    ]);
    const afterTimeout = transitionNotifications(
      a,
      b,
      [],
      [
        {
          type: "turn.timeout",
          detail: { seat: 0, next: { seat: 1, deadline: 5 + 3600_000 } },
          audience: { players: ["p0"], channel: true },
        },
      ],
    );
    expect(afterTimeout.map((n) => [n.type, n.audience.channel])).toEqual([
      ["turn.timeout", true],
      ["turn.started", false],
    ]);
  });

  it("links to the game; the board picture only from a public https origin", () => {
    const g = started(lobby(2, 2), 0);
    expect(notifyGame(g, "https://canopy.example", true)).toMatchObject({
      url: "https://canopy.example/g/g00000000001",
      imageUrl: "https://canopy.example/api/games/g00000000001/board.png?ply=0",
      phase: "setup",
      totalRounds: 18,
    });
    expect(notifyGame(g, "http://localhost:8787", true).imageUrl).toBeNull();
    expect(notifyGame(g, "https://canopy.example", false).imageUrl).toBeNull();
    expect(notifyGame(lobby(3, 1), "https://canopy.example", true)).toMatchObject({
      imageUrl: null,
      phase: "lobby",
      seats: 3,
    });
  });
});
