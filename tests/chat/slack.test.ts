/**
 * The Slack endpoint from signed requests alone (slash command and interactivity on one URL):
 * signatures (missing, bad, stale: 401), bad bodies (400), the command line's checks, linking,
 * a replayed trigger acting once, a game's message posted with chat.postMessage, a click answered
 * through its response_url, and the message edited in order with chat.update by the game's outbox.
 * Every body is checked against Slack's limits (tests/chat/limits.ts).
 */
import { beforeAll, describe, expect, it } from "vitest";
import { call, inRoom } from "../api/client";
import {
  calls,
  clickForm,
  drain,
  linkSlack,
  nowSeconds,
  post,
  redirectPlatforms,
  responsePathOf,
  script,
  slack,
  slackHeaders,
  slackId,
  slashForm,
  slackEphemeral as ephemeral,
  slackUser as user,
} from "./support";

// For the whole file: games' alarms may still send after a test is over.
beforeAll(() => redirectPlatforms());

describe("Slack: signatures and bodies", () => {
  it("unsigned, wrongly signed or stale: 401; signed but unreadable or oversized: 400", async () => {
    const form = slashForm(user("Ann"), slackId("C"), "help");
    const unsigned = await post("/api/chat/slack", form, { "content-type": "application/x-www-form-urlencoded" });
    expect(unsigned.status).toBe(401);
    expect(unsigned.body.error.code).toBe("BAD_SIGNATURE");
    const wrong = await post("/api/chat/slack", form, await slackHeaders(form, nowSeconds(), "not-the-secret"));
    expect(wrong.status).toBe(401);
    const stale = await slack(form, { timestamp: nowSeconds() - 301 });
    expect(stale.status).toBe(401);
    const tampered = await post("/api/chat/slack", form.replace("help", "games"), await slackHeaders(form));
    expect(tampered.status).toBe(401);
    expect((await ephemeral(await slack(form))).text).toMatch(/photosynthesis new/);
    for (const bad of [
      "payload=%7Bnot-json",
      "team_id=T1",
      `payload=${encodeURIComponent(JSON.stringify({ type: "block_actions" }))}`,
    ]) {
      const r = await slack(bad);
      expect(r.status, bad).toBe(400);
    }
    const big = `text=${"x".repeat(70 * 1024)}`;
    expect((await slack(big)).status).toBe(400);
  });

  it("the command line: unknown subcommands, options and values are answered with the usage; another command is refused", async () => {
    const u = user("Bea");
    const c = slackId("C");
    expect((await ephemeral(await slack(slashForm(u, c, "castle")))).text).toMatch(
      /no `castle` command[\s\S]*players=2-4/,
    );
    expect((await ephemeral(await slack(slashForm(u, c, "new timebank=3")))).text).toMatch(
      /`timebank=3` is not an option/,
    );
    expect((await ephemeral(await slack(slashForm(u, c, "new players=9")))).text).toMatch(/`players` is 2, 3 or 4/);
    expect((await ephemeral(await slack(slashForm(u, c, "new clock=2w")))).text).toMatch(/`clock` is one of/);
    expect((await ephemeral(await slack(slashForm(u, c, "new players=2 players=3")))).text).toMatch(/given twice/);
    expect((await ephemeral(await slack(slashForm(u, c, "new <!channel>")))).text).not.toContain("<!channel>");
    expect((await ephemeral(await slack(slashForm(u, c, "games", "/chess")))).text).toMatch(
      /answers `\/photosynthesis` only/,
    );
    expect(await calls(c)).toEqual([]);
  });
});

describe("Slack: a game in a channel", () => {
  it("new posts the message with chat.postMessage; a replayed trigger acts once; clicks answer through response_url; the outbox edits with chat.update in order", async () => {
    const ann = user("Ann");
    const bo = user("Bo");
    const annP = await linkSlack(ann);
    await linkSlack(bo);
    const channel = slackId("C");
    const form = slashForm(ann, channel, "new players=2");
    const headers = await slackHeaders(form);
    const first = await post("/api/chat/slack", form, headers);
    // Acknowledged at once with an empty 200; the answer follows through the response_url.
    expect(first.text).toBe("");
    const created = await ephemeral({ ...first, responsePath: responsePathOf(form) });
    expect(created.deferred).toBe(true);
    expect(created.text).toMatch(/Your game is open/);
    const id = /\/g\/([0-9a-z]{12})$/.exec(created.link!)![1];
    // The same signed request again: acknowledged, nothing more done (no second game, no second answer).
    const again = await post("/api/chat/slack", form, headers);
    expect(again.body).toEqual(first.body);
    await again.settled;
    expect(await calls(responsePathOf(form)!)).toHaveLength(1);
    const posted = await calls(channel);
    expect(posted).toHaveLength(1);
    expect(posted[0]).toMatchObject({ kind: "post", platform: "slack", problems: [] });
    const ts = posted[0].message!;
    const actions = posted[0].body.blocks.find((b: { type: string }) => b.type === "actions");
    expect(actions.elements.map((e: { action_id: string }) => e.action_id)).toEqual([
      "cnp_join",
      "cnp_bot",
      "cnp_start",
      "cnp_open",
    ]);

    // A stranger (not linked) clicks Join: the link, through the click's response_url; nothing changes.
    const stranger = clickForm(user("Stranger"), channel, ts, "cnp_join", id);
    const strangerClick = await slack(stranger.form);
    expect(strangerClick.status).toBe(200);
    await strangerClick.settled;
    const [answer] = await calls(stranger.responsePath);
    expect(answer.problems).toEqual([]);
    expect(answer.body).toMatchObject({ response_type: "ephemeral", replace_original: false });
    expect(answer.body.text).toMatch(/Link your Slack account/);
    // Open is a link: acknowledged, nothing else.
    const open = clickForm(bo, channel, ts, "cnp_open", undefined);
    const opened = await slack(open.form);
    expect(opened.status).toBe(200);
    await opened.settled;
    expect(await calls(open.responsePath)).toEqual([]);
    // Bo joins: the game (2 seats) starts.
    const join = clickForm(bo, channel, ts, "cnp_join", id);
    const joinBody = join.form;
    const joinHeaders = await slackHeaders(joinBody);
    for (let k = 0; k < 2; k++) {
      // The click, then a replay of it.
      const r = await post("/api/chat/slack", joinBody, joinHeaders);
      expect(r.status).toBe(200);
      await r.settled;
    }
    const joined = await calls(join.responsePath);
    expect(joined).toHaveLength(1);
    expect(joined[0].body.text).toMatch(/You sit at the table \(seat 2\)/);
    const game = (await call("GET", `/api/games/${id}`)).body;
    expect(game.status).toBe("active");

    await drain(id);
    const log = await calls(channel);
    const updates = log.filter((c) => c.kind === "edit");
    expect(updates.map((c) => c.body.ts)).toEqual(updates.map(() => ts));
    expect(updates.every((c) => c.status === 200 && c.problems.length === 0)).toBe(true);
    const deliveries = (
      await call("GET", `/api/games/${id}/deliveries?limit=100`, { token: annP.token })
    ).body.deliveries
      .filter((d: { target: { kind: string } }) => d.target.kind === "chat")
      .reverse();
    expect(deliveries.map((d: { eventType: string }) => d.eventType)).toEqual(["player.joined", "game.started"]);
    expect(updates).toHaveLength(2);
    // Each edit shows the game as of its change: Bo's join took the last seat (the lobby full, nobody
    // to play, only Open left to click), then the start put the game in play.
    const actionIds = (c: (typeof updates)[number]) =>
      c.body.blocks
        .filter((b: { type: string }) => b.type === "actions")
        .flatMap((b: { elements: { action_id: string }[] }) => b.elements.map((e) => e.action_id));
    expect(updates[0].body.text).toMatch(/Every seat is taken/);
    expect(actionIds(updates[0])).toEqual(["cnp_open"]);
    expect(JSON.stringify(updates[0].body.blocks)).not.toMatch(/to play/);
    expect(updates[1].body.text).toMatch(/to play/);
    // The first turn is Ann's or Bo's: the ping is a reply in the thread, mentioning that user only.
    const pings = log.filter((c) => c.kind === "post").slice(1);
    expect(pings).toHaveLength(1);
    expect(pings[0].body.thread_ts).toBe(ts);
    const mentions = [...pings[0].body.text.matchAll(/<@([A-Z0-9]+)>/g)].map((m) => m[1]);
    expect(mentions).toHaveLength(1);
    expect([ann.id, bo.id]).toContain(mentions[0]);
    expect(pings[0].body.text).not.toMatch(/<!(channel|here|everyone)>/);
    // Nothing secret went to the channel or the clicks' answers: no key, no invite code.
    const invite = await inRoom(
      id,
      (room) => (room as unknown as { a: { game: { inviteCode: string } } }).a.game.inviteCode,
    );
    const sent = JSON.stringify([log, answer, joined]);
    expect(sent).not.toContain(annP.token);
    expect(sent).not.toContain(invite);
  });

  it("games lists the channel's games and your turn, to you alone; after unlink the account acts for nobody", async () => {
    const cai = user("Cai");
    const dov = user("Dov");
    const caiP = await linkSlack(cai);
    await linkSlack(dov);
    const channel = slackId("C");
    expect((await ephemeral(await slack(slashForm(cai, channel, "games")))).text).toMatch(
      /No game was started in this channel/,
    );
    const id = /\/g\/([0-9a-z]{12})$/.exec(
      (await ephemeral(await slack(slashForm(cai, channel, "new players=2")))).link!,
    )![1];
    const ts = (await calls(channel))[0].message!;
    await (await slack(clickForm(dov, channel, ts, "cnp_join", id).form)).settled;
    const other = (await ephemeral(await slack(slashForm(cai, slackId("C"), "new players=3")))).link!;
    const g = (await call("GET", `/api/games/${id}`)).body;
    expect(g.status).toBe("active");
    const acting = g.seats[g.toAct].player.id === caiP.player.id ? cai : dov;
    const waiting = acting === cai ? dov : cai;
    await drain(id);
    const posted = (await calls(channel)).length;

    const mine = (await ephemeral(await slack(slashForm(acting, channel, "games")))).text;
    expect(mine).toMatch(/^It is your turn in 1 of this channel's games\./);
    expect(mine).toContain(`/g/${id} — *your turn* (you play)`);
    expect(mine).not.toContain(other);
    const theirs = (await ephemeral(await slack(slashForm(waiting, channel, "games")))).text;
    expect(theirs).toMatch(/^It is not your turn in any of this channel's games\./);
    expect(theirs).toContain(`/g/${id} — ${acting.name} to play (you play)`);
    expect(await calls(channel)).toHaveLength(posted);

    // Unlinked: the account no longer acts for the profile, whose seat stays its own.
    expect((await ephemeral(await slack(slashForm(waiting, channel, "unlink")))).text).toMatch(/^Unlinked/);
    expect((await ephemeral(await slack(slashForm(waiting, channel, "unlink")))).text).toMatch(/is not linked/);
    expect((await ephemeral(await slack(slashForm(waiting, channel, "games")))).text).toMatch(/^Link your account/);
    const click = clickForm(waiting, channel, ts, "cnp_start", id);
    await (await slack(click.form)).settled;
    const [answer] = await calls(click.responsePath);
    expect(answer.body.text).toMatch(/Link your Slack account/);
    const after = (await call("GET", `/api/games/${id}`)).body;
    expect(after.seats.map((s: { player: { id: string } }) => s.player.id)).toEqual(
      g.seats.map((s: { player: { id: string } }) => s.player.id),
    );
    // Linking again makes a new link (the account was free).
    expect((await ephemeral(await slack(slashForm(waiting, channel, "link")))).link).toMatch(/\/pair\//);
    await drain(/\/g\/([0-9a-z]{12})$/.exec(other)![1]);
  });

  it("a turn ping whose answer was lost (Slack timing out once) is not posted twice: the retry finds it by its metadata", async () => {
    const ann = user("Ann");
    const bo = user("Bo");
    const annP = await linkSlack(ann);
    await linkSlack(bo);
    const channel = slackId("C");
    const created = await ephemeral(await slack(slashForm(ann, channel, "new players=2")));
    const id = /\/g\/([0-9a-z]{12})$/.exec(created.link!)![1];
    const ts = (await calls(channel))[0].message!;
    // Bo's join starts the game: the join's edit, the start's edit, then the first turn's ping —
    // which Slack takes and whose answer never comes (its connection dropped unanswered).
    await script(channel, [200, 200, -1]);
    await (await slack(clickForm(bo, channel, ts, "cnp_join", id).form)).settled;
    await drain(id);
    const log = (await calls(channel)).slice(1);
    const pings = log.filter((c) => c.kind === "post");
    expect(pings).toHaveLength(1);
    expect(pings[0].body.thread_ts).toBe(ts);
    expect(pings[0].body.metadata).toMatchObject({ event_type: "canopy_turn_ping" });
    const notification: string = pings[0].body.metadata.event_payload.notification;
    expect(notification).toBeTruthy();
    // The retry read the thread (with metadata) before posting, found the ping, and posted nothing.
    const lookups = log.filter((c) => c.kind === "lookup");
    expect(lookups).toHaveLength(1);
    expect(lookups[0].body).toMatchObject({ channel, ts, include_all_metadata: "true" });
    expect(log.indexOf(lookups[0])).toBeGreaterThan(log.indexOf(pings[0]));
    expect(lookups[0].problems).toEqual([]);
    const deliveries = (
      await call("GET", `/api/games/${id}/deliveries?limit=100`, { token: annP.token })
    ).body.deliveries.filter((d: { target: { kind: string } }) => d.target.kind === "chat");
    expect(deliveries.every((d: { state: string }) => d.state === "delivered")).toBe(true);
    const started = deliveries.find((d: { eventType: string }) => d.eventType === "game.started");
    expect(started.eventId).toBe(notification);
    expect(started.attempts).toHaveLength(2);
  }, 120_000);

  it("where the app is not in the channel, new says how to add it and creates nothing", async () => {
    const u = user("Cy");
    await linkSlack(u);
    const channel = slackId("C");
    const { refuseChannel } = await import("./support");
    await refuseChannel(channel);
    const r = await ephemeral(await slack(slashForm(u, channel, "new")));
    expect(r.text).toMatch(/\/invite @Canopy/);
    expect((await calls(channel)).map((c) => c.kind)).toEqual(["post"]);
  });
});
