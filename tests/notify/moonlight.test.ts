/** Under the Moonlight in the message formatters: the setup steps, the moon's phase, moon points, timeouts; limits and escaping kept. */
import { afterEach, describe, expect, it, vi } from "vitest";
import { call } from "../api/client";
import { moonRules } from "../../src/engine";
import { DISCORD_LIMITS, discordMessage, embedLength } from "../../src/notify/discord";
import { jsonPayload } from "../../src/notify/json";
import { SLACK_LIMITS, slackMessage } from "../../src/notify/slack";
import { EVENT_TYPES, type EventType, type Notification, type NotifyMoon } from "../../src/notify/types";
import { DISCORD_URL, JSON_URL, SLACK_URL, clockedGame, farFuture, fireAlarm, receiver } from "./helpers";

afterEach(() => {
  vi.restoreAllMocks();
});

const T = Date.UTC(2026, 10, 21, 12, 0, 0);

function note(
  type: EventType,
  moon: Partial<NotifyMoon> = {},
  over: Partial<Notification> = {},
  names = ["Ada", "Bea", "Cy"],
): Notification {
  return {
    id: `evt_game0000001_${type}`,
    type,
    at: T,
    game: {
      id: "game00000001",
      url: "https://canopy.example/g/game00000001",
      status: type === "game.ended" ? "finished" : "active",
      round: 5,
      totalRounds: 18,
      phase: "play",
      seats: names.length,
      players: names.map((name, seat) => ({
        seat,
        id: `player00000${seat}`,
        name,
        resigned: false,
        discordUserId: seat === 1 ? "123456789012345678" : null,
      })),
      imageUrl: null,
      moon: {
        stage: null,
        full: false,
        nextFull: false,
        players: names.map((_, seat) => ({
          seat,
          animal: (["owl", "fox", "turtle"] as const)[seat % 3],
          points: 3 + seat,
        })),
        ...moon,
      },
    },
    seat: 1,
    deadline: T + 6 * 3600_000,
    next: { seat: 2, deadline: T + 24 * 3600_000 },
    scores: names.map((_, seat) => ({
      seat,
      total: 40 - seat * 5,
      tokens: 30 - seat * 5,
      light: 2,
      moon: 5,
      babies: seat === 0 ? 3 : 0,
      rank: seat + 1,
      resigned: false,
    })),
    winners: [0],
    ...over,
  };
}

const description = (n: Notification) => discordMessage(n).embeds![0].description!;

describe("Under the Moonlight messages", () => {
  it("'your turn' in setup says what the expansion's step asks", () => {
    const setup = (stage: NotifyMoon["stage"]) => {
      const n = note("turn.started", { stage, players: [0, 1, 2].map((seat) => ({ seat, animal: null, points: 2 })) });
      n.game.phase = "setup";
      n.game.round = 0;
      return n;
    };
    expect(description(setup("choose"))).toContain(
      "it is your turn to choose your animal: keep one of the two animal boards you were dealt (nobody sees your choice until everyone has chosen).",
    );
    expect(slackMessage(setup("animals")).text).toContain(
      "it is your turn to place your animal on a free 3-leaf cell.",
    );
    expect(slackMessage(setup("greatTree")).text).toContain("it is your turn to place the Great Tree on a free cell.");
    expect(slackMessage(setup("moonstones")).text).toContain("it is your turn to place a moonstone on a free cell.");
    expect(slackMessage(setup(null)).text).toContain("it is your turn to place a small tree on the edge of the board.");
    const started = note("game.started", { stage: "choose" });
    started.game.phase = "setup";
    expect(description(started)).toContain("chooses an animal first (Under the Moonlight).");
  });

  it("in play, 'your turn' hints at a full moon and gives the player's moon points", () => {
    const full = discordMessage(note("turn.started", { full: true }));
    expect(full.embeds![0].description).toContain("The moon is full this round.");
    expect(full.embeds![0].fields).toContainEqual({ name: "Moon points", value: "4", inline: true });
    expect(description(note("turn.started", { full: true, nextFull: true }))).toContain(
      "The moon is full this round and next round.",
    );
    expect(description(note("turn.started", { nextFull: true }))).toContain(
      "The moon is full next round: animals in moonlight will gain 2 moon points.",
    );
    expect(description(note("turn.started"))).not.toMatch(/moon/i);
  });

  it("a timeout in the expansion's setup says what was played, never which animal", () => {
    for (const [type, words] of [
      ["chooseAnimal", "an animal was chosen for them"],
      ["placeAnimal", "their animal was placed for them"],
      ["placeGreatTree", "the Great Tree was placed for them"],
      ["placeMoonstone", "a moonstone was placed for them"],
    ] as const) {
      const n = note("turn.timeout", {}, { autoAction: { type }, strikes: 1, maxTimeouts: 3 });
      expect(description(n)).toContain(`did not move in time: ${words}.`);
    }
  });

  it("game over shows moon points and the baby turtle in each score; the JSON carries them", () => {
    const e = discordMessage(note("game.ended")).embeds![0];
    expect(e.fields!.map((f) => f.value)).toEqual([
      "40 points (30 from tokens, 2 from light, 5 from moon points, 3 from a baby turtle)",
      "35 points (25 from tokens, 2 from light, 5 from moon points)",
      "30 points (20 from tokens, 2 from light, 5 from moon points)",
    ]);
    const p = jsonPayload(note("game.ended"));
    expect((p.data.scores as { moon: number; babies: number }[])[0]).toMatchObject({ moon: 5, babies: 3 });
    expect((p.data.game as { moon: NotifyMoon }).moon.players[0]).toEqual({ seat: 0, animal: "owl", points: 3 });
  });

  it("stays within Discord's and Slack's limits with very long names, for every event type and setup step", () => {
    const long = Array.from({ length: 4 }, (_, i) => `${"Ŧ".repeat(3000)}${i}😀`);
    for (const type of EVENT_TYPES)
      for (const stage of ["choose", "animals", "greatTree", "moonstones", null] as const) {
        const n = note(
          type,
          { stage, full: true, nextFull: true },
          { subjectName: long[0], autoAction: { type: "chooseAnimal" } },
          long,
        );
        const d = discordMessage(n);
        expect((d.content ?? "").length).toBeLessThanOrEqual(DISCORD_LIMITS.content);
        for (const e of d.embeds ?? []) {
          expect(embedLength(e)).toBeLessThanOrEqual(DISCORD_LIMITS.total);
          expect((e.description ?? "").length).toBeLessThanOrEqual(DISCORD_LIMITS.description);
          for (const f of e.fields ?? []) expect(f.value.length).toBeLessThanOrEqual(DISCORD_LIMITS.fieldValue);
        }
        const s = slackMessage(n);
        expect(s.text.length).toBeLessThanOrEqual(SLACK_LIMITS.text);
        for (const b of s.blocks)
          if (b.type === "section" && b.text) expect(b.text.text.length).toBeLessThanOrEqual(SLACK_LIMITS.section);
      }
  });

  it("names stay inert next to the new lines", () => {
    const hostile = ["@everyone", "<@999999999999999999> **x**", "<!channel>"];
    const d = discordMessage(note("turn.started", { full: true }, {}, hostile));
    expect(d.allowed_mentions).toEqual({ parse: [], users: ["123456789012345678"] });
    expect(JSON.stringify([d.embeds![0].description, d.embeds![0].fields])).not.toContain("<@999999999999999999>");
    const s = slackMessage(note("turn.started", { full: true }, { seat: 2 }, hostile));
    // (the header is plain text, where Slack parses nothing)
    expect(JSON.stringify(s.blocks.slice(1))).not.toContain("<!channel>");
    expect(s.text).not.toContain("<!channel>");
  });
});

describe("Under the Moonlight through the service's webhooks", () => {
  it("during the hidden choice every channel hears whose turn it is and what to do, and no animal", async () => {
    const clock = { t: farFuture() };
    const g = await clockedGame(2, clock, { moonlight: { greatTree: true, moonstones: true } });
    await g.join();
    const token = g.players[0].token;
    for (const [i, url] of [DISCORD_URL(7), SLACK_URL(7), JSON_URL(7)].entries()) {
      const r = await call("POST", `/api/games/${g.id}/webhooks`, { token, body: { url, label: `hook${i}` } });
      expect(r.status, JSON.stringify(r.body)).toBe(201);
    }
    const calls = receiver();
    const deal = (await call("GET", `/api/games/${g.id}`, { token })).body.state.moon.players[0].deal as string[];
    const version = (await call("GET", `/api/games/${g.id}`)).body.version;
    const chose = await call("POST", `/api/games/${g.id}/actions`, {
      token,
      body: { version, action: { type: "chooseAnimal", animal: deal[1] } },
    });
    expect(chose.status).toBe(200);
    await fireAlarm(g.id);
    // everything queued so far (the start, seat a's turn, seat b's turn) reaches all three targets
    expect(calls.length % 3).toBe(0);
    const all = calls.map((c) => c.body).join("\n");
    for (const a of moonRules.ANIMALS) expect(all, `names ${a}`).not.toMatch(new RegExp(`\\b${a}\\b`));
    const json = calls.filter((c) => c.url === JSON_URL(7)).at(-1)!.json;
    expect(json.type).toBe("turn.started");
    expect(json.data.seat).toBe(1);
    expect(json.data.game.moon).toEqual({
      stage: "choose",
      full: false,
      nextFull: false,
      players: [
        { seat: 0, animal: null, points: 2 },
        { seat: 1, animal: null, points: 2 },
      ],
    });
    const discord = calls.filter((c) => c.url === DISCORD_URL(7)).at(-1)!.json;
    expect(discord.embeds[0].description).toContain("it is your turn to choose your animal");
    // the second choice reveals both: the next notification names them
    calls.length = 0;
    const bDeal = (await call("GET", `/api/games/${g.id}`, { token: g.players[1].token })).body.state.moon.players[1]
      .deal as string[];
    const v2 = (await call("GET", `/api/games/${g.id}`)).body.version;
    expect(
      (
        await call("POST", `/api/games/${g.id}/actions`, {
          token: g.players[1].token,
          body: { version: v2, action: { type: "chooseAnimal", animal: bDeal[0] } },
        })
      ).status,
    ).toBe(200);
    await fireAlarm(g.id);
    const after = calls.filter((c) => c.url === JSON_URL(7)).at(-1)!.json;
    expect(after.data.game.moon.stage).toBe("animals");
    expect(after.data.game.moon.players.map((p: { animal: string }) => p.animal)).toEqual([deal[1], bDeal[0]]);
    expect(calls.filter((c) => c.url === SLACK_URL(7)).at(-1)!.json.text).toContain(
      "it is your turn to place your animal on a free 3-leaf cell",
    );
  });
});
