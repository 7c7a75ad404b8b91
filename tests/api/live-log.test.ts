/**
 * The log with the game's socket (issue 24): a page that opens the socket with `?after=N` is greeted
 * with the log after N exactly as GET /api/games/:id/log?after=N answers that socket's caller (its
 * seat's redaction, or a spectator's: under the Moonlight a hidden animal choice stays hidden from
 * everyone else), and every change it is sent carries the entries that change added, as that caller
 * reads them; so the page asks for no log over HTTP. A socket opened without `after` (a page of
 * older code) gets no log at all. Bad input is refused with a structured error.
 */
import { describe, expect, it } from "vitest";
import { BASE, call, newPlayer, openLive, playToEnd, startedGame } from "./client";
import { exports } from "cloudflare:workers";

type Live = Awaited<ReturnType<typeof openLive>>;

/**
 * What the socket was sent from its `from`-th message on, up to now (a ping the game answers comes
 * after everything sent before it), its pongs left out.
 */
async function settled(live: Live, from = 0) {
  const before = live.messages.length;
  live.ws.send(JSON.stringify({ type: "ping", settle: true }));
  for (let n = before + 1; ; n++) if ((await live.next(n)).type === "pong") break;
  return live.messages.slice(from).filter((m) => m.type !== "pong");
}

/**
 * A socket as the page opens it: `?after=` and, with a key, `&auth=1` and the key sent at once; once
 * greeted (with a key: once the key's check has answered, with the seat's view or a refusal).
 */
async function pageSocket(id: string, token?: string, after = 0) {
  const live = await openLive(id, `?after=${after}${token ? "&auth=1" : ""}`);
  await live.next(1);
  if (token) {
    live.ws.send(JSON.stringify({ type: "auth", token }));
    for (let n = 2; ; n++) {
      const m = await live.next(n);
      if (m.type === "error" || m.game?.you) break;
    }
  }
  return live;
}

const httpLog = async (id: string, token: string | undefined, after = 0) => {
  const r = await call("GET", `/api/games/${id}/log?after=${after}`, { token });
  expect(r.status).toBe(200);
  return r.body;
};

const games = (messages: any[]) => messages.filter((m) => m.type === "game");

/** A move of whoever is to act, over HTTP (as an API player or another page would). */
async function move(id: string, players: { token: string }[]) {
  const g = (await call("GET", `/api/games/${id}`)).body;
  const token = players[g.toAct ?? g.state.current].token;
  const legal = (await call("GET", `/api/games/${id}/legal-actions`, { token })).body;
  const r = await call("POST", `/api/games/${id}/actions`, {
    token,
    body: { version: legal.version, action: legal.actions[0] },
  });
  expect(r.status).toBe(200);
  return r.body;
}

describe("the log with the game's socket", () => {
  it("greets each caller with the log GET /log answers them, redacted the same way (a hidden Moonlight choice)", async () => {
    const { id, players } = await startedGame(2, { firstPlayer: 0, moonlight: { greatTree: true, moonstones: true } });
    const [a, b] = players;
    const deal: string[] = (await call("GET", `/api/games/${id}`, { token: a.token })).body.state.moon.players[0].deal;
    const v = (await call("GET", `/api/games/${id}`)).body.version;
    const chose = await call("POST", `/api/games/${id}/actions`, {
      token: a.token,
      body: { version: v, action: { type: "chooseAnimal", animal: deal[1] } },
    });
    expect(chose.status).toBe(200);

    // A spectator's page: its greeting carries the spectator's log.
    const spectator = await pageSocket(id);
    expect(games(spectator.messages)).toHaveLength(1);
    expect(spectator.messages[0].log).toEqual({ after: 0, ...(await httpLog(id, undefined)) });
    expect(spectator.messages[0].log.entries[0].entry).toEqual({ type: "chooseAnimal" });

    // A seated page (auth=1): the first greeting waits (log null), the seat's carries the seat's log.
    for (const [p, seat] of [
      [a, 0],
      [b, 1],
    ] as const) {
      const live = await pageSocket(id, p.token);
      const got = games(live.messages);
      expect(got.map((m) => [m.game.you?.seat ?? null, m.log === null ? null : "log"])).toEqual([
        [null, null],
        [seat, "log"],
      ]);
      expect(got[1].log).toEqual({ after: 0, ...(await httpLog(id, p.token)) });
      expect(JSON.stringify(got[1].log).includes(`"${deal[1]}"`)).toBe(p === a);
      live.ws.close();
    }
    // Neither the spectator nor the other seat learnt the choice on any message.
    expect(JSON.stringify(spectator.messages)).not.toContain(`"${deal[1]}"`);

    // A key that sits nowhere here: the spectator's view and log, then the refusal.
    const stranger = await newPlayer("Watcher");
    const watching = await pageSocket(id, stranger.token);
    expect((await settled(watching)).map((m) => m.type)).toEqual(["game", "game", "error"]);
    expect(watching.messages[1].log).toEqual({ after: 0, ...(await httpLog(id, undefined)) });
    expect(watching.messages[2].error.code).toBe("UNAUTHORIZED");
    for (const live of [spectator, watching]) live.ws.close();
  });

  it("each change carries the entries it added, as each caller reads them; sockets opened without after get no log", async () => {
    const { id, players } = await startedGame(2, { firstPlayer: 0, moonlight: { greatTree: true, moonstones: true } });
    const [a, b] = players;
    const seated = await pageSocket(id, a.token);
    const other = await pageSocket(id, b.token);
    const spectator = await pageSocket(id);
    const plain = await openLive(id);
    await plain.next(1);
    const marks = [seated, other, spectator].map((l) => l.messages.length);

    const deal: string[] = (await call("GET", `/api/games/${id}`, { token: a.token })).body.state.moon.players[0].deal;
    const v = (await call("GET", `/api/games/${id}`)).body.version;
    await call("POST", `/api/games/${id}/actions`, {
      token: a.token,
      body: { version: v, action: { type: "chooseAnimal", animal: deal[0] } },
    });
    for (const [live, token, i] of [
      [seated, a.token, 0],
      [other, b.token, 1],
      [spectator, undefined, 2],
    ] as const) {
      const told = games(await settled(live, marks[i]));
      expect(told).toHaveLength(1);
      expect(told[0].game.version).toBe(v + 1);
      expect(told[0].log).toEqual({ after: 0, ...(await httpLog(id, token)) });
      expect(told[0].log.entries).toHaveLength(1);
      expect(JSON.stringify(told[0]).includes(`"${deal[0]}"`)).toBe(token === a.token);
    }
    // Two changes more: each carries its own entries, after the log's length before it.
    const before = [seated, spectator].map((l) => l.messages.length);
    const bDeal: string[] = (await call("GET", `/api/games/${id}`, { token: b.token })).body.state.moon.players[1].deal;
    await call("POST", `/api/games/${id}/actions`, {
      token: b.token,
      body: { version: v + 1, action: { type: "chooseAnimal", animal: bDeal[0] } },
    });
    await move(id, players);
    for (const [live, token, i] of [
      [seated, a.token, 0],
      [spectator, undefined, 1],
    ] as const) {
      const told = games(await settled(live, before[i]));
      const whole = await httpLog(id, token);
      // (changes that come close together may be told in one message: each follows on from the last)
      expect(told[0].log.after).toBe(1);
      for (let k = 1; k < told.length; k++)
        expect(told[k].log.after).toBe(told[k - 1].log.after + told[k - 1].log.entries.length);
      expect(told.flatMap((m) => m.log.entries)).toEqual(whole.entries.slice(1));
      expect(whole.entries.length).toBeGreaterThan(2);
      expect(told.at(-1).log.version).toBe(told.at(-1).game.version);
      expect(told.at(-1).log.next).toBeNull();
    }
    const old = await settled(plain);
    expect(games(old).length).toBeGreaterThanOrEqual(3);
    for (const m of old) expect(m).not.toHaveProperty("log");
    for (const live of [seated, other, spectator, plain]) live.ws.close();
  });

  it("a reconnect is greeted with only the entries after its last; a sync with after gets those; a finished game's log carries its replay", async () => {
    const { id, players } = await startedGame(2);
    for (let i = 0; i < 3; i++) await move(id, players);
    const back = await pageSocket(id, players[1].token, 2);
    const greeting = games(back.messages).at(-1);
    expect(greeting.log).toEqual({ after: 2, ...(await httpLog(id, players[1].token, 2)) });
    expect(greeting.log.entries.map((e: any) => e.index)).toEqual([3]);
    back.ws.send(JSON.stringify({ type: "sync", after: 1 }));
    const synced = games(await settled(back)).at(-1);
    expect(synced.log).toEqual({ after: 1, ...(await httpLog(id, players[1].token, 1)) });
    // Bad input: a structured error, nothing else sent.
    const n = back.messages.length;
    back.ws.send(JSON.stringify({ type: "sync", after: -1 }));
    const bad = await settled(back, n);
    expect(bad).toEqual([{ type: "error", error: expect.objectContaining({ code: "BAD_REQUEST" }) }]);
    back.ws.close();

    await playToEnd(id, players, 3);
    const end = await pageSocket(id);
    const log = end.messages[0].log;
    expect(log.replay.options.seed).toEqual(expect.any(Number));
    expect(log).toEqual({ after: 0, ...(await httpLog(id, undefined)) });
    end.ws.close();
  }, 60_000);

  it("a query that is not a log index or auth=1 is refused before the upgrade (400 VALIDATION_FAILED)", async () => {
    const { id } = await startedGame(2);
    for (const q of ["?after=-1", "?after=x", "?after=1.5", "?after=0&auth=yes"]) {
      const res = await exports.default.fetch(`${BASE}/api/games/${id}/live${q}`, {
        headers: { upgrade: "websocket" },
      });
      expect(res.status, q).toBe(400);
      expect(((await res.json()) as any).error.code, q).toBe("VALIDATION_FAILED");
    }
  });
});
