/**
 * Issue 27's "done" scenario as people play it, on both platforms, from signed requests alone: two
 * chat accounts linked through the one-time link, a game made with the slash command, a join, a
 * bot added and the start clicked on the game's message, then every turn played through the game
 * page's own whole-turn call — POST /api/games/{id}/actions with `{version, actions}` and an
 * Idempotency-Key, the actions planned with the page's own model (web/src/game/model.ts:
 * newPlan, planAdd, turnToSubmit, which closes a turn in play with endTurn) on the state the page
 * is given — and the bot's turns from the game's alarm.
 *
 * Before each turn a player sends, the channel's message shows the game they are about to play
 * (the board of that ply, the round, the ▶ on their seat, everyone's points): the message was kept
 * up to date by every turn before, the bot's included. At the end it shows the result. Over the
 * whole game: every edit to the one message, in order, within the platform's limits; one edit
 * handing the turn to a player per turn that player sent; each such edit followed by exactly one
 * ping mentioning that player's own chat account and nobody else; no ping for the bot's turns.
 * Nothing secret in the channel.
 */
import { runDurableObjectAlarm } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { computeScores, legalActions, type Action, type GameState } from "../../src/engine";
import { newPlan } from "../../web/src/game/model";
import { planAdd, planState, turnToSubmit } from "../../web/src/game/plan";
import { call, inRoom, roomStub } from "../api/client";
import type { Call } from "./platform.setup";
import {
  buttonInteraction,
  calls,
  clickForm,
  commandInteraction,
  discord,
  discordUser,
  drain,
  ephemeralOf,
  linkDiscord,
  linkSlack,
  redirectPlatforms,
  slack,
  slackEphemeral,
  slackId,
  slackUser,
  slashForm,
  snowflake,
} from "./support";

// For the whole file: games' alarms may still send after a test is over.
beforeAll(() => redirectPlatforms());

interface ChatUser {
  id: string;
  name: string;
}

/** What the game's message shows, read back from an edit the platform received. */
interface Shown {
  headline: string;
  /** The seat marked ▶ (to play), or null. */
  toAct: number | null;
  /** Each seat's points as shown (null: none shown). */
  points: (number | null)[];
  /** The ply of the board picture (its address's `ply=`), or null: no picture. */
  ply: number | null;
}

/** One platform as the test drives it: its commands and clicks, and how its messages read. */
interface App {
  platform: "discord" | "slack";
  user(name: string): ChatUser;
  channel(): string;
  link(u: ChatUser): Promise<{ player: { id: string }; token: string }>;
  /** `/photosynthesis <text>` in `channel`: the answer's text and link. */
  command(u: ChatUser, channel: string, sub: string, options: Record<string, number | boolean>): Promise<string | null>;
  /** A click on the game's message: the answer's text. */
  click(u: ChatUser, channel: string, message: string, action: "join" | "bot" | "start", id: string): Promise<string>;
  shown(edit: Call): Shown;
  /** The users a ping for the game's message mentions (null: the call is not such a ping). */
  pinged(c: Call, message: string): string[] | null;
}

function readShown(headline: string, seats: string, image: string | null): Shown {
  const lines = seats.split("\n");
  const marked = lines.find((l) => l.startsWith("▶ "));
  return {
    headline,
    toAct: marked ? Number(/^▶ (?:🏆 )?(\d+)\. /.exec(marked)![1]) - 1 : null,
    points: lines.map((l) => {
      const m = / — (\d+) points?$/.exec(l);
      return m ? Number(m[1]) : null;
    }),
    ply: image ? Number(/[?&]ply=(\d+)/.exec(image)![1]) : null,
  };
}

const discordApp: App = {
  platform: "discord",
  user: discordUser,
  channel: snowflake,
  link: (u) => linkDiscord(u),
  async command(u, channel, sub, options) {
    const opts = Object.entries(options).map(([name, value]) =>
      typeof value === "boolean" ? { type: 5 as const, name, value } : { type: 4 as const, name, value },
    );
    return (await ephemeralOf(await discord(commandInteraction(u, channel, sub, opts)))).link;
  },
  async click(u, channel, message, action, id) {
    return (await ephemeralOf(await discord(buttonInteraction(u, channel, message, `cnp:${action}:${id}`)))).text;
  },
  shown(edit) {
    const embed = edit.body.embeds[0];
    return readShown(embed.description, embed.fields[0].value, embed.image?.url ?? null);
  },
  pinged(c, message) {
    if (c.kind !== "post" || c.message === message) return null;
    // A reply to the game's message that may ping the users it names and nobody else.
    expect(c.body.message_reference.message_id).toBe(message);
    expect(c.body.allowed_mentions.parse).toEqual([]);
    const users: string[] = c.body.allowed_mentions.users;
    expect([...c.body.content.matchAll(/<@!?&?(\d+)>/g)].map((m) => m[1])).toEqual(users);
    return users;
  },
};

const slackApp: App = {
  platform: "slack",
  user: slackUser,
  channel: () => slackId("C"),
  link: (u) => linkSlack(u),
  async command(u, channel, sub, options) {
    const words = Object.entries(options).map(([k, v]) => (v === true ? k : `${k}=${v}`));
    return (await slackEphemeral(await slack(slashForm(u, channel, [sub, ...words].join(" "))))).link;
  },
  async click(u, channel, message, action, id) {
    return (await slackEphemeral(await slack(clickForm(u, channel, message, `cnp_${action}`, id).form))).text;
  },
  shown(edit) {
    const sections = edit.body.blocks.filter((b: { type: string }) => b.type === "section");
    const image = edit.body.blocks.find((b: { type: string }) => b.type === "image");
    return readShown(
      sections[0].text.text,
      sections[1].text.text.replace(/^\*Seats\*\n/, ""),
      image?.image_url ?? null,
    );
  },
  pinged(c, message) {
    if (c.kind !== "post" || c.message === message) return null;
    // A reply in the game message's thread; Slack has no allowed_mentions: the text is all there is.
    expect(c.body.thread_ts).toBe(message);
    expect(c.body.text).not.toMatch(/<!(channel|here|everyone)|<!subteam/);
    return [...c.body.text.matchAll(/<@([A-Z0-9]+)>/g)].map((m) => m[1]);
  },
};

/**
 * The whole turn the game page would send for `view` (the state it is given, its version): the
 * actions a player taps, at random among the legal ones, checked by the page's own plan, then the
 * page's turnToSubmit (in play, the turn is closed with endTurn; in setup, one placement).
 */
function pageTurn(state: GameState, version: number, seat: number, pick: (n: number) => number): Action[] {
  let plan = newPlan(state, version);
  for (let k = 0; k < 60; k++) {
    const now = planState(plan);
    if (now.phase !== state.phase || now.current !== seat) break;
    const legal = legalActions(now).filter((a) => a.type !== "endTurn");
    if (legal.length === 0) break;
    // In play, a turn may stop after any action (or before the first): three in five go on.
    if (now.phase === "play" && pick(5) < 2) break;
    const next = planAdd(plan, legal[pick(legal.length)]);
    if ("error" in next) throw new Error(next.error);
    plan = next;
  }
  return turnToSubmit(plan, seat);
}

/**
 * Fire the game's alarm (never a person's turn: the player to act is not a bot) until the
 * channel's message shows `want`, and return what it shows; fail with what it shows after a minute.
 */
async function messageShows(app: App, id: string, channel: string, want: Omit<Shown, "headline"> & { round: RegExp }) {
  const until = Date.now() + 60_000;
  let last: Shown | null = null;
  for (;;) {
    await runDurableObjectAlarm(roomStub(id));
    const edits = (await calls(channel)).filter((c) => c.kind === "edit");
    last = edits.length ? app.shown(edits.at(-1)!) : null;
    if (
      last &&
      last.ply === want.ply &&
      last.toAct === want.toAct &&
      JSON.stringify(last.points) === JSON.stringify(want.points) &&
      want.round.test(last.headline)
    )
      return last;
    if (Date.now() > until) {
      expect(last, "the channel's message, a minute on").toEqual(want);
      throw new Error("unreachable");
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function playFromChannel(app: App, opts: { moonlight: boolean; seed: number }) {
  const ann = app.user("Ann");
  const bruno = app.user("Bruno");
  const annP = await app.link(ann);
  const brunoP = await app.link(bruno);
  const chatUserOf: Record<string, ChatUser> = { [annP.player.id]: ann, [brunoP.player.id]: bruno };
  const tokenOf: Record<string, string> = { [annP.player.id]: annP.token, [brunoP.player.id]: brunoP.token };
  const channel = app.channel();

  // /photosynthesis new: the game's message is posted in the channel; the answer links the game.
  const link = await app.command(ann, channel, "new", { players: 4, ...(opts.moonlight ? { moonlight: true } : {}) });
  const id = /\/g\/([0-9a-z]{12})$/.exec(link!)![1];
  const posted = await calls(channel);
  expect(posted).toHaveLength(1);
  expect(posted[0]).toMatchObject({ kind: "post", platform: app.platform, status: 200, problems: [] });
  const message = posted[0].message!;

  // Bruno joins; he may not start Ann's game; Ann adds a bot and starts with three of four seats.
  expect(await app.click(bruno, channel, message, "join", id)).toMatch(/seat 2/);
  expect(await app.click(bruno, channel, message, "start", id)).toMatch(/host/i);
  expect((await call("GET", `/api/games/${id}`)).body.status).toBe("waiting");
  expect(await app.click(ann, channel, message, "bot", id)).toMatch(/bot sits down/);
  expect(await app.click(ann, channel, message, "start", id)).toMatch(/started/);

  let rnd = opts.seed;
  const pick = (n: number) => {
    rnd = (rnd * 1103515245 + 12345) % 2147483648;
    return rnd % n;
  };
  const sent: Record<number, number> = {};
  let game = (await call("GET", `/api/games/${id}`)).body;
  expect(game.status).toBe("active");
  expect(game.options.moonlight != null).toBe(opts.moonlight);
  expect(game.seats.map((s: { bot: string | null }) => !!s.bot)).toEqual([false, false, true]);
  for (let i = 0; i < 2000 && game.status !== "finished"; i++) {
    const seat = game.seats[game.toAct];
    if (seat.bot) {
      // The bot plays from the game's alarm (it may already have).
      await runDurableObjectAlarm(roomStub(id));
    } else {
      // The game page of the player to act: their view, and what the channel shows meanwhile.
      const token = tokenOf[seat.player.id];
      const view = (await call("GET", `/api/games/${id}`, { token })).body;
      expect(view.you.seat).toBe(view.toAct);
      const state = view.state as GameState;
      await messageShows(app, id, channel, {
        toAct: view.toAct,
        points: computeScores(state).map((s) => s.tokens),
        ply: view.actionCount,
        round: state.phase === "setup" ? /^\*?Setup\b/ : new RegExp(`Round ${view.round} of ${view.totalRounds}\\b`),
      });
      const actions = pageTurn(state, view.version, view.toAct, pick);
      const r = await call("POST", `/api/games/${id}/actions`, {
        token,
        body: { version: view.version, actions },
        headers: { "idempotency-key": crypto.randomUUID() },
      });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(r.body.game.version).toBeGreaterThan(view.version);
      sent[view.toAct] = (sent[view.toAct] ?? 0) + 1;
    }
    game = (await call("GET", `/api/games/${id}`)).body;
  }
  expect(game.status).toBe("finished");
  // The end: the message shows the result (every seat's final total), nobody to play, the last board.
  const totals = Array.from({ length: 3 }, (_, s) => game.scores.find((x: { seat: number }) => x.seat === s).total);
  await messageShows(app, id, channel, { toAct: null, points: totals, ply: game.actionCount, round: /Game over/ });
  await drain(id);

  const log = await calls(channel);
  expect(log.filter((c) => c.status !== 200 || c.problems.length)).toEqual([]);
  const edits = log.filter((c) => c.kind === "edit");
  expect(edits.every((c) => c.message === message)).toBe(true);
  // Edits and pings, as they reached the platform: each ping right after the edit that handed the turn.
  const handedTo: number[] = [];
  let plies: number[] = [];
  for (let k = 1; k < log.length; k++) {
    const c = log[k];
    if (c.kind === "edit") {
      const shown = app.shown(c);
      if (shown.ply !== null) plies.push(shown.ply);
      if (shown.toAct !== null) handedTo.push(shown.toAct);
      // The pings that follow this edit, up to the next one.
      const pings: string[][] = [];
      for (let j = k + 1; j < log.length && log[j].kind !== "edit"; j++) {
        const users = app.pinged(log[j], message);
        expect(users, `call ${j} after the edit ${k}`).not.toBeNull();
        pings.push(users!);
      }
      const player = shown.toAct === null ? null : game.seats[shown.toAct].player;
      const linked = player && !game.seats[shown.toAct!].bot ? chatUserOf[player.id] : undefined;
      // A turn handed to Ann or Bruno: one ping, naming them only. Anything else: none.
      expect(pings, `pings after the edit ${k}: ${shown.headline}`).toEqual(linked ? [[linked.id]] : []);
    }
  }
  // One edit handing each person the turn per turn they sent; the bot's turns shown too.
  for (const s of [0, 1]) expect(handedTo.filter((x) => x === s)).toHaveLength(sent[s]);
  expect(handedTo.filter((x) => x === 2).length).toBeGreaterThan(10);
  // The boards shown never go back.
  plies = plies.filter((_, k) => k === 0 || plies[k] !== plies[k - 1]);
  for (let k = 1; k < plies.length; k++) expect(plies[k]).toBeGreaterThan(plies[k - 1]);
  expect(plies.at(-1)).toBe(game.actionCount);

  // Nothing secret went to the channel: no key, no invite code.
  const out = JSON.stringify(log);
  for (const t of Object.values(tokenOf)) expect(out).not.toContain(t);
  expect(out).not.toMatch(/cnp_[0-9a-z]{12}_/);
  const invite = await inRoom(
    id,
    (room) => (room as unknown as { a: { game: { inviteCode: string } } }).a.game.inviteCode,
  );
  expect(out).not.toContain(invite);
}

describe("a game played from a channel, its turns sent by the game page", () => {
  it("Discord: new, two linked accounts, join, a bot, start; the message up to date before every turn; one ping per turn, to the right player", async () => {
    await playFromChannel(discordApp, { moonlight: false, seed: 11 });
  }, 600_000);

  it("Slack, Under the Moonlight: the same through the slash command, Block Kit buttons, chat.update and thread pings", async () => {
    await playFromChannel(slackApp, { moonlight: true, seed: 5 });
  }, 600_000);
});
