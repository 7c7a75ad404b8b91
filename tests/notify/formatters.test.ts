import type { APIEmbed, RESTPostAPIWebhookWithTokenJSONBody } from "discord-api-types/v10";
import type { KnownBlock } from "@slack/types";
import { Webhook } from "standardwebhooks";
import { describe, expect, it } from "vitest";
import { DISCORD_LIMITS, discordMessage, embedLength } from "../../src/notify/discord";
import { userText } from "../../src/notify/escape";
import { jsonPayload, newSecret, signedHeaders } from "../../src/notify/json";
import { slackMessage, type SlackMessage } from "../../src/notify/slack";
import { EVENT_TYPES, type EventType, type Notification } from "../../src/notify/types";

const T = Date.UTC(2026, 10, 21, 12, 0, 0);

function note(type: EventType, over: Partial<Notification> = {}, names = ["Ada", "Bea", "Cy"]): Notification {
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
      seats: names.length,
      players: names.map((name, seat) => ({
        seat,
        id: `player00000${seat}`,
        name,
        resigned: false,
        discordUserId: seat === 1 ? "123456789012345678" : null,
      })),
      imageUrl: null,
    },
    seat: 1,
    deadline: T + 6 * 3600_000,
    remainingMs: 3 * 3600_000,
    fraction: 0.5,
    autoAction: { type: "endTurn" },
    strikes: 1,
    maxTimeouts: 3,
    next: { seat: 2, deadline: T + 24 * 3600_000 },
    scores: names.map((_, seat) => ({
      seat,
      total: 40 - seat * 5,
      tokens: 38 - seat * 5,
      light: 2,
      rank: seat + 1,
      resigned: false,
    })),
    winners: [0],
    until: T + 48 * 3600_000,
    webhook: {
      id: "wh_0123456789abcdef",
      kind: "discord",
      label: "#games",
      redactedUrl: "https://discord.com/api/webhooks/…/abcd",
      reason: "HTTP 404",
      scope: "game",
    },
    ...over,
  };
}

function checkDiscordLimits(m: RESTPostAPIWebhookWithTokenJSONBody) {
  expect((m.content ?? "").length).toBeLessThanOrEqual(DISCORD_LIMITS.content);
  expect(m.embeds?.length ?? 0).toBeLessThanOrEqual(10);
  for (const e of m.embeds ?? []) {
    expect((e.title ?? "").length).toBeLessThanOrEqual(256);
    expect((e.description ?? "").length).toBeLessThanOrEqual(4096);
    expect((e.fields ?? []).length).toBeLessThanOrEqual(25);
    for (const f of e.fields ?? []) {
      expect(f.name.length).toBeGreaterThan(0);
      expect(f.name.length).toBeLessThanOrEqual(256);
      expect(f.value.length).toBeGreaterThan(0);
      expect(f.value.length).toBeLessThanOrEqual(1024);
    }
    expect((e.footer?.text ?? "").length).toBeLessThanOrEqual(2048);
    expect(embedLength(e)).toBeLessThanOrEqual(6000);
  }
}

describe("Discord messages", () => {
  it("an embed with the game, round n/18, whose turn, the deadline as <t:…:R> and a link to play; pings only through allowed_mentions", () => {
    const m: RESTPostAPIWebhookWithTokenJSONBody = discordMessage(note("turn.started"));
    const e: APIEmbed = m.embeds![0];
    expect(e.title).toBe("Your turn, Bea");
    expect(e.url).toBe("https://canopy.example/g/game00000001");
    expect(e.description).toContain("round 3 of 18");
    expect(e.description).toContain(`<t:${(T + 6 * 3600_000) / 1000}:R>`);
    expect(e.description).toContain("(https://canopy.example/g/game00000001)");
    expect(e.fields).toContainEqual({ name: "Round", value: "3 / 18", inline: true });
    expect(e.footer?.text).toBe("Photosynthesis: Ada, Bea and Cy");
    expect(m.content).toContain("<@123456789012345678>");
    expect(m.allowed_mentions).toEqual({ parse: [], users: ["123456789012345678"] });
    checkDiscordLimits(m);
  });

  it("a player without a Discord id is named, never pinged; nobody can be pinged through a name", () => {
    const hostile = ["@everyone", "<@999999999999999999> **bold** [x](https://evil.example)", "@here"];
    const m = discordMessage(note("game.started", {}, hostile));
    expect(m.content).toBeUndefined();
    expect(m.allowed_mentions).toEqual({ parse: [], users: [] });
    // Where Discord parses markdown and mentions (content, titles, description, fields), names are
    // inert; footers are plain text there.
    const e = m.embeds![0];
    const parsed = JSON.stringify([m.content ?? "", e.description, e.fields]);
    expect(parsed).not.toContain("<@999999999999999999>");
    expect(parsed).toContain("\\\\<@\u200b999999999999999999\\\\>");
    expect(parsed).not.toMatch(/(?<!\\)\[x\]\(/);
    expect(userText("a_b*c", "discord")).toBe("a\\_b\\*c");
  });

  it("respects every documented limit with very long names, for every event type", () => {
    const long = Array.from({ length: 4 }, (_, i) => `${"Ŧ".repeat(3000)}${i}😀`.repeat(2));
    for (const type of EVENT_TYPES) {
      const m = discordMessage(
        note(type, { subjectName: long[0], webhook: { ...note(type).webhook!, label: "L".repeat(5000) } }, long),
      );
      checkDiscordLimits(m);
      expect(m.embeds![0].title!.length).toBeGreaterThan(0);
    }
    // 25 fields at most even when a result has many lines.
    const many = discordMessage(
      note(
        "game.ended",
        {
          scores: Array.from({ length: 40 }, (_, seat) => ({
            seat,
            total: seat,
            tokens: seat,
            light: 0,
            rank: seat + 1,
            resigned: false,
          })),
        },
        long,
      ),
    );
    checkDiscordLimits(many);
  });

  it("a rematch: who asked, and the new game with its invite in every format (its title and button open it)", () => {
    const rematch = { id: "game00000002", url: "https://canopy.example/g/game00000002?invite=abcdefghijklmnop" };
    const n = note("game.rematch", { seat: 1, rematch, game: { ...note("game.ended").game, status: "finished" } });
    const d = discordMessage(n).embeds![0];
    expect(d.title).toBe("Bea wants a rematch");
    expect(d.url).toBe(rematch.url);
    expect(d.description).toContain(`[Join the new game](${rematch.url})`);
    const s = slackMessage(n);
    const buttons = s.blocks.flatMap((b) => (b.type === "actions" ? b.elements : []));
    expect(buttons).toEqual([
      expect.objectContaining({ url: rematch.url, style: "primary", action_id: "join_rematch" }),
    ]);
    expect(s.text).toContain("wants a rematch");
    expect(jsonPayload(n).data).toMatchObject({ rematch, seat: 1, player: { name: "Bea" } });
    // Another event carries no rematch.
    expect(jsonPayload(note("game.ended")).data).not.toHaveProperty("rematch");
  });

  it("game over lists the final scores by rank", () => {
    const m = discordMessage(note("game.ended"));
    const e = m.embeds![0];
    expect(e.title).toBe("Game over");
    expect(e.description).toContain("**Ada** wins with 40 points");
    expect(e.fields!.map((f) => f.name)).toEqual(["1st: Ada", "2nd: Bea", "3rd: Cy"]);
  });

  it("a board picture is attached when the game has one", () => {
    const n = note("turn.started");
    n.game.imageUrl = "https://canopy.example/api/games/game00000001/board.png?ply=12";
    expect(discordMessage(n).embeds![0].image).toEqual({ url: n.game.imageUrl });
    expect(slackMessage(n).blocks.some((b) => b.type === "image")).toBe(true);
  });
});

describe("Slack messages", () => {
  it("Block Kit with a text fallback; names escaped for &, < and >", () => {
    const m: SlackMessage = slackMessage(note("turn.reminder", {}, ["A&B", "<!channel> <@U123>", "C>D"]));
    const blocks: KnownBlock[] = m.blocks;
    expect(blocks[0]).toEqual({
      type: "header",
      text: { type: "plain_text", text: "Reminder: <\u200b!channel> <\u200b@\u200bU123> to play", emoji: true },
    });
    expect(m.text).toContain("&lt;!channel&gt; &lt;@\u200bU123&gt;");
    expect(m.text).not.toContain("<!channel>");
    const mrkdwn = JSON.stringify(blocks.slice(1));
    expect(mrkdwn).not.toContain("<!channel>");
    expect(mrkdwn).not.toContain("<@U123>");
    expect(mrkdwn).toContain("&lt;!channel&gt;");
    expect(JSON.stringify(slackMessage(note("game.ended", {}, ["A&B", "x", "y"])))).toContain("A&amp;B");
    const actions = blocks.find((b) => b.type === "actions");
    expect(JSON.stringify(actions)).toContain("https://canopy.example/g/game00000001");
    expect(mrkdwn).toMatch(/<!date\^\d+\^\{ago\}\|/);
  });

  it("stays within Slack's limits with very long names", () => {
    const long = ["x".repeat(10_000), "y".repeat(10_000)];
    for (const type of EVENT_TYPES) {
      const m = slackMessage(note(type, { seat: 0, subjectName: long[0] }, long));
      expect(m.text.length).toBeLessThanOrEqual(3000);
      const header = m.blocks[0] as { text: { text: string } };
      expect(header.text.text.length).toBeLessThanOrEqual(150);
      for (const b of m.blocks)
        if (b.type === "section" && b.text) expect(b.text.text.length).toBeLessThanOrEqual(3000);
    }
  });
});

describe("signed JSON (Standard Webhooks)", () => {
  it("signatures verify with the independent standardwebhooks package; a changed body does not", async () => {
    const secret = newSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const n = note("turn.timeout");
    const body = JSON.stringify(jsonPayload(n));
    const headers = await signedHeaders(secret, n.id, Math.floor(Date.now() / 1000), body);
    expect(headers["webhook-id"]).toBe(n.id);
    expect(headers["webhook-signature"]).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    const verified = new Webhook(secret).verify(body, headers) as any;
    expect(verified.type).toBe("turn.timeout");
    expect(verified.data.timeout).toEqual({ action: { type: "endTurn" }, strikes: 1, maxTimeouts: 3, resigned: false });
    expect(verified.data.next).toEqual({ seat: 2, deadline: new Date(T + 24 * 3600_000).toISOString() });
    expect(() => new Webhook(secret).verify(body.replace("timeout", "timeouT"), headers)).toThrow();
    expect(() => new Webhook(newSecret()).verify(body, headers)).toThrow();
  });

  it("carries plain data: no markup, the deadline as an ISO time", () => {
    const p = jsonPayload(note("turn.started"));
    expect(p).toMatchObject({ type: "turn.started", timestamp: new Date(T).toISOString() });
    expect(p.data).toMatchObject({
      id: "evt_game0000001_turn.started",
      seat: 1,
      player: { id: "player000001", name: "Bea" },
      deadline: new Date(T + 6 * 3600_000).toISOString(),
    });
    expect(JSON.stringify(p)).not.toContain("discordUserId");
  });
});
