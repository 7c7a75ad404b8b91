/** What a push says and how it travels (TTL, Urgency, Topic): pure functions of the notification. */
import { describe, expect, it } from "vitest";
import { pushKeysProblem, pushMessage, vapidConfig } from "../../src/notify/push";
import type { EventType, Notification } from "../../src/notify/types";

const T = Date.UTC(2026, 10, 21, 12, 0, 0);
const HOUR = 3600_000;
const ME = "player000001";

function note(type: EventType, over: Partial<Notification> = {}): Notification {
  return {
    id: `evt_game0000001_${type}`,
    type,
    at: T,
    game: {
      id: "game00000001",
      url: "https://canopy.example/g/game00000001",
      status: type === "game.ended" ? "finished" : "active",
      round: 3,
      totalRounds: 18,
      phase: "play",
      seats: 3,
      players: ["Ada", "Bea <b>@everyone", "Cy"].map((name, seat) => ({
        seat,
        id: `player00000${seat}`,
        name,
        resigned: false,
      })),
    },
    ...over,
  };
}

describe("push messages", () => {
  it("a rematch: who asked, and a tap opens the new game with its invite", () => {
    const rematch = { id: "game00000002", url: "https://canopy.example/g/game00000002?invite=abcdefghijklmnop" };
    const m = pushMessage(note("game.rematch", { seat: 0, rematch }), "player000002", T);
    expect(m.payload).toMatchObject({
      type: "game.rematch",
      body: "Ada wants a rematch: tap to join the new game.",
      url: rematch.url,
      gameId: "game00000002",
    });
  });

  it("your turn: urgent, kept until the deadline, replaces a waiting one of the same game, opens the game", () => {
    const m = pushMessage(note("turn.started", { seat: 1, deadline: T + 6 * HOUR }), ME, T);
    expect(m.urgency).toBe("high");
    expect(m.ttl).toBe(6 * 3600);
    expect(m.topic).toBe("turn-game00000001");
    expect(m.payload).toMatchObject({
      v: 1,
      type: "turn.started",
      url: "https://canopy.example/g/game00000001",
      gameId: "game00000001",
      tag: "canopy-game00000001",
    });
    expect(m.payload.body).toBe("Your turn. It ends by itself in 6 h.");
    expect(m.payload.title).toBe("Photosynthesis with Ada, Cy");
  });

  it("someone else's turn is not urgent; no deadline keeps it a day, never longer", () => {
    const m = pushMessage(note("turn.started", { seat: 0, deadline: null }), ME, T);
    expect(m.urgency).toBe("normal");
    expect(m.ttl).toBe(86_400);
    expect(m.payload.body).toBe("Ada's turn.");
    const far = pushMessage(note("turn.started", { seat: 1, deadline: T + 10 * 24 * HOUR }), ME, T);
    expect(far.ttl).toBe(86_400);
  });

  it("a reminder is urgent and lives only until the turn ends (at least a minute)", () => {
    const m = pushMessage(note("turn.reminder", { seat: 1, deadline: T + HOUR / 2, remainingMs: HOUR / 2 }), ME, T);
    expect(m).toMatchObject({ urgency: "high", ttl: 1800, topic: "turn-game00000001" });
    expect(m.payload.body).toBe("Your turn ends by itself in 30 min.");
    const late = pushMessage(note("turn.reminder", { seat: 1, deadline: T + 5_000, remainingMs: 5_000 }), ME, T);
    expect(late.ttl).toBe(60);
  });

  it("game over: normal urgency, a day, no topic (it must not replace or be replaced)", () => {
    const m = pushMessage(
      note("game.ended", {
        winners: [1],
        scores: [
          { seat: 0, total: 40, tokens: 38, light: 2, rank: 2, resigned: false },
          { seat: 1, total: 52, tokens: 50, light: 2, rank: 1, resigned: false },
        ],
      }),
      ME,
      T,
    );
    expect(m).toMatchObject({ urgency: "normal", ttl: 86_400, topic: null });
    expect(m.payload.body).toBe("Game over: you won. You scored 52 points.");
  });

  it("comings and goings are low urgency; a resignation that makes it your turn is urgent", () => {
    expect(pushMessage(note("player.joined", { seat: 2 }), ME, T)).toMatchObject({ urgency: "low", ttl: 43_200 });
    const r = pushMessage(note("player.resigned", { seat: 0, next: { seat: 1, deadline: T + 2 * HOUR } }), ME, T);
    expect(r).toMatchObject({ urgency: "high", ttl: 7200 });
    expect(r.payload.body).toBe("Ada resigned. Now it is your turn.");
  });

  it("names are plain text with control characters removed", () => {
    const m = pushMessage(note("player.joined", { seat: 1 }), "player000000", T);
    expect(m.payload.body).toBe("Bea <b>@everyone joined.");
    const nasty = note("player.joined", { seat: 2 });
    nasty.game.players[2].name = "Cy\u202e\nx";
    expect(pushMessage(nasty, ME, T).payload.body).toBe("Cy x joined.");
  });

  it("table talk: who wrote and what, as plain text on one line, clipped; not urgent", () => {
    const text = `Good luck\u202e all\n<b>@everyone</b> ${"🌳".repeat(400)}`;
    const m = pushMessage(note("message.written", { seat: 0, message: { n: 3, text } }), ME, T);
    expect(m.payload.body.startsWith("Ada: Good luck all <b>@everyone</b> 🌳")).toBe(true);
    expect(m.payload.body).not.toContain("\n");
    expect(m.payload.body).not.toContain("\u202e");
    expect([...m.payload.body].length).toBeLessThanOrEqual(206);
    expect(m.payload.body.endsWith("…")).toBe(true);
    expect(m.urgency).toBe("normal");
    expect(m.topic).toBeNull();
    expect(m.payload.url).toBe("https://canopy.example/g/game00000001");
  });

  it("every event type has a message that fits a push (under 4 KB with its envelope)", () => {
    for (const type of [
      "game.started",
      "turn.started",
      "turn.reminder",
      "turn.timeout",
      "player.joined",
      "player.left",
      "player.resigned",
      "player.away",
      "game.ended",
      "message.written",
      "webhook.disabled",
      "webhook.test",
    ] as EventType[]) {
      const m = pushMessage(note(type, { seat: 1, deadline: T + HOUR }), ME, T);
      expect(m.payload.body.length, type).toBeGreaterThan(5);
      expect(new TextEncoder().encode(JSON.stringify(m.payload)).length).toBeLessThan(3000);
      expect(m.ttl).toBeGreaterThanOrEqual(60);
      expect(m.ttl).toBeLessThanOrEqual(86_400);
    }
  });
});

describe("push configuration and keys", () => {
  const pub = "BCLo6kMxKWxTCWNNS7p1gVCrD84-sCMfiWaASRl8xFBIpCKIMkqubHmaPKlvAE_KklmAyA0kxO8w1VsQDrew5QY";
  const priv = "2-9pqSMpnMP9e_zqGr0ZheVgkmdPeUNMEAdpx2HrNps";
  it("VAPID keys must both be set and of the right size; the subject defaults to an https origin", () => {
    expect(vapidConfig({})).toBeNull();
    expect(vapidConfig({ VAPID_PUBLIC_KEY: pub })).toBeNull();
    expect(vapidConfig({ VAPID_PUBLIC_KEY: pub.slice(4), VAPID_PRIVATE_KEY: priv })).toBeNull();
    expect(
      vapidConfig({ VAPID_PUBLIC_KEY: pub, VAPID_PRIVATE_KEY: priv, PUBLIC_ORIGIN: "https://canopy.example" }),
    ).toEqual({ publicKey: pub, privateKey: priv, subject: "https://canopy.example" });
  });
  it("subscription keys: p256dh a 65-byte uncompressed point, auth 16 bytes", () => {
    expect(pushKeysProblem({ p256dh: pub, auth: "AAAAAAAAAAAAAAAAAAAAAA" })).toBeNull();
    expect(pushKeysProblem({ p256dh: pub.slice(2), auth: "AAAAAAAAAAAAAAAAAAAAAA" })).toMatch(/p256dh/);
    expect(pushKeysProblem({ p256dh: `A${pub.slice(1)}`, auth: "AAAAAAAAAAAAAAAAAAAAAA" })).toMatch(/p256dh/);
    expect(pushKeysProblem({ p256dh: pub, auth: "AAAAAAAAAAAAAAAAAAAA" })).toMatch(/auth/);
  });
});
