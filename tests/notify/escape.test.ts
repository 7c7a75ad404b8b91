import { describe, expect, it } from "vitest";
import { discordMessage } from "../../src/notify/discord";
import { userText } from "../../src/notify/escape";
import { jsonPayload } from "../../src/notify/json";
import { slackMessage } from "../../src/notify/slack";
import { render, plainMarkup } from "../../src/notify/text";
import { EVENT_TYPES, type EventType, type Notification } from "../../src/notify/types";

const Z = "\u200b";
const T = Date.UTC(2026, 10, 21, 12, 0, 0);
/** The name from issue 12. */
const ISSUE = "@everyone [x](https://e.vil) <!channel>";
const HOSTILE = [
  ISSUE,
  "<@999999999999999999> <#123456789012345678> <:pepe:123456789012345678> <t:0:R> **b** __u__ ~~s~~ ||sp|| `c`",
  "# Head -# sub > quote",
  "1. item <!here> <@U123ABC> <#C123ABC> <https://e.vil|click> *b* _i_ ~s~ &amp;",
];
const LABEL = "@here [evil](https://e.vil) <!everyone> <@U1>";

function note(type: EventType, names = HOSTILE, discordIds: (string | null)[] = []): Notification {
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
        discordUserId: discordIds[seat] ?? null,
      })),
      imageUrl: null,
    },
    seat: 0,
    subjectName: ISSUE,
    deadline: T + 3600_000,
    remainingMs: 1800_000,
    fraction: 0.5,
    autoAction: { type: "endTurn" },
    strikes: 1,
    maxTimeouts: 3,
    next: { seat: 1, deadline: T + 7200_000 },
    scores: names.map((_, seat) => ({
      seat,
      total: 40 - seat,
      tokens: 38 - seat,
      light: 2,
      rank: seat + 1,
      resigned: false,
    })),
    winners: [0, 1],
    until: T + 86_400_000,
    webhook: {
      id: "wh_0123456789abcdef",
      kind: "discord",
      label: LABEL,
      redactedUrl: "https://discord.com/api/webhooks/…/abcd",
      reason: "HTTP 404",
      scope: "game",
    },
    // Table talk: a message of every hostile sequence at once, on several lines.
    message: { n: 1, text: [...HOSTILE, LABEL].join("\n") },
  };
}

/** Sequences that are live somewhere in Discord or Slack; none may survive from user text. */
const LIVE = [
  "@everyone",
  "@here",
  "[x](",
  "[evil](",
  "https://e.vil",
  "<!channel>",
  "<!here>",
  "<!everyone>",
  "<@999999999999999999>",
  "<@U123ABC>",
  "<@U1>",
  "<#123456789012345678>",
  "<#C123ABC>",
  "<:pepe:",
  "<t:0:R>",
  "<https://e.vil|click>",
  "**b**",
  "~~s~~",
  "||sp||",
  "`c`",
];

function strings(x: unknown, out: string[] = []): string[] {
  if (typeof x === "string") out.push(x);
  else if (Array.isArray(x)) for (const v of x) strings(v, out);
  else if (x && typeof x === "object") for (const v of Object.values(x)) strings(v, out);
  return out;
}

describe("user text, escaped in one place", () => {
  it("the issue's name, exactly, per place", () => {
    expect(userText(ISSUE, "discord")).toBe(`@${Z}everyone \\[x\\]\\(https\\:/${Z}/e.vil\\) \\<!channel\\>`);
    expect(userText(ISSUE, "slack")).toBe(`@${Z}everyone [x]${Z}(https:/${Z}/e.vil) &lt;!channel&gt;`);
    expect(userText(ISSUE, "discord-plain")).toBe(`@${Z}everyone [x]${Z}(https:/${Z}/e.vil) <${Z}!channel>`);
    expect(userText(ISSUE, "slack-plain")).toBe(`@${Z}everyone [x]${Z}(https:/${Z}/e.vil) <${Z}!channel>`);
    expect(userText(ISSUE, "plain")).toBe(ISSUE);
  });

  it("Discord markdown: every formatting, heading, list, quote and mention character escaped", () => {
    expect(userText("<@123> <#456> <:e:789> **b** __u__ ~~s~~ ||sp|| `c`", "discord")).toBe(
      `\\<@${Z}123\\> \\<\\#456\\> \\<\\:e\\:789\\> \\*\\*b\\*\\* \\_\\_u\\_\\_ \\~\\~s\\~\\~ \\|\\|sp\\|\\| \\\`c\\\``,
    );
    expect(userText("# Head", "discord")).toBe("\\# Head");
    expect(userText("-# sub", "discord")).toBe("\\-\\# sub");
    expect(userText("> quote", "discord")).toBe("\\> quote");
    expect(userText("1. item", "discord")).toBe("1\\. item");
    expect(userText("+ item", "discord")).toBe("\\+ item");
    expect(userText("back\\slash", "discord")).toBe("back\\\\slash");
    expect(userText("Ann", "discord")).toBe("Ann");
  });

  it("Slack mrkdwn: &, < and > as entities, formatting characters as look-alikes", () => {
    expect(userText("A&B <!here> <@U1> <#C1> <https://e.vil|x>", "slack")).toBe(
      `A&amp;B &lt;!here&gt; &lt;@${Z}U1&gt; &lt;#C1&gt; &lt;https:/${Z}/e.vil|x&gt;`,
    );
    expect(userText("*b* _i_ ~s~ `c`", "slack")).toBe("∗b∗ ˍiˍ ∼s∼ ˋcˋ");
    expect(userText("@channel", "slack")).toBe(`@${Z}channel`);
  });

  it("control and invisible format characters never reach a message; names stay one line", () => {
    expect(userText("Ann\u0000\u001b[31m\nBob\u202e\u200b!", "plain")).toBe("Ann [31m Bob!");
    expect(userText("👨\u200d👩\u200d👧", "discord")).toBe("👨\u200d👩\u200d👧");
    expect(userText("x".repeat(500), "plain")).toHaveLength(80);
  });

  it("the issue's case: Discord content and title carry the name inert; only the real player is pinged", () => {
    const m = discordMessage(note("turn.started", [ISSUE, "Bea"], ["123456789012345678"]));
    const name = `@${Z}everyone \\[x\\]\\(https\\:/${Z}/e.vil\\) \\<!channel\\>`;
    expect(m.content).toBe(`<@123456789012345678> Your turn, ${name}`);
    expect(m.embeds![0].title).toBe(`Your turn, ${name}`);
    expect(m.embeds![0].footer!.text).toBe(
      `Photosynthesis: @${Z}everyone [x]${Z}(https:/${Z}/e.vil) <${Z}!channel> and Bea`,
    );
    expect(m.allowed_mentions).toEqual({ parse: [], users: ["123456789012345678"] });
  });

  it("the same in Slack: header, section, fields, context and the fallback text", () => {
    const m = slackMessage(note("player.joined", [ISSUE, "Bea"]));
    expect(m.blocks[0]).toEqual({
      type: "header",
      text: {
        type: "plain_text",
        text: `@${Z}everyone [x]${Z}(https:/${Z}/e.vil) <${Z}!channel> joined the game`,
        emoji: true,
      },
    });
    expect(m.blocks[1]).toEqual({
      type: "section",
      text: {
        type: "mrkdwn",
        text: `*@${Z}everyone [x]${Z}(https:/${Z}/e.vil) &lt;!channel&gt;* took a seat: 2 of 2 seats are taken.`,
        verbatim: true,
      },
    });
    expect(m.text).toBe(
      `@${Z}everyone [x]${Z}(https:/${Z}/e.vil) &lt;!channel&gt; joined the game: @${Z}everyone [x]${Z}(https:/${Z}/e.vil) &lt;!channel&gt; took a seat: 2 of 2 seats are taken.`,
    );
  });

  it.each(EVENT_TYPES)("%s: no live sequence from a hostile name or label in any field of Discord or Slack", (type) => {
    const n = note(type);
    const discord = strings(discordMessage(n)).join("\n");
    const slack = strings(slackMessage(n)).join("\n");
    for (const live of LIVE) {
      expect(discord.includes(live), `Discord ${type} carries ${live}`).toBe(false);
      expect(slack.includes(live), `Slack ${type} carries ${live}`).toBe(false);
    }
    // The names are still there, readably (escaped, not dropped).
    expect(discord).toMatch(/everyone/);
    expect(slack).toMatch(/everyone/);
  });

  it("a table-talk message: every hostile sequence made inert, the words kept, up to 500 characters", () => {
    const n = note("message.written");
    const discord = discordMessage(n);
    const slack = slackMessage(n);
    const text = strings(discord).join("\n");
    expect(text).toContain(`@${Z}everyone`);
    expect(text).toContain("\\*\\*b\\*\\*");
    expect(strings(slack).join("\n")).toContain(`&lt;@${Z}U123ABC&gt;`);
    // Longer than a name may be: the whole message, on one line, not the 80 characters of a name.
    const long = { ...n, message: { n: 2, text: `${"word ".repeat(99)}last` } };
    expect(strings(discordMessage(long)).join("\n")).toContain("last");
    expect(strings(slackMessage(long)).join("\n")).toContain("last");
    expect(render(long, plainMarkup).lines.join("\n")).toContain(`${"word ".repeat(99)}last`);
    // Signed JSON: the message as written.
    expect(jsonPayload(n).data.message).toEqual({ n: 1, text: n.message!.text });
  });

  it("signed JSON carries the raw data: receivers escape for their own output", () => {
    const p = jsonPayload(note("turn.started"));
    expect((p.data.player as { name: string }).name).toBe(ISSUE);
    expect(render(note("turn.started", ["Ann"]), plainMarkup).title).toBe("Your turn, Ann");
  });
});
