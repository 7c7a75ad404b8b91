/**
 * Table talk (issue 16): seated players write short messages through the game's Durable Object,
 * in order; every refusal is a structured error that changes nothing; a writer deletes their own;
 * a player mutes another for themself; nothing of it reaches a spectator, a public view or an embed.
 */
import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { BASE, call, inRoom, newPlayer, openLive, startedGame } from "./client";

const write = (id: string, token: string | undefined, text: unknown) =>
  call("POST", `/api/games/${id}/messages`, { token, body: { text } });
const list = (id: string, token?: string, after = 0) =>
  call("GET", `/api/games/${id}/messages?after=${after}`, { token });

/** A socket signed in as `token` (or a spectator's), with its first view received. */
async function socket(id: string, token?: string) {
  const live = await openLive(id);
  await live.next(1);
  if (token) {
    live.ws.send(JSON.stringify({ type: "auth", token }));
    await live.next(2);
  }
  return live;
}

/**
 * Everything the socket was sent up to now: a ping the game answers itself (not the bare keep-alive,
 * which the platform answers at once) comes after anything sent before it, so once the pong is
 * here, nothing sent earlier is still on its way.
 */
async function settled(live: Awaited<ReturnType<typeof socket>>) {
  const before = live.messages.length;
  live.ws.send(JSON.stringify({ type: "ping", settle: true }));
  for (let n = before + 1; ; n++) if ((await live.next(n)).type === "pong") break;
  return live.messages.filter((m) => m.type !== "pong");
}
/** Talk sent live (a message, a deletion), not the list a seated socket is greeted with. */
const talkOf = (messages: any[]) => messages.filter((m) => String(m.type).startsWith("talk") && m.type !== "talk.list");
const greetings = (messages: any[]) => messages.filter((m) => m.type === "talk.list");

describe("table talk", () => {
  it("seated players write and read in order; others are refused, and no public view carries a message", async () => {
    const { id, players } = await startedGame(3);
    const a = await write(id, players[0].token, "  Good luck, all!  ");
    expect(a.status).toBe(201);
    expect(a.body.message).toMatchObject({ n: 1, seat: 0, text: "Good luck, all!" });
    expect(Date.parse(a.body.message.at)).not.toBeNaN();
    const b = await write(id, players[1].token, "Merci 🌳 — とても楽しい");
    const c = await write(id, players[2].token, "line one\nline two");
    expect([b.body.message.n, c.body.message.n]).toEqual([2, 3]);

    for (const p of players) {
      const r = await list(id, p.token);
      expect(r.status).toBe(200);
      expect(r.body.messages.map((m: any) => [m.n, m.seat, m.text])).toEqual([
        [1, 0, "Good luck, all!"],
        [2, 1, "Merci 🌳 — とても楽しい"],
        [3, 2, "line one\nline two"],
      ]);
      expect(r.body.last).toBe(3);
      expect(r.body.muted).toEqual([]);
    }
    expect((await list(id, players[0].token, 2)).body.messages.map((m: any) => m.n)).toEqual([3]);

    // Someone who does not sit here, and nobody at all.
    const stranger = await newPlayer("Stranger");
    const notSeated = await list(id, stranger.token);
    expect(notSeated.status).toBe(403);
    expect(notSeated.body.error.code).toBe("NOT_SEATED");
    expect((await write(id, stranger.token, "hi")).body.error.code).toBe("NOT_SEATED");
    expect((await list(id)).status).toBe(401);
    expect((await write(id, undefined, "hi")).status).toBe(401);
    expect((await list("zzzzzzzzzzzz", players[0].token)).status).toBe(404);

    // The public game, its log, its board picture and its embed page know nothing of the talk.
    for (const path of [`/api/games/${id}`, `/api/games/${id}/log`, `/api/games/${id}/board.svg`]) {
      const r = await call("GET", path, { token: players[0].token });
      expect(r.status, path).toBe(200);
      expect(JSON.stringify(r.body), path).not.toMatch(/Good luck|Merci|line one/);
    }
    const embed = await exports.default.fetch(`${BASE}/embed/${id}`);
    const html = await embed.text();
    expect(embed.status).toBe(200);
    expect(html).not.toMatch(/Good luck|Merci|line one/);
    expect((await list(id, players[0].token)).body.last).toBe(3);
  });

  it("refuses an empty, invisible, too long, malformed or unseated message with a structured error, and keeps nothing", async () => {
    const { id, players } = await startedGame(2);
    const token = players[0].token;
    expect((await write(id, token, "first")).status).toBe(201);
    const refusals: [unknown, number, string][] = [
      ["", 400, "MESSAGE_EMPTY"],
      ["    \n\t  ", 400, "MESSAGE_EMPTY"],
      // Zero-width space, joiner and no-break space, bidi override and isolate, BOM, Hangul filler.
      ["\u200b\u200d\u00a0\u202e\u2066\ufeff\u3164", 400, "MESSAGE_EMPTY"],
      ["x".repeat(501), 400, "MESSAGE_TOO_LONG"],
      ["🌳".repeat(501), 400, "MESSAGE_TOO_LONG"],
      ["x".repeat(5000), 400, "VALIDATION_FAILED"],
      [42, 400, "VALIDATION_FAILED"],
      [undefined, 400, "VALIDATION_FAILED"],
    ];
    for (const [text, status, code] of refusals) {
      const r = await write(id, token, text);
      expect(r.status, JSON.stringify(text)).toBe(status);
      expect(r.body.error.code).toBe(code);
      expect(typeof r.body.error.message).toBe("string");
    }
    const raw = await call("POST", `/api/games/${id}/messages`, { token, raw: "{not json" });
    expect(raw.status).toBe(400);
    expect(raw.body.error.code).toBeTruthy();
    // Nothing was kept, and nothing numbered: the next message is the second.
    const after = await list(id, players[1].token);
    expect(after.body.messages.map((m: any) => m.text)).toEqual(["first"]);
    expect(after.body.last).toBe(1);
    // 500 characters (as people count them, emoji included) is fine; bidi controls are taken out.
    const long = await write(id, token, "🌳".repeat(500));
    expect(long.status).toBe(201);
    expect([...long.body.message.text]).toHaveLength(500);
    const bidi = await write(id, token, "abc\u202edef\u2066");
    expect(bidi.body.message).toMatchObject({ n: 3, text: "abcdef" });
  });

  it("refuses broken text like a name: a lone surrogate is 400 VALIDATION_FAILED (field text), bytes that are not UTF-8 400 INVALID_UTF8; nothing kept", async () => {
    const { id, players } = await startedGame(2);
    const token = players[0].token;
    expect((await write(id, token, "first")).status).toBe(201);
    for (const raw of ['{"text":"hi \\ud800"}', '{"text":"\\udc00 there"}', '{"text":"a\\ud83c"}']) {
      const r = await call("POST", `/api/games/${id}/messages`, { token, raw });
      expect(r.status, raw).toBe(400);
      expect(r.body.error).toMatchObject({ code: "VALIDATION_FAILED", issues: [{ path: "text" }] });
      expect(r.body.error.message).toMatch(/surrogate/);
    }
    // The same bytes a name with a lone surrogate would be refused for.
    const name = await call("POST", "/api/players", { raw: '{"name":"hi \\ud800"}' });
    expect(name.body.error.code).toBe("VALIDATION_FAILED");
    // Not UTF-8: a lone continuation byte, a truncated sequence, an overlong form, a surrogate in UTF-8.
    const enc = new TextEncoder();
    for (const bad of [[0x80], [0xe2, 0x82], [0xc0, 0xaf], [0xed, 0xa0, 0x80]]) {
      const body = new Uint8Array([...enc.encode('{"text":"hi '), ...bad, ...enc.encode('"}')]);
      const res = await exports.default.fetch(`${BASE}/api/games/${id}/messages`, {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body,
      });
      expect(res.status, String(bad)).toBe(400);
      expect(((await res.json()) as any).error.code).toBe("INVALID_UTF8");
    }
    // A name in bytes that are not UTF-8 is refused the same way, and makes no profile.
    const badName = new Uint8Array([...enc.encode('{"name":"Bo'), 0xff, ...enc.encode('b"}')]);
    const res = await exports.default.fetch(`${BASE}/api/players`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: badName,
    });
    expect([res.status, ((await res.json()) as any).error.code]).toEqual([400, "INVALID_UTF8"]);
    // Nothing was kept; well-formed text after all that is the second message.
    const after = await list(id, players[1].token);
    expect(after.body.messages.map((m: any) => m.text)).toEqual(["first"]);
    expect((await write(id, token, "🌳 fine")).body.message).toMatchObject({ n: 2, text: "🌳 fine" });
  });

  it("in the lobby: a player who leaves takes their messages along; the others' keep their writers' seats", async () => {
    const players = [await newPlayer("Host"), await newPlayer("Goes"), await newPlayer("Stays")];
    const created = await call("POST", "/api/games", { token: players[0].token, body: { seats: 4 } });
    const id = created.body.game.id;
    for (const p of players.slice(1))
      await call("POST", `/api/games/${id}/join`, { token: p.token, body: { code: created.body.invite.code } });
    await write(id, players[1].token, "bye soon");
    await write(id, players[2].token, "hello");
    expect((await list(id, players[0].token)).body.messages.map((m: any) => [m.seat, m.text])).toEqual([
      [1, "bye soon"],
      [2, "hello"],
    ]);
    expect((await call("POST", `/api/games/${id}/leave`, { token: players[1].token })).status).toBe(200);
    expect((await list(id, players[0].token)).body.messages.map((m: any) => [m.n, m.seat, m.text])).toEqual([
      [2, 1, "hello"],
    ]);
    expect((await list(id, players[1].token)).status).toBe(403);
  });

  it("at most 5 messages in 10 seconds per seat: the 6th is 429 RATE_LIMITED and kept nowhere", async () => {
    const { id, players } = await startedGame(2);
    const clock = { t: Date.now() };
    await inRoom(id, (room) => {
      room.now = () => clock.t;
    });
    for (let i = 0; i < 5; i++) expect((await write(id, players[0].token, `m${i}`)).status).toBe(201);
    const sixth = await write(id, players[0].token, "too fast");
    expect(sixth.status).toBe(429);
    expect(sixth.body.error.code).toBe("RATE_LIMITED");
    expect(Number(sixth.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    // Per seat: the other player may still write.
    expect((await write(id, players[1].token, "me too")).status).toBe(201);
    clock.t += 9_999;
    expect((await write(id, players[0].token, "still too fast")).status).toBe(429);
    clock.t += 1;
    expect((await write(id, players[0].token, "now")).status).toBe(201);
    const texts = (await list(id, players[1].token)).body.messages.map((m: any) => m.text);
    expect(texts).toEqual(["m0", "m1", "m2", "m3", "m4", "me too", "now"]);
  });

  it("the seated players get each message live, in order; a spectator's socket never does", async () => {
    const { id, players } = await startedGame(2);
    const mine = await socket(id, players[0].token);
    const theirs = await socket(id, players[1].token);
    const spectator = await socket(id);
    const stranger = await newPlayer("Watcher");
    const watching = await socket(id, stranger.token);
    for (const text of ["one", "two", "three"]) expect((await write(id, players[0].token, text)).status).toBe(201);
    for (const live of [mine, theirs]) {
      const got = talkOf(await settled(live));
      expect(got.map((m) => [m.type, m.message.n, m.message.seat, m.message.text])).toEqual([
        ["talk", 1, 0, "one"],
        ["talk", 2, 0, "two"],
        ["talk", 3, 0, "three"],
      ]);
    }
    for (const live of [spectator, watching]) {
      const all = await settled(live);
      expect(all.length).toBeGreaterThan(0);
      expect(talkOf(all)).toEqual([]);
      expect(greetings(all)).toEqual([]);
      expect(JSON.stringify(all)).not.toMatch(/"one"|"two"|"three"/);
    }
    for (const live of [mine, theirs, spectator, watching]) live.ws.close();
  });

  it("a seated player's socket is greeted with the talk they may read, after the view, as GET …/messages answers; again on every opening; nobody else's is", async () => {
    const { id, players } = await startedGame(3);
    const [ann, ben, cy] = players;
    await write(id, ann.token, "hello");
    await write(id, ben.token, "from Ben");
    expect((await call("PUT", `/api/games/${id}/mutes/0`, { token: cy.token })).status).toBe(200);

    const cySocket = await socket(id, cy.token);
    const got = await settled(cySocket);
    const at = got.findIndex((m) => m.type === "talk.list");
    expect(at).toBeGreaterThan(got.findLastIndex((m) => m.type === "game" && m.game.you));
    expect(greetings(got)).toEqual([{ type: "talk.list", ...(await list(id, cy.token)).body }]);
    expect(got[at].messages.map((m: any) => m.text)).toEqual(["from Ben"]);
    expect([got[at].muted, got[at].last]).toEqual([[0], 2]);
    const benSocket = await socket(id, ben.token);
    expect(greetings(await settled(benSocket)).map((g) => g.messages.map((m: any) => m.text))).toEqual([
      ["hello", "from Ben"],
    ]);
    // Closed, and a message while it was: the next opening's greeting has it.
    cySocket.ws.close();
    await write(id, ben.token, "again");
    const reopened = await socket(id, cy.token);
    expect(greetings(await settled(reopened)).map((g) => g.messages.map((m: any) => m.text))).toEqual([
      ["from Ben", "again"],
    ]);
    // A spectator, and a signed-in player who does not sit here: no list.
    const spectator = await socket(id);
    const stranger = await newPlayer("Outside");
    const watching = await socket(id, stranger.token);
    for (const live of [spectator, watching]) {
      const all = await settled(live);
      expect(greetings(all)).toEqual([]);
      expect(JSON.stringify(all)).not.toMatch(/hello|from Ben|again/);
    }
    for (const live of [reopened, benSocket, spectator, watching]) live.ws.close();
  });

  it("a writer deletes their own message: it leaves the lists and every seated page; nobody else can", async () => {
    const { id, players } = await startedGame(2);
    await write(id, players[0].token, "oops");
    await write(id, players[1].token, "reply");
    const theirs = await socket(id, players[1].token);
    const other = await call("DELETE", `/api/games/${id}/messages/1`, { token: players[1].token });
    expect(other.status).toBe(403);
    expect(other.body.error.code).toBe("FORBIDDEN");
    const unknown = await call("DELETE", `/api/games/${id}/messages/9`, { token: players[0].token });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe("NO_SUCH_MESSAGE");
    const stranger = await newPlayer("Nosy");
    expect((await call("DELETE", `/api/games/${id}/messages/1`, { token: stranger.token })).status).toBe(403);
    // Refused: still there.
    expect((await list(id, players[1].token)).body.messages.map((m: any) => m.text)).toEqual(["oops", "reply"]);

    const gone = await call("DELETE", `/api/games/${id}/messages/1`, { token: players[0].token });
    expect(gone.status).toBe(204);
    expect(talkOf(await settled(theirs))).toEqual([{ type: "talk.deleted", n: 1 }]);
    for (const p of players)
      expect((await list(id, p.token)).body.messages.map((m: any) => [m.n, m.text])).toEqual([[2, "reply"]]);
    // Deleting it again changes nothing; the numbers go on.
    expect((await call("DELETE", `/api/games/${id}/messages/1`, { token: players[0].token })).status).toBe(204);
    expect((await call("DELETE", `/api/games/${id}/messages/1`, { token: players[1].token })).status).toBe(404);
    expect((await write(id, players[0].token, "again")).body.message.n).toBe(3);
    theirs.ws.close();
  });

  it("a player mutes another for themself: not listed, not live for them; the others still see it; unmuting lists it again", async () => {
    const { id, players } = await startedGame(3);
    const [ann, ben, cy] = players;
    const muted = await call("PUT", `/api/games/${id}/mutes/0`, { token: cy.token });
    expect(muted.status).toBe(200);
    expect(muted.body).toEqual({ muted: [0] });
    // Refusals change nothing.
    const self = await call("PUT", `/api/games/${id}/mutes/2`, { token: cy.token });
    expect([self.status, self.body.error.code]).toEqual([400, "VALIDATION_FAILED"]);
    const empty = await call("PUT", `/api/games/${id}/mutes/3`, { token: cy.token });
    expect([empty.status, empty.body.error.code]).toEqual([404, "NO_SUCH_SEAT"]);
    for (const bad of ["9", "x", "-1", "01"])
      expect((await call("PUT", `/api/games/${id}/mutes/${bad}`, { token: cy.token })).status, bad).toBe(400);
    const stranger = await newPlayer("Out");
    expect((await call("PUT", `/api/games/${id}/mutes/0`, { token: stranger.token })).body.error.code).toBe(
      "NOT_SEATED",
    );

    const cySocket = await socket(id, cy.token);
    const benSocket = await socket(id, ben.token);
    await write(id, ann.token, "from Ann");
    await write(id, ben.token, "from Ben");
    expect(talkOf(await settled(cySocket)).map((m) => m.message.text)).toEqual(["from Ben"]);
    expect(talkOf(await settled(benSocket)).map((m) => m.message.text)).toEqual(["from Ann", "from Ben"]);
    const forCy = (await list(id, cy.token)).body;
    expect(forCy.messages.map((m: any) => m.text)).toEqual(["from Ben"]);
    expect(forCy.muted).toEqual([0]);
    expect((await list(id, ben.token)).body.messages.map((m: any) => m.text)).toEqual(["from Ann", "from Ben"]);

    const unmuted = await call("DELETE", `/api/games/${id}/mutes/0`, { token: cy.token });
    expect(unmuted.body).toEqual({ muted: [] });
    expect((await list(id, cy.token)).body.messages.map((m: any) => m.text)).toEqual(["from Ann", "from Ben"]);
    await write(id, ann.token, "heard");
    expect(talkOf(await settled(cySocket)).map((m) => m.message.text)).toEqual(["from Ben", "heard"]);
    cySocket.ws.close();
    benSocket.ws.close();
  });
});
