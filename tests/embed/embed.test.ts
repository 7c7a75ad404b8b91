/**
 * Embeds inside workerd: the DO's public moments, the embed page and its frames, oEmbed, the board
 * pictures with their caching, the OpenAPI document, and that no secret reaches any of them.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { call, inRoom, newPlayer, playToEnd, startedGame } from "../api/client";
import { engineOptions } from "../../src/game/model";
import { replay, viewFor, type GameState } from "../../src/engine";
import { renderBoard } from "../../src/render";
import { EMBED_SCRIPT } from "../../src/embed/page";
import { picturesDrawn } from "../../src/embed/pictures";
import { fetchRaw, gzipSize, playSome, pngChunks, pngSize, record, secretsOf } from "./helpers";

type Players = { id: string; token: string }[];
let active: { id: string; players: Players; total: number };
let finished: { id: string; players: Players; total: number };
let waiting: { id: string; players: Players; code: string };

beforeAll(async () => {
  const a = await startedGame(3);
  active = { id: a.id, players: a.players, total: await playSome(a.id, a.players, 14) };
  const f = await startedGame(2);
  await playToEnd(f.id, f.players, 5);
  finished = { id: f.id, players: f.players, total: (await call("GET", `/api/games/${f.id}`)).body.actionCount };
  const owner = await newPlayer("Wanda");
  const created = await call("POST", "/api/games", { token: owner.token, body: { seats: 3 } });
  waiting = { id: created.body.game.id, players: [owner], code: created.body.invite.code };
}, 120_000);

const text = async (path: string) => {
  const r = await fetchRaw(path);
  return { status: r.status, headers: r.headers, body: await r.text() };
};

describe("GameRoom.publicAt", () => {
  it("replays the log to every ply: the same states as the engine's replay, the seed hidden before the end", async () => {
    const g = await record(finished.id);
    const log = (await call("GET", `/api/games/${finished.id}/log?limit=1000`)).body;
    const entries = log.entries.map((e: { entry: object; seat: number | null }) =>
      e.seat === null ? e.entry : { ...e.entry, seat: e.seat },
    );
    expect(entries.length).toBe(finished.total);
    for (const ply of [0, 1, 5, Math.floor(finished.total / 2), finished.total - 1, finished.total]) {
      const body = await inRoom(
        finished.id,
        (room) => room.publicAt(ply, "http://canopy.test").value as { ply: number; state: GameState; total: number },
      );
      const expected = replay(engineOptions(g), entries.slice(0, ply));
      if (!expected.ok) throw new Error("replay failed");
      expect(body.ply).toBe(ply);
      expect(body.total).toBe(finished.total);
      expect(body.state).toEqual(viewFor(expected.state, null));
      if (ply < finished.total) expect(body.state.options.seed).toBe(0);
    }
    const now = await inRoom(
      finished.id,
      (room) => room.publicAt(null, "http://canopy.test").value as { ply: number; state: GameState },
    );
    expect(now.ply).toBe(finished.total);
    expect(now.state).toEqual(g.state);
  });

  it("refuses plies the game has not reached", async () => {
    const r = await inRoom(active.id, (room) => room.publicAt(active.total + 1, "http://canopy.test"));
    expect(r.ok).toBe(false);
    expect(r.error?.code).toBe("NO_SUCH_PLY");
  });
});

describe("embed page", () => {
  it("is a framable, self-contained page with the board, players, round and whose turn, within 30 KB gzipped", async () => {
    const r = await text(`/embed/${active.id}`);
    expect(r.status).toBe(200);
    expect(r.headers.get("content-type")).toMatch(/^text\/html/);
    const csp = r.headers.get("content-security-policy") ?? "";
    expect(csp).toContain("frame-ancestors *");
    expect(csp).toContain("default-src 'none'");
    expect(r.headers.get("x-frame-options")).toBeNull();
    // The inline script is allowed by its hash, nothing else.
    const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(EMBED_SCRIPT)));
    expect(csp).toContain(`'sha256-${btoa(String.fromCharCode(...digest))}'`);
    expect(r.body).toContain(`<script>${EMBED_SCRIPT}</script>`);
    expect(r.body).toMatch(/<svg [^>]*class="board"/);
    expect(r.body).toContain(`data-ply="${active.total}"`);
    expect(r.body).toContain('data-follow="1"');
    expect(r.body).toContain('data-live="1"');
    for (const p of ["P0", "P1", "P2"]) expect(r.body).toContain(`<span class="name">${p}</span>`);
    expect(r.body).toMatch(/(Setup|Round \d+ of 18) · <strong>P\d (to play|places a tree)<\/strong>/);
    // No outside resources at all: one request renders it.
    expect(r.body).not.toMatch(/<link rel="(stylesheet|preload|icon|modulepreload)"|<img |<iframe /);
    expect(r.body).not.toMatch(/<script[^>]+src=/);
    expect(await gzipSize(r.body)).toBeLessThanOrEqual(30 * 1024);
  });

  it("?ply=N shows that moment (the board of the replayed state), and refuses plies not reached or malformed", async () => {
    const ply = 3;
    const r = await text(`/embed/${active.id}?ply=${ply}`);
    expect(r.status).toBe(200);
    expect(r.body).toContain(`data-ply="${ply}"`);
    expect(r.body).toContain('data-follow="0"');
    expect(r.body).toContain('data-live="0"'); // a fixed moment needs no socket
    const moment = await inRoom(active.id, (room) => room.publicAt(ply, "http://x").value as { state: GameState });
    const pieces = moment.state.cells.filter((c) => c !== 0).length;
    expect((r.body.match(/data-piece="/g) ?? []).length).toBe(pieces);
    expect((await text(`/embed/${active.id}?ply=${active.total + 5}`)).status).toBe(404);
    expect((await text(`/embed/${active.id}?ply=-1`)).status).toBe(400);
    expect((await text(`/embed/${active.id}?ply=abc`)).status).toBe(400);
    const unknown = await text(`/embed/zzzzzzzzzzzz`);
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get("content-security-policy")).toContain("frame-ancestors *");
    expect((await text(`/embed/not-a-game`)).status).toBe(404);
  });

  it("?controls=1 adds replay controls over every ply; ?theme=dark and sizes change the look", async () => {
    const r = await text(`/embed/${active.id}?controls=1&theme=dark&width=600&height=400&scores=0`);
    expect(r.status).toBe(200);
    expect(r.body).toContain(`<input type="range" min="0" max="${active.total}" value="${active.total}"`);
    for (const go of ["first", "prev", "play", "next", "last"]) expect(r.body).toContain(`data-go="${go}"`);
    expect(r.body).toContain("background:#15191b"); // the dark theme
    expect(r.body).toContain("max-width:600px;height:400px");
    expect(r.body).not.toContain('class="players"');
    const plain = await text(`/embed/${active.id}`);
    expect(plain.body).not.toContain('type="range"');
    expect(plain.body).toContain("background:#f4f0e4");
  });

  it("frames: the view of one ply as JSON, immutable when the ply is explicit", async () => {
    const r = await fetchRaw(`/embed/${active.id}/frame?ply=2&theme=light`);
    expect(r.status).toBe(200);
    expect(r.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(r.headers.get("access-control-allow-origin")).toBe("*");
    const f = (await r.json()) as { ply: number; html: string; status: string };
    expect(f.ply).toBe(2);
    expect(f.html).toMatch(/^<div class="view" data-ply="2"/);
    const now = await fetchRaw(`/embed/${active.id}/frame`);
    expect(now.headers.get("cache-control")).toBe("no-store");
    expect(((await now.json()) as { ply: number }).ply).toBe(active.total);
    expect((await fetchRaw(`/embed/${active.id}/frame?ply=${active.total + 1}`)).status).toBe(404);
  });

  it("a game waiting for players shows the empty board, its free seats, and is never cached for good", async () => {
    const r = await text(`/embed/${waiting.id}`);
    expect(r.status).toBe(200);
    expect(r.body).toContain("Waiting for players (1 of 3)");
    expect(r.body).toContain("free seat");
    expect(r.body).not.toContain("data-piece");
    const f = await fetchRaw(`/embed/${waiting.id}/frame?ply=0`);
    expect(f.headers.get("cache-control")).toBe("no-store");
  });

  it("a finished game names the winner and does not open a live socket", async () => {
    const r = await text(`/embed/${finished.id}`);
    expect(r.body).toMatch(/Finished after 18 rounds · <strong>P\d (won|and P\d tied) with \d+ points?<\/strong>/);
    expect(r.body).toContain('data-live="0"');
    expect(r.body).toContain('class="winner"');
  });
});

describe("oEmbed", () => {
  const oembed = (q: Record<string, string>) => fetchRaw(`/oembed?${new URLSearchParams(q)}`);

  it("answers a rich oEmbed 1.0 response for a game page: the iframe, sizes, title, thumbnail", async () => {
    const r = await oembed({ url: `http://canopy.test/g/${active.id}`, format: "json" });
    expect(r.status).toBe(200);
    expect(r.headers.get("content-type")).toMatch(/^application\/json/);
    expect(r.headers.get("access-control-allow-origin")).toBe("*");
    const o = (await r.json()) as Record<string, unknown>;
    expect(o).toMatchObject({
      version: "1.0",
      type: "rich",
      provider_name: "Canopy",
      provider_url: "http://canopy.test/",
      width: 480,
      height: 600,
    });
    expect(o.html).toBe(
      `<iframe src="http://canopy.test/embed/${active.id}" width="480" height="600" frameborder="0" style="border:0;max-width:100%" title="${o.title}" loading="lazy" allow="fullscreen"></iframe>`,
    );
    expect(o.title).toMatch(/^P0 vs P1 vs P2 · /);
    expect(o.thumbnail_url).toBe(`http://canopy.test/api/games/${active.id}/board.png?ply=${active.total}`);
    expect([o.thumbnail_width, o.thumbnail_height]).toEqual([1200, 630]);
    expect(typeof o.cache_age).toBe("number");
  });

  it("honours maxwidth and maxheight (iframe and thumbnail), and carries embed options", async () => {
    const o = (await (
      await oembed({
        url: `http://canopy.test/embed/${active.id}?controls=1&theme=dark&ply=4&invite=x`,
        maxwidth: "300",
        maxheight: "400",
      })
    ).json()) as Record<string, any>;
    expect(o.width).toBeLessThanOrEqual(300);
    expect(o.height).toBeLessThanOrEqual(400);
    expect(o.html).toContain(`src="http://canopy.test/embed/${active.id}?ply=4&amp;controls=1&amp;theme=dark"`);
    expect(o.html).not.toContain("invite");
    expect(o.thumbnail_width).toBeLessThanOrEqual(300);
    expect(o.thumbnail_height).toBeLessThanOrEqual(400);
    expect(o.thumbnail_url).toBe(`http://canopy.test/api/games/${active.id}/board.png?ply=4&theme=dark&width=300`);
    const png = await fetchRaw(new URL(o.thumbnail_url).pathname + new URL(o.thumbnail_url).search);
    expect(pngSize(new Uint8Array(await png.arrayBuffer()))).toEqual({ width: 300, height: 158 });
    const tiny = (await (await oembed({ url: `http://canopy.test/g/${active.id}`, maxwidth: "50" })).json()) as Record<
      string,
      unknown
    >;
    expect(tiny.width).toBe(50);
    expect(tiny.thumbnail_url).toBeUndefined(); // no thumbnail that small
  });

  it("404 for addresses that are not our games, 501 for formats other than JSON, 400 without a url", async () => {
    for (const url of [
      `http://elsewhere.example/g/${active.id}`,
      `http://canopy.test/g/zzzzzzzzzzzz`,
      `http://canopy.test/g/${active.id}/extra`,
      `http://canopy.test/api/games/${active.id}`,
      `http://canopy.test/`,
      `javascript:alert(1)`,
      `not a url`,
    ]) {
      const r = await oembed({ url });
      expect(r.status, url).toBe(404);
      expect(((await r.json()) as { error: { code: string } }).error.code).toBe("NOT_FOUND");
    }
    expect((await oembed({ url: `http://canopy.test/g/${active.id}`, format: "xml" })).status).toBe(501);
    expect((await oembed({ url: `http://canopy.test/g/${active.id}`, format: "yaml" })).status).toBe(501);
    expect((await oembed({})).status).toBe(400);
    expect((await oembed({ url: `http://canopy.test/g/${active.id}`, maxwidth: "wide" })).status).toBe(400);
  });
});

describe("board pictures", () => {
  it("board.svg is the shared renderer's picture of the moment", async () => {
    const r = await fetchRaw(`/api/games/${active.id}/board.svg?ply=5`);
    expect(r.status).toBe(200);
    expect(r.headers.get("content-type")).toBe("image/svg+xml; charset=utf-8");
    expect(r.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const m = await inRoom(
      active.id,
      (room) => room.publicAt(5, "http://x").value as { state: GameState; game: { totalRounds: number } },
    );
    const svg = await r.text();
    // The same drawing as the client's (highlights mark the last move).
    const bare = (s: string) =>
      s
        .replace(/ data-highlight="last"/g, "")
        .replace(/<polygon points="[^"]*" fill="none" stroke="#6a1b9a" stroke-width="3"\/>/g, "");
    expect(bare(svg)).toBe(bare(renderBoard(m.state, { idPrefix: "b", rounds: m.game.totalRounds })));
    const wide = await (await fetchRaw(`/api/games/${active.id}/board.svg?ply=5&width=912&theme=dark`)).text();
    expect(wide).toContain('width="912"');
    expect(wide).toContain("#15191b");
  });

  it("board.png is a 1200×630 PNG without metadata; with a ply it is immutable and cached, without one it is short-lived", async () => {
    const r = await fetchRaw(`/api/games/${active.id}/board.png?ply=6`);
    expect(r.status).toBe(200);
    expect(r.headers.get("content-type")).toBe("image/png");
    expect(r.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(r.headers.get("x-canopy-ply")).toBe("6");
    const bytes = new Uint8Array(await r.arrayBuffer());
    expect(pngSize(bytes)).toEqual({ width: 1200, height: 630 });
    expect(pngChunks(bytes).filter((c) => c !== "IDAT")).toEqual(["IHDR", "IEND"]);
    // Served again (from the isolate's last pictures or the Cache API): the same bytes.
    const again = new Uint8Array(await (await fetchRaw(`/api/games/${active.id}/board.png?ply=6`)).arrayBuffer());
    expect(again).toEqual(bytes);
    // Two plies differ.
    const other = new Uint8Array(await (await fetchRaw(`/api/games/${active.id}/board.png?ply=7`)).arrayBuffer());
    expect(other).not.toEqual(bytes);
    const now = await fetchRaw(`/api/games/${active.id}/board.png`);
    expect(now.headers.get("cache-control")).toBe("public, max-age=30");
    expect(now.headers.get("x-canopy-ply")).toBe(String(active.total));
    expect(now.headers.get("link")).toBe(
      `<http://canopy.test/api/games/${active.id}/board.png?ply=${active.total}>; rel="canonical"`,
    );
    await now.arrayBuffer();
  });

  it("a new ply's card asked for by several requests at once is drawn once, and not again when asked for later", async () => {
    const before = picturesDrawn();
    const path = `/api/games/${active.id}/board.png?ply=10&theme=dark`;
    const answers = await Promise.all([fetchRaw(path), fetchRaw(path), fetchRaw(path)]);
    const bodies = await Promise.all(answers.map(async (r) => new Uint8Array(await r.arrayBuffer())));
    for (const r of answers) {
      expect(r.status).toBe(200);
      expect(r.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    }
    expect(bodies[1]).toEqual(bodies[0]);
    expect(bodies[2]).toEqual(bodies[0]);
    expect(picturesDrawn() - before).toBe(1);
    await (await fetchRaw(path)).arrayBuffer();
    expect(picturesDrawn() - before).toBe(1);
  });

  it("answer HEAD requests (link checkers, some crawlers) with the headers and no body", async () => {
    const { exports } = await import("cloudflare:workers");
    const r = await exports.default.fetch(`http://canopy.test/api/games/${active.id}/board.png?ply=6`, {
      method: "HEAD",
    });
    expect(r.status).toBe(200);
    expect(r.headers.get("content-type")).toBe("image/png");
    expect((await r.arrayBuffer()).byteLength).toBe(0);
  });

  it("errors use the API's shape: 404 unknown game or ply, 400 bad parameters", async () => {
    for (const [path, status, code] of [
      [`/api/games/zzzzzzzzzzzz/board.png`, 404, "NOT_FOUND"],
      [`/api/games/${active.id}/board.svg?ply=${active.total + 1}`, 404, "NO_SUCH_PLY"],
      [`/api/games/${active.id}/board.png?ply=x`, 400, "VALIDATION_FAILED"],
      [`/api/games/${active.id}/board.png?width=5000`, 400, "VALIDATION_FAILED"],
      [`/api/games/${active.id}/board.svg?theme=pink`, 400, "VALIDATION_FAILED"],
      [`/api/games/BAD/board.svg`, 400, "VALIDATION_FAILED"],
    ] as const) {
      const r = await fetchRaw(path);
      expect(r.status, path).toBe(status);
      expect(((await r.json()) as { error: { code: string } }).error.code, path).toBe(code);
    }
  });

  it("a waiting game's picture is never cached for good", async () => {
    const r = await fetchRaw(`/api/games/${waiting.id}/board.png?ply=0`);
    expect(r.status).toBe(200);
    expect(r.headers.get("cache-control")).toBe("no-cache");
    await r.arrayBuffer();
  });

  it("are in the OpenAPI document", async () => {
    const doc = (await call("GET", "/api/openapi.json")).body;
    expect(Object.keys(doc.paths["/api/games/{id}/board.png"].get.responses["200"].content)).toEqual(["image/png"]);
    expect(Object.keys(doc.paths["/api/games/{id}/board.svg"].get.responses["200"].content)).toEqual(["image/svg+xml"]);
  });
});

describe("hidden information", () => {
  it("no token, token hash, invite code, nor the seed before the end, in any embed output of a waiting, active or finished game", async () => {
    for (const game of [active, waiting, finished]) {
      const all = await secretsOf(
        game.id,
        game.players.map((p) => p.token),
      );
      // Once a game has ended its seed is public (the log gives it, to replay the game).
      const secrets = game === finished ? all.slice(0, -2) : all;
      const outputs: [string, string][] = [];
      const add = async (path: string) => {
        const r = await fetchRaw(path);
        const bytes = new Uint8Array(await r.arrayBuffer());
        outputs.push([path, new TextDecoder("latin1").decode(bytes)]);
      };
      await add(`/embed/${game.id}`);
      await add(`/embed/${game.id}?controls=1`);
      await add(`/embed/${game.id}/frame`);
      await add(`/embed/${game.id}/frame?ply=0`);
      await add(`/embed/${game.id}?ply=0&controls=1`);
      await add(`/api/games/${game.id}/board.svg`);
      await add(`/api/games/${game.id}/board.png`);
      await add(
        `/oembed?url=${encodeURIComponent(`http://canopy.test/g/${game.id}?invite=${"code" in game ? game.code : ""}`)}`,
      );
      for (const [path, out] of outputs)
        for (const s of secrets) expect(out.includes(s), `${path} contains a secret`).toBe(false);
    }
  });
});
