/**
 * The Discord interactions endpoint from signed requests alone: signatures (missing, bad, stale:
 * 401, nothing done), bad bodies (400), replays (act once), bad input (a clear ephemeral answer,
 * nothing changed), linking an account through the one-time link, and a game started in a channel.
 * Every answer is checked against Discord's limits (tests/chat/limits.ts).
 */
import { beforeAll, describe, expect, it } from "vitest";
import { call, inRoom } from "../api/client";
import {
  APP_ID,
  ephemeralOf,
  linkDiscord,
  buttonInteraction,
  calls,
  commandInteraction,
  discord,
  discordHeaders,
  discordUser,
  drain,
  nowSeconds,
  post,
  redirectPlatforms,
  refuseChannel,
  release,
  hold,
  script,
  snowflake,
  type DiscordUser,
} from "./support";

// For the whole file: games' alarms may still send after a test is over.
beforeAll(() => redirectPlatforms());

describe("signatures and bodies", () => {
  it("PING is answered PONG only when signed by the application's key", async () => {
    const ping = JSON.stringify({ id: snowflake(), application_id: APP_ID, type: 1, token: "t", version: 1 });
    const ok = await post("/api/chat/discord/interactions", ping, await discordHeaders(ping));
    expect(ok).toMatchObject({ status: 200, body: { type: 1 } });
    const unsigned = await post("/api/chat/discord/interactions", ping, { "content-type": "application/json" });
    expect(unsigned.status).toBe(401);
    expect(unsigned.body.error.code).toBe("BAD_SIGNATURE");
    const h = await discordHeaders(ping);
    const altered = await post("/api/chat/discord/interactions", ping.replace('"type":1', '"type": 1'), h);
    expect(altered.status).toBe(401);
    const stale = nowSeconds() - 6 * 60;
    const old = await post("/api/chat/discord/interactions", ping, await discordHeaders(ping, stale));
    expect(old.status).toBe(401);
    expect(old.body.error.message).toMatch(/5 minutes/);
  });

  it("an oversized body, a signed body that is no interaction, or another application's: 400", async () => {
    const big = JSON.stringify({ type: 1, pad: "x".repeat(70 * 1024) });
    const r1 = await post("/api/chat/discord/interactions", big, await discordHeaders(big));
    expect(r1.status).toBe(400);
    expect(r1.body.error.code).toBe("PAYLOAD_TOO_LARGE");
    for (const body of ["not json", "[]", JSON.stringify({ type: 2, id: "1" })]) {
      const r = await post("/api/chat/discord/interactions", body, await discordHeaders(body));
      expect(r.status, body).toBe(400);
      expect(r.body.error.code).toBe("BAD_REQUEST");
    }
    const other = commandInteraction(discordUser("Ann"), snowflake(), "games");
    const r2 = await discord({ ...other, application_id: "999999999999999999" });
    expect(r2.status).toBe(400);
  });
});

describe("commands and links", () => {
  it("an unknown command, subcommand or option: an ephemeral answer, nothing done", async () => {
    const u = discordUser("Ann");
    const channel = snowflake();
    const unknownCommand = await ephemeralOf(await discord(commandInteraction(u, channel, "new", [], "chess")));
    expect(unknownCommand.text).toMatch(/no `\/chess` command/);
    const unknownSub = await ephemeralOf(await discord(commandInteraction(u, channel, "castle")));
    expect(unknownSub.text).toMatch(/castle/);
    const unknownOption = await ephemeralOf(
      await discord(commandInteraction(u, channel, "new", [{ type: 4, name: "timebank", value: 3 }])),
    );
    expect(unknownOption.text).toMatch(/timebank/);
    const badValue = await ephemeralOf(
      await discord(commandInteraction(u, channel, "new", [{ type: 4, name: "players", value: 7 }])),
    );
    expect(badValue.text).toMatch(/players/);
    const tooManyBots = await ephemeralOf(
      await discord(
        commandInteraction(u, channel, "new", [
          { type: 4, name: "players", value: 2 },
          { type: 4, name: "bots", value: 2 },
        ]),
      ),
    );
    expect(tooManyBots.text).toMatch(/1 seat besides yours/);
    expect(await calls(channel)).toEqual([]);
  });

  it("link: a one-time link makes a profile named as in Discord; used once; unlink revokes its device; a pairing code links an existing profile", async () => {
    const u = discordUser("Ann Δ");
    const { code, player, token } = await linkDiscord(u);
    expect(player.name).toBe("Ann Δ");
    // The link is used up.
    expect((await call("POST", `/api/chat/links/${code}`, { body: {} })).status).toBe(410);
    expect((await call("GET", `/api/chat/links/${code}`)).body.error.code).toBe("CHAT_LINK_USED");
    // Linked: the profile lists the account as a device.
    const devices = (await call("GET", "/api/me/devices", { token })).body.devices;
    expect(devices.map((d: { via: string }) => d.via).sort()).toEqual(["discord", "key"]);
    const again = await ephemeralOf(await discord(commandInteraction(u, snowflake(), "link")));
    expect(again.text).toMatch(/linked to the Canopy profile Ann Δ/);
    expect(again.link).toBeNull();
    const un = await ephemeralOf(await discord(commandInteraction(u, snowflake(), "unlink")));
    expect(un.text).toMatch(/Unlinked/);
    const after = (await call("GET", "/api/me/devices", { token })).body.devices;
    expect(after.map((d: { via: string }) => d.via)).toEqual(["key"]);
    // An existing profile's "Add a device" code links the account to that profile.
    const pairing = await call("POST", "/api/me/pairings", { token });
    const linked = await ephemeralOf(
      await discord(commandInteraction(u, snowflake(), "link", [{ type: 3, name: "code", value: pairing.body.code }])),
    );
    expect(linked.text).toMatch(/^Linked/);
    expect(
      (await call("GET", "/api/me/devices", { token })).body.devices.map((d: { via: string }) => d.via).sort(),
    ).toEqual(["discord", "key"]);
    // The code is used: a second account cannot take it.
    const other = await ephemeralOf(
      await discord(
        commandInteraction(discordUser("Eve"), snowflake(), "link", [
          { type: 3, name: "code", value: pairing.body.code },
        ]),
      ),
    );
    expect(other.text).toMatch(/already used/);
  });

  it("a browser signed in links the account to its own profile; a link for an account already linked is refused", async () => {
    const me = await call("POST", "/api/players", { body: { name: "Bruno" } });
    const u = discordUser("bruno_discord");
    const prompt = await ephemeralOf(await discord(commandInteraction(u, snowflake(), "link")));
    const code = /\/pair\/([0-9A-Z-]+)\?/.exec(prompt.link!)![1];
    // A second prompt replaces the first code.
    const prompt2 = await ephemeralOf(await discord(commandInteraction(u, snowflake(), "link")));
    const code2 = /\/pair\/([0-9A-Z-]+)\?/.exec(prompt2.link!)![1];
    expect((await call("GET", `/api/chat/links/${code}`)).status).toBe(404);
    const r = await call("POST", `/api/chat/links/${code2}`, { token: me.body.token, body: {} });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      linked: { platform: "discord", name: "bruno_discord" },
      player: { id: me.body.player.id },
    });
    expect(r.body.token).toBeUndefined();
    const me2 = (await call("GET", "/api/me", { token: me.body.token })).body;
    expect(me2.discordUserId).toBe(u.id);
  });
});

describe("a game in a channel", () => {
  it("new: the bot posts the game's message (within Discord's limits); a replay of the interaction acts once", async () => {
    const u = discordUser("Cy");
    await linkDiscord(u);
    const channel = snowflake();
    const interaction = commandInteraction(u, channel, "new", [
      { type: 4, name: "players", value: 3 },
      { type: 5, name: "moonlight", value: true },
      { type: 3, name: "clock", value: "1d" },
    ]);
    const body = JSON.stringify(interaction);
    const headers = await discordHeaders(body);
    const first = await post("/api/chat/discord/interactions", body, headers);
    const a = await ephemeralOf({ ...first, token: interaction.token });
    // Deferred (it posts in the channel and creates a game): "thinking", then the answer.
    expect(a.deferred).toBe(5);
    expect(a.text).toMatch(/Your game is open/);
    const gameId = /\/g\/([0-9a-z]{12})$/.exec(a.link!)![1];
    // The same signed request again: acknowledged the same way, and nothing more is done.
    const replay = await post("/api/chat/discord/interactions", body, headers);
    expect(replay.body).toEqual(first.body);
    await replay.settled;
    expect(await calls(interaction.token)).toHaveLength(1);
    const posted = await calls(channel);
    expect(posted).toHaveLength(1);
    expect(posted[0]).toMatchObject({ kind: "post", status: 200, problems: [] });
    const msg = posted[0].body;
    expect(msg.embeds[0].title).toBe("Photosynthesis · Under the Moonlight");
    expect(msg.components[0].components.map((b: { label: string }) => b.label)).toEqual([
      "Join",
      "Add a bot",
      "Start",
      "Open",
    ]);
    expect(msg.components[0].components.map((b: { custom_id?: string }) => b.custom_id)).toEqual([
      `cnp:join:${gameId}`,
      `cnp:bot:${gameId}`,
      `cnp:start:${gameId}`,
      undefined,
    ]);
    const game = (await call("GET", `/api/games/${gameId}`)).body;
    expect(game).toMatchObject({ status: "waiting", options: { seats: 3, moveTimeSeconds: 86400 } });
    expect(game.options.moonlight).not.toBeNull();
    expect(game.seats[0].player.name).toBe("Cy");
    expect(JSON.stringify(game)).not.toContain(channel);
  });

  it("the answer does not wait for Discord: new is acknowledged (type 5, ephemeral) while its post to the channel is held; the answer follows through the follow-up webhook", async () => {
    const u = discordUser("Quinn");
    await linkDiscord(u);
    const channel = snowflake();
    await hold(channel);
    const interaction = commandInteraction(u, channel, "new", [{ type: 4, name: "players", value: 2 }]);
    const r = await discord(interaction);
    expect(r.body).toEqual({ type: 5, data: { flags: 64 } });
    // The game's message is still on its way (held): no answer yet, nothing posted.
    expect(await calls(interaction.token)).toEqual([]);
    expect(await calls(channel)).toEqual([]);
    await release(channel);
    const a = await ephemeralOf(r);
    expect(a.text).toMatch(/Your game is open/);
    expect((await calls(channel)).map((c) => c.kind)).toEqual(["post"]);
    await drain(/\/g\/([0-9a-z]{12})$/.exec(a.link!)![1]);
  });

  it("deferred work that fails is answered so (an ephemeral follow-up), never silence; a follow-up refused with 500 is sent again", async () => {
    const host = discordUser("Rae");
    const guest = discordUser("Sid");
    await linkDiscord(host);
    await linkDiscord(guest);
    const channel = snowflake();
    const created = await ephemeralOf(
      await discord(commandInteraction(host, channel, "new", [{ type: 4, name: "players", value: 3 }])),
    );
    const gameId = /\/g\/([0-9a-z]{12})$/.exec(created.link!)![1];
    const message = (await calls(channel))[0].message!;
    // The game's clock breaks: the join throws inside the game.
    await inRoom(gameId, (room) => {
      room.now = () => {
        throw new Error("the clock broke");
      };
    });
    const click = buttonInteraction(guest, channel, message, `cnp:join:${gameId}`);
    await script(click.token, [500]);
    const r = await discord(click);
    expect(r.body).toEqual({ type: 6 });
    await r.settled;
    await inRoom(gameId, (room) => {
      room.now = () => Date.now();
    });
    const answers = await calls(click.token);
    expect(answers.map((c) => [c.method, c.status])).toEqual([
      ["POST", 500],
      ["POST", 200],
    ]);
    expect(answers[1].problems).toEqual([]);
    expect(answers[1].body.flags).toBe(64);
    expect(answers[1].body.content).toMatch(/went wrong on Canopy's side/);
    expect(JSON.stringify(answers[1].body)).not.toContain("clock broke");
    // Nothing changed: the guest is not seated.
    const view = (await call("GET", `/api/games/${gameId}`)).body;
    expect(view.seats.filter((s: { player: unknown }) => s.player !== null)).toHaveLength(1);
    await drain(gameId);
  });

  it("an answer lost on its way back: a click's follow-up (a new message) is not posted again; a command's answer (an edit) is", async () => {
    const host = discordUser("Lou");
    const guest = discordUser("Max");
    await linkDiscord(host);
    await linkDiscord(guest);
    const channel = snowflake();
    // The command's deferred answer is an edit of @original: sending it again shows it once.
    const create = commandInteraction(host, channel, "new", [{ type: 4, name: "players", value: 2 }]);
    await script(create.token, [-1]);
    const made = await discord(create);
    await made.settled;
    const edits = await calls(create.token);
    expect(edits.map((c) => c.method)).toEqual(["PATCH", "PATCH"]);
    expect(edits[1].body.content).toMatch(/Your game is open/);
    // The click's answer is a new message: Discord may show it already, so it goes once.
    const [posted] = await calls(channel);
    const gameId = /^cnp:join:([0-9a-z]{12})$/.exec(posted.body.components[0].components[0].custom_id)![1];
    const message = posted.message!;
    const click = buttonInteraction(guest, channel, message, `cnp:join:${gameId}`);
    await script(click.token, [-1]);
    const r = await discord(click);
    await r.settled;
    expect((await calls(click.token)).map((c) => c.method)).toEqual(["POST"]);
    // The click itself was done once.
    const view = (await call("GET", `/api/games/${gameId}`)).body;
    expect(view.seats.filter((s: { player: unknown }) => s.player !== null)).toHaveLength(2);
    await drain(gameId);
  });

  it("new by an account not linked, or where the bot cannot post: an answer, no game", async () => {
    const channel = snowflake();
    const a = await ephemeralOf(await discord(commandInteraction(discordUser("Dee"), channel, "new")));
    expect(a.text).toMatch(/Link your Discord account/);
    expect(a.link).toMatch(/\/pair\//);
    const u = discordUser("Dan");
    await linkDiscord(u);
    const closed = snowflake();
    await refuseChannel(closed);
    const b = await ephemeralOf(await discord(commandInteraction(u, closed, "new")));
    expect(b.text).toMatch(/cannot post in this channel/);
    expect((await calls(closed)).map((c) => c.status)).toEqual([403]);
    expect(await calls(channel)).toEqual([]);
  });

  it("buttons: not linked → the link, nothing changed; a bot added or a start by someone not seated → refused; a full game → refused", async () => {
    const host = discordUser("Host");
    await linkDiscord(host);
    const channel = snowflake();
    const created = await ephemeralOf(
      await discord(commandInteraction(host, channel, "new", [{ type: 4, name: "players", value: 2 }])),
    );
    const gameId = /\/g\/([0-9a-z]{12})$/.exec(created.link!)![1];
    const message = (await calls(channel))[0].message!;
    const click = (u: DiscordUser, action: string) =>
      discord(buttonInteraction(u, channel, message, `cnp:${action}:${gameId}`));

    const stranger = discordUser("Stranger");
    for (const action of ["join", "bot", "start"]) {
      const r = await ephemeralOf(await click(stranger, action));
      expect(r.text).toMatch(/Link your Discord account/);
    }
    const guest = discordUser("Guest");
    await linkDiscord(guest);
    const bot = await ephemeralOf(await click(guest, "bot"));
    expect(bot.text).toMatch(/do not sit in this game/);
    const start = await ephemeralOf(await click(guest, "start"));
    expect(start.text).toMatch(/do not sit in this game/);
    const view = (await call("GET", `/api/games/${gameId}`)).body;
    expect(view.status).toBe("waiting");
    expect(view.seats.filter((s: { player: unknown }) => s.player !== null).length).toBe(1);

    const joined = await ephemeralOf(await click(guest, "join"));
    expect(joined.text).toMatch(/You sit at the table \(seat 2\)/);
    const third = discordUser("Third");
    await linkDiscord(third);
    const full = await ephemeralOf(await click(third, "join"));
    expect(full.text).toMatch(/already started|Every seat/);
    const twice = await ephemeralOf(await click(guest, "join"));
    expect(twice.text).toMatch(/already/);
    // A button from another game's message, or one Canopy never made.
    const bogus = await ephemeralOf(await discord(buttonInteraction(guest, channel, message, "cnp:explode:abc")));
    expect(bogus.text).toMatch(/not one of Canopy's/);
  });

  it("games: this channel's games and whose turn, your turns first, answered to you alone; another channel's are not listed", async () => {
    const gia = discordUser("Gia");
    const hal = discordUser("Hal");
    const giaP = await linkDiscord(gia);
    const halP = await linkDiscord(hal);
    const channel = snowflake();
    const games = async (u: DiscordUser, where = channel) =>
      await ephemeralOf(await discord(commandInteraction(u, where, "games")));
    expect((await games(gia)).text).toMatch(/No game was started in this channel yet/);
    const newGame = async (where: string, players: number) => {
      const r = await ephemeralOf(
        await discord(commandInteraction(gia, where, "new", [{ type: 4, name: "players", value: players }])),
      );
      const id = /\/g\/([0-9a-z]{12})$/.exec(r.link!)![1];
      return { id, message: (await calls(where)).at(-1)!.message! };
    };
    const playing = await newGame(channel, 2);
    await ephemeralOf(await discord(buttonInteraction(hal, channel, playing.message, `cnp:join:${playing.id}`)));
    const waiting = await newGame(channel, 3);
    const elsewhere = await newGame(snowflake(), 2);
    const posted = (await calls(channel)).length;

    const g = (await call("GET", `/api/games/${playing.id}`)).body;
    expect(g.status).toBe("active");
    const toAct: string = g.seats[g.toAct].player.id;
    const [acting, other] = toAct === giaP.player.id ? [gia, hal] : [hal, gia];
    expect([giaP.player.id, halP.player.id]).toContain(toAct);

    const mine = (await games(acting)).text;
    expect(mine).toMatch(/^It is your turn in 1 of this channel's games\./);
    const line = (id: string, text: string) => text.split("\n").find((l) => l.includes(`/g/${id}`));
    expect(line(playing.id, mine)).toMatch(/\*\*your turn\*\* \(you play\)/);
    expect(line(waiting.id, mine)).toMatch(/waiting for players/);
    expect(line(elsewhere.id, mine)).toBeUndefined();

    const theirs = (await games(other)).text;
    expect(theirs).toMatch(/^It is not your turn in any of this channel's games\./);
    expect(line(playing.id, theirs)).toContain(`${acting.name} to play (you play)`);

    // Someone not linked sees the channel's games, and how to see their turns.
    const stranger = (await games(discordUser("Sol"))).text;
    expect(stranger).toMatch(/^Link your account/);
    expect(line(playing.id, stranger)).toContain(`${acting.name} to play`);
    expect(line(playing.id, stranger)).not.toContain("you play");
    // Answered to the one who asked: nothing went to the channel.
    expect(await calls(channel)).toHaveLength(posted);
    for (const { id } of [playing, waiting, elsewhere]) await drain(id);
  });

  it("buttons on a finished game: refused in words, nothing changed", async () => {
    const host = discordUser("Fay");
    const guest = discordUser("Gil");
    const hostP = await linkDiscord(host);
    const guestP = await linkDiscord(guest);
    const channel = snowflake();
    const created = await ephemeralOf(
      await discord(commandInteraction(host, channel, "new", [{ type: 4, name: "players", value: 2 }])),
    );
    const gameId = /\/g\/([0-9a-z]{12})$/.exec(created.link!)![1];
    const message = (await calls(channel))[0].message!;
    const click = (u: DiscordUser, action: string) =>
      discord(buttonInteraction(u, channel, message, `cnp:${action}:${gameId}`));
    await ephemeralOf(await click(guest, "join"));
    for (const p of [hostP, guestP])
      expect((await call("POST", `/api/games/${gameId}/resign`, { token: p.token })).status).toBe(200);
    const over = (await call("GET", `/api/games/${gameId}`)).body;
    expect(over.status).toBe("finished");
    const third = discordUser("Ivo");
    await linkDiscord(third);
    const texts: Record<string, string> = {};
    for (const [u, action] of [
      [third, "join"],
      [host, "bot"],
      [host, "start"],
      [guest, "start"],
    ] as const)
      texts[`${u.name} ${action}`] = (await ephemeralOf(await click(u, action))).text;
    expect(texts["Ivo join"]).toMatch(/started|over/);
    expect(texts["Fay bot"]).toMatch(/over/);
    expect(texts["Fay start"]).toMatch(/started|over/);
    expect(texts["Gil start"]).toMatch(/started|over/);
    const after = (await call("GET", `/api/games/${gameId}`)).body;
    expect(after).toEqual(over);
    // The message says the game is over, and offers no button but the link to it.
    await drain(gameId);
    const last = (await calls(channel)).filter((c) => c.kind === "edit").at(-1)!;
    expect(last.body.embeds[0].description).toMatch(/Game over/);
    expect(last.body.components[0].components.map((b: { label: string }) => b.label)).toEqual(["See the game"]);
  });

  it("join from another channel is refused: the message is the invite of its own channel only", async () => {
    const host = discordUser("Hana");
    await linkDiscord(host);
    const channel = snowflake();
    const created = await ephemeralOf(await discord(commandInteraction(host, channel, "new")));
    const gameId = /\/g\/([0-9a-z]{12})$/.exec(created.link!)![1];
    const guest = discordUser("Gus");
    await linkDiscord(guest);
    const r = await ephemeralOf(
      await discord(buttonInteraction(guest, snowflake(), snowflake(), `cnp:join:${gameId}`)),
    );
    expect(r.text).toMatch(/not started in this channel/);
  });
});
