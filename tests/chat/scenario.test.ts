/**
 * Issue 27's "done" scenario, from signed requests alone: a game started in a Discord channel, two
 * accounts linked through the one-time link, a join, a bot added, the start, the game played to
 * its end through the API as players do (the bot from the game's alarm), and the channel message
 * edited by the game's outbox at every change, in order, each edit within Discord's limits, each
 * turn of a linked player pinged once with only that player mentioned. Then the order holds through
 * failures: 500 and 429 answers from Discord hold the later edits back until the earlier one went.
 */
import { runDurableObjectAlarm } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { botName } from "../../src/contract/views";
import { call, inRoom, roomStub } from "../api/client";
import {
  buttonInteraction,
  calls,
  commandInteraction,
  discord,
  discordUser,
  drain,
  ephemeralOf,
  linkDiscord,
  redirectPlatforms,
  script,
  snowflake,
  type DiscordUser,
} from "./support";
import type { Call } from "./platform.setup";

// For the whole file: games' alarms may still send after a test is over.
beforeAll(() => redirectPlatforms());

async function newChannelGame(host: DiscordUser, channel: string, players: number) {
  const r = await ephemeralOf(
    await discord(commandInteraction(host, channel, "new", [{ type: 4, name: "players", value: players }])),
  );
  expect(r.deferred).toBe(5);
  const id = /\/g\/([0-9a-z]{12})$/.exec(r.link!)![1];
  const message = (await calls(channel))[0].message!;
  return { id, message };
}

/**
 * Fire the game's alarm until `n` calls for `channel` have reached the platform since `from`, and
 * return them. The outbox may send from the alarm or just after the request that queued the
 * notification: either way the call arrives, and only then does the test look at it.
 */
async function alarmUntil(id: string, channel: string, from: number, n: number) {
  const until = Date.now() + 60_000;
  while (Date.now() < until) {
    await runDurableObjectAlarm(roomStub(id));
    const log = (await calls(channel)).slice(from);
    if (log.length >= n) return log;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`fewer than ${n} calls reached the platform`);
}

/**
 * Fire the game's alarm once it is set (the failed delivery's retry sets it once that delivery is
 * settled, however it was sent), with the game's clock where it is.
 */
async function fireSetAlarm(id: string) {
  const until = Date.now() + 60_000;
  while (Date.now() < until) {
    if (await runDurableObjectAlarm(roomStub(id))) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error("the game's alarm was never set");
}

/** Every delivery of the game to its channel, oldest first. */
async function channelDeliveries(id: string, token: string) {
  const all: { id: number; eventType: string; state: string; target: { kind: string } }[] = [];
  let before: number | undefined;
  for (;;) {
    const page = (
      await call("GET", `/api/games/${id}/deliveries?limit=100${before ? `&before=${before}` : ""}`, { token })
    ).body;
    all.push(...page.deliveries);
    if (!page.next) break;
    before = page.next;
  }
  return all.filter((d) => d.target.kind === "chat").sort((a, b) => a.id - b.id);
}

const plyOf = (c: Call) => {
  const url: string | undefined = c.body?.embeds?.[0]?.image?.url;
  return url ? Number(/ply=(\d+)/.exec(url)![1]) : null;
};
const description = (c: Call): string => c.body.embeds[0].description;

describe("a game played from a Discord channel", () => {
  it("created, joined, a bot added, started and played to the end: the channel message follows every change, in order", async () => {
    const ann = discordUser("Ann");
    const bruno = discordUser("Bruno");
    const annP = await linkDiscord(ann);
    const brunoP = await linkDiscord(bruno);
    const channel = snowflake();
    const { id, message } = await newChannelGame(ann, channel, 4);
    const click = (u: DiscordUser, action: string) =>
      discord(buttonInteraction(u, channel, message, `cnp:${action}:${id}`));
    expect((await ephemeralOf(await click(bruno, "join"))).text).toMatch(/seat 2/);
    expect((await ephemeralOf(await click(ann, "bot"))).text).toMatch(/bot sits down/);
    expect((await ephemeralOf(await click(ann, "start"))).text).toMatch(/started/);

    const tokens: Record<string, string> = { [annP.player.id]: annP.token, [brunoP.player.id]: brunoP.token };
    let rnd = 7;
    const pick = (n: number) => {
      rnd = (rnd * 1103515245 + 12345) % 2147483648;
      return rnd % n;
    };
    let game = (await call("GET", `/api/games/${id}`)).body;
    expect(game.seats.map((s: { player: { name: string } | null }) => s.player?.name)).toEqual([
      "Ann",
      "Bruno",
      botName(1, "medium"),
    ]);
    for (let i = 0; i < 6000 && game.status !== "finished"; i++) {
      const seat = game.seats[game.toAct];
      if (seat.bot) {
        await runDurableObjectAlarm(roomStub(id));
      } else {
        const token = tokens[seat.player.id];
        const legal = (await call("GET", `/api/games/${id}/legal-actions`, { token })).body;
        if (legal.actions.length) {
          // Random legal actions, ending the turn more often than not: a whole game in fewer requests.
          const end = legal.actions.find((a: { type: string }) => a.type === "endTurn");
          const action = end && pick(10) < 6 ? end : legal.actions[pick(legal.actions.length)];
          const r = await call("POST", `/api/games/${id}/actions`, { token, body: { version: legal.version, action } });
          expect(r.status).toBe(200);
        }
      }
      game = (await call("GET", `/api/games/${id}`)).body;
    }
    expect(game.status).toBe("finished");
    await drain(id);

    const deliveries = await channelDeliveries(id, annP.token);
    expect(deliveries.every((d) => d.state === "delivered")).toBe(true);
    const log = await calls(channel);
    expect(log.every((c) => c.status === 200 && c.problems.length === 0)).toBe(true);
    expect(log[0]).toMatchObject({ kind: "post", message });
    const sentEdits = log.filter((c) => c.kind === "edit");
    expect(sentEdits.every((c) => c.message === message)).toBe(true);
    // An edit whose answer was lost on the way (loopback drops connections on a loaded machine) is
    // sent again, the same: at least once, harmless twice. The same body twice in a row is one edit.
    const edits = sentEdits.filter(
      (c, i) => i === 0 || JSON.stringify(c.body) !== JSON.stringify(sentEdits[i - 1].body),
    );
    // One edit per delivery, in the deliveries' order.
    expect(edits).toHaveLength(deliveries.length);
    const types = deliveries.map((d) => d.eventType);
    expect(types.slice(0, 3)).toEqual(["player.joined", "player.joined", "game.started"]);
    expect(types.at(-1)).toBe("game.ended");
    const turns = types.filter((t) => t === "turn.started").length;
    expect(turns).toBeGreaterThan(20);
    edits.forEach((e, i) => {
      const t = types[i];
      if (t === "player.joined") expect(description(e)).toMatch(/Waiting for players/);
      if (t === "turn.started" || t === "game.started") expect(description(e)).toMatch(/to play, \*\*/);
      if (t === "game.ended") expect(description(e)).toMatch(/^Game over/);
    });
    // The board in each edit is the position of its change: never older than the one before.
    const plies = edits.map(plyOf).filter((p): p is number => p !== null);
    expect(plies.length).toBeGreaterThan(turns);
    for (let i = 1; i < plies.length; i++) expect(plies[i]).toBeGreaterThanOrEqual(plies[i - 1]);
    const turnPlies = edits.filter((_, i) => types[i] === "turn.started").map(plyOf);
    for (let i = 1; i < turnPlies.length; i++) expect(turnPlies[i]!).toBeGreaterThan(turnPlies[i - 1]!);
    // The last edit: the final scores, as the game has them; no buttons but Open.
    const last = edits.at(-1)!.body;
    const seatsField: string = last.embeds[0].fields[0].value;
    for (const s of game.scores ?? []) expect(seatsField).toContain(`${s.seat + 1}. `);
    expect(last.components[0].components.map((b: { label: string }) => b.label)).toEqual(["See the game"]);
    // Pings: each turn handed to Ann or Bruno mentions that player only, as a reply to the message.
    const pings = log.filter((c) => c.kind === "post").slice(1);
    expect(pings.length).toBeGreaterThan(10);
    for (const p of pings) {
      const mentioned = p.body.allowed_mentions.users;
      expect(mentioned).toHaveLength(1);
      expect([ann.id, bruno.id]).toContain(mentioned[0]);
      expect(p.body.content.startsWith(`<@${mentioned[0]}>`)).toBe(true);
      expect(p.body.message_reference.message_id).toBe(message);
      expect(p.body.allowed_mentions.parse).toEqual([]);
    }
    // Nothing secret went to the channel: no key, no token, no invite code.
    const sent = JSON.stringify(log);
    expect(sent).not.toContain(annP.token);
    expect(sent).not.toContain("cnp_");
    const invite = await inRoom(
      id,
      (room) => (room as unknown as { a: { game: { inviteCode: string } } }).a.game.inviteCode,
    );
    expect(sent).not.toContain(invite);
  }, 600_000);

  it("Discord answering 500 and 429: the next edits wait for the failed one, and every edit arrives once, in order", async () => {
    const ann = discordUser("Ada");
    const bo = discordUser("Bo");
    const adaP = await linkDiscord(ann);
    const boP = await linkDiscord(bo);
    const channel = snowflake();
    const { id, message } = await newChannelGame(ann, channel, 2);
    await (await discord(buttonInteraction(bo, channel, message, `cnp:join:${id}`))).settled;
    await drain(id);
    const before = (await calls(channel)).length;
    // From here the game runs on a clock the test drives: alarms fire only when fired.
    const clock = { t: Math.floor((Date.now() + 365 * 86_400_000) / 1000) * 1000 };
    await inRoom(id, (room) => {
      room.now = () => clock.t;
      room.random = () => 0.5;
    });
    await script(channel, [500, 429]);
    const tokens: Record<string, string> = { [adaP.player.id]: adaP.token, [boP.player.id]: boP.token };
    // Three turns' worth of actions while Discord fails.
    for (let k = 0; k < 3; k++) {
      const g = (await call("GET", `/api/games/${id}`)).body;
      const token = tokens[g.seats[g.toAct].player.id];
      for (;;) {
        const legal = (await call("GET", `/api/games/${id}/legal-actions`, { token })).body;
        if (!legal.actions.length) break;
        const r = await call("POST", `/api/games/${id}/actions`, {
          token,
          body: { version: legal.version, action: legal.actions[0] },
        });
        expect(r.status).toBe(200);
        const now = (await call("GET", `/api/games/${id}`)).body;
        if (now.toAct !== g.toAct) break;
      }
    }
    // The first edit is answered 500; the later ones wait behind it.
    let log = await alarmUntil(id, channel, before, 1);
    expect(log.map((c) => c.status)).toEqual([500]);
    // Its retry is not due yet: the alarm, fired now, sends nothing.
    await fireSetAlarm(id);
    log = (await calls(channel)).slice(before);
    expect(log.map((c) => c.status)).toEqual([500]);
    clock.t += 5_000;
    log = await alarmUntil(id, channel, before, 2); // 429 (retry_after 2 s)
    expect(log.map((c) => c.status)).toEqual([500, 429]);
    clock.t += 3_000;
    await drain(id);
    log = (await calls(channel)).slice(before);
    const edits = log.filter((c) => c.kind === "edit");
    // The failed edit is the first to go through, then the others, each once.
    expect(edits.map((c) => c.status)).toEqual([500, 429, ...edits.slice(2).map(() => 200)]);
    expect(JSON.stringify(edits[2].body)).toBe(JSON.stringify(edits[0].body));
    const ok = edits.filter((c) => c.status === 200);
    const deliveries = (await channelDeliveries(id, adaP.token)).slice(-ok.length);
    expect(deliveries.every((d) => d.state === "delivered")).toBe(true);
    const plies = ok.map(plyOf);
    for (let i = 1; i < plies.length; i++) expect(plies[i]!).toBeGreaterThan(plies[i - 1]!);
  }, 300_000);
});
