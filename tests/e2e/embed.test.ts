/**
 * Embeds end to end against the local worker: an independent oEmbed consumer (unfurl.js) discovers
 * and resolves a game's bare URL; the board PNG decodes (pngjs) at its documented size and differs
 * between plies; in Chromium a blog on another origin embeds the viewer, which follows the game
 * live and replays it, while the game page itself refuses to be framed; previews carry no secret.
 */
import { createServer, type Server } from "node:http";
import { mkdirSync, writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import type { Browser, Frame, Page } from "playwright-core";
import { PNG } from "pngjs";
import { unfurl } from "unfurl.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium, startWorker, type LocalWorker, shot } from "./support";

const SHOTS = process.env.CANOPY_SHOTS ?? "";

let worker: LocalWorker;
let chrome: { browser: Browser; close(): Promise<void> };
let blog: Server;
let blogBase: string;
let blogHtml = "";

beforeAll(async () => {
  [worker, chrome] = await Promise.all([startWorker(), launchChromium()]);
  // "Another site": a tiny HTTP server on its own port (another origin) serving a blog post.
  blog = createServer((_, res) => {
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    res.end(blogHtml);
  });
  await new Promise<void>((ok) => blog.listen(0, "127.0.0.1", ok));
  blogBase = `http://127.0.0.1:${(blog.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((ok) => blog?.close(ok));
  await chrome?.close();
  await worker?.stop();
});

async function api<T = any>(method: string, path: string, body?: unknown, token?: string): Promise<T> {
  const headers: Record<string, string> = {};
  if (body !== undefined) headers["content-type"] = "application/json";
  if (token) headers.authorization = `Bearer ${token}`;
  const r = await fetch(`${worker.base}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const data = await r.json();
  if (!r.ok) throw new Error(`${method} ${path}: ${r.status} ${JSON.stringify(data)}`);
  return data as T;
}

interface Game {
  id: string;
  code: string;
  tokens: string[];
}

async function newGame(names: string[]): Promise<Game> {
  const tokens: string[] = [];
  for (const name of names) tokens.push((await api("POST", "/api/players", { name })).token);
  const created = await api("POST", "/api/games", { seats: names.length }, tokens[0]);
  const id = created.game.id as string;
  for (const t of tokens.slice(1)) await api("POST", `/api/games/${id}/join`, { code: created.invite.code }, t);
  return { id, code: created.invite.code, tokens };
}

/** Play the first legal action of the seat to act (a placement in setup). Returns the new log length. */
async function playOne(g: Game): Promise<number> {
  const game = await api("GET", `/api/games/${g.id}`);
  const token = g.tokens[game.toAct];
  const legal = await api("GET", `/api/games/${g.id}/legal-actions`, undefined, token);
  const action = legal.actions.find((a: { type: string }) => a.type !== "endTurn") ?? legal.actions[0];
  const r = await api("POST", `/api/games/${g.id}/actions`, { version: legal.version, action }, token);
  return r.game.actionCount;
}

async function png(path: string, save?: string): Promise<PNG> {
  const r = await fetch(`${worker.base}${path}`);
  expect(r.status).toBe(200);
  expect(r.headers.get("content-type")).toBe("image/png");
  const bytes = Buffer.from(await r.arrayBuffer());
  if (SHOTS && save) {
    mkdirSync(SHOTS, { recursive: true });
    writeFileSync(join(SHOTS, `${save}.png`), bytes);
  }
  return PNG.sync.read(bytes);
}

describe("link previews and oEmbed, as outside consumers see them", () => {
  let g: Game;
  beforeAll(async () => {
    g = await newGame(["Ann", "Bo"]);
    for (let i = 0; i < 3; i++) await playOne(g);
  });

  it("unfurl.js discovers the oEmbed endpoint from the bare game URL and resolves it; Open Graph and Twitter tags describe the game", async () => {
    // People paste what they have: often the invite link.
    const url = `${worker.base}/g/${g.id}?invite=${g.code}`;
    const meta = await unfurl(url, { oembed: true, timeout: 20_000 });
    const o = meta.oEmbed as Record<string, any>;
    expect(o).toBeTruthy();
    expect(o.type).toBe("rich");
    expect(o.version).toBe("1.0");
    expect(o.provider_name).toBe("Canopy");
    expect(o.html).toContain(`<iframe src="${worker.base}/embed/${g.id}"`);
    expect(o.width).toBeGreaterThan(0);
    expect(o.height).toBeGreaterThan(0);
    expect(o.title).toContain("Ann vs Bo");
    expect(meta.title).toBe("Ann vs Bo · Canopy");
    expect(meta.open_graph.title).toBe("Ann vs Bo · Canopy");
    expect(meta.open_graph.description).toMatch(/^Setup\. (Ann|Bo) places a tree\./);
    const image = meta.open_graph.images?.[0];
    expect(image?.url).toBe(`${worker.base}/api/games/${g.id}/board.png?ply=3`);
    expect([Number(image?.width), Number(image?.height)]).toEqual([1200, 630]);
    expect(meta.twitter_card.card).toBe("summary_large_image");
    expect(meta.twitter_card.images?.[0]?.url).toBe(image?.url);
    // The thumbnail is the same card.
    // (unfurl.js files thumbnail_url/_width/_height under `thumbnails`.)
    const t = o.thumbnails?.[0];
    expect(t?.url).toBe(image?.url);
    const thumb = await png(new URL(t.url).pathname + new URL(t.url).search);
    expect([thumb.width, thumb.height]).toEqual([t.width, t.height]);
    // Nothing secret in what a previewer gets.
    const page = await (await fetch(url)).text();
    for (const text of [page, JSON.stringify(meta)]) {
      expect(text).not.toContain(g.code);
      for (const t of g.tokens) expect(text).not.toContain(t);
    }
  });

  it("the PNG decodes at its documented size and differs between two plies", async () => {
    const a = await png(`/api/games/${g.id}/board.png?ply=1`);
    const b = await png(`/api/games/${g.id}/board.png?ply=3`, "board-card");
    expect([a.width, a.height]).toEqual([1200, 630]);
    expect([b.width, b.height]).toEqual([1200, 630]);
    let differing = 0;
    for (let i = 0; i < a.data.length; i += 4) if (a.data.readUInt32BE(i) !== b.data.readUInt32BE(i)) differing++;
    expect(differing).toBeGreaterThan(500);
    // Opaque, and not blank: the board's colours are there.
    const colours = new Set<number>();
    for (let i = 0; i < a.data.length; i += 4 * 97) colours.add(a.data.readUInt32BE(i));
    expect(colours.size).toBeGreaterThan(20);
  });

  it("the game page is the client's page with the tags in its <head>, and may only be framed by itself", async () => {
    const r = await fetch(`${worker.base}/g/${g.id}`);
    expect(r.status).toBe(200);
    expect(r.headers.get("content-security-policy")).toBe("frame-ancestors 'self'");
    expect(r.headers.get("x-frame-options")).toBe("SAMEORIGIN");
    const html = await r.text();
    expect(html).toContain('<script type="module" src="/app.js"></script>');
    const head = html.slice(0, html.indexOf("</head>"));
    expect(head).toContain(`<link rel="alternate" type="application/json+oembed" href="${worker.base}/oembed?url=`);
    expect(head).toContain('<meta property="og:image:width" content="1200">');
    const unknown = await fetch(`${worker.base}/g/zzzzzzzzzzzz`);
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toContain('src="/app.js"');
    expect(unknown.headers.get("content-security-policy")).toBe("frame-ancestors 'self'");
    // The embed page is the one that others may frame.
    const embed = await fetch(`${worker.base}/embed/${g.id}`);
    expect(embed.headers.get("content-security-policy")).toContain("frame-ancestors *");
    expect(embed.headers.get("x-frame-options")).toBeNull();
  });

  it("a moment's address (/g/<id>?ply=N) previews that moment, and the page opens on it and follows the scrubber", async () => {
    const head = async (query: string) => {
      const html = await (await fetch(`${worker.base}/g/${g.id}${query}`)).text();
      return html.slice(0, html.indexOf("</head>"));
    };
    const moment = await head("?ply=1");
    expect(moment).toContain(`<meta property="og:url" content="${worker.base}/g/${g.id}?ply=1">`);
    expect(moment).toContain(`<meta property="og:image" content="${worker.base}/api/games/${g.id}/board.png?ply=1">`);
    expect(moment).toContain(`<link rel="canonical" href="${worker.base}/g/${g.id}?ply=1">`);
    // A ply the game has not reached, or not a move number: the game now.
    for (const query of ["?ply=99", "?ply=one", ""]) {
      const now = await head(query);
      expect(now, query).toContain(`<meta property="og:url" content="${worker.base}/g/${g.id}">`);
      expect(now, query).toContain(
        `<meta property="og:image" content="${worker.base}/api/games/${g.id}/board.png?ply=3">`,
      );
    }

    const page = await chrome.browser.newPage({ viewport: { width: 1280, height: 900 } });
    try {
      await page.goto(`${worker.base}/g/${g.id}?ply=1`);
      const scrubber = page.locator('.replay input[type="range"]');
      await expect.poll(() => scrubber.inputValue(), { timeout: 20_000 }).toBe("1");
      await page.locator(".replay").getByRole("button", { name: "Forward" }).click();
      await expect.poll(() => scrubber.inputValue()).toBe("2");
      expect(new URL(page.url()).search).toBe("?ply=2");
      await page.locator(".replay").getByRole("button", { name: "Now" }).click();
      await expect.poll(() => new URL(page.url()).search).toBe("");
      expect(await scrubber.inputValue()).toBe("3");
    } finally {
      await page.close();
    }
  });
});

describe("a blog on another origin embeds the viewer", () => {
  let g: Game;
  let page: Page;

  const frameOf = async (id: string): Promise<Frame> => {
    const handle = await page.waitForSelector(`iframe#${id}`);
    const f = await handle.contentFrame();
    if (!f) throw new Error(`no frame ${id}`);
    return f;
  };
  const shownPly = (f: Frame) => f.evaluate(() => Number(document.querySelector(".view")?.getAttribute("data-ply")));
  const waitPly = (f: Frame, ply: number) =>
    f.waitForFunction((want) => Number(document.querySelector(".view")?.getAttribute("data-ply")) === want, ply, {
      timeout: 20_000,
    });
  const pieces = (f: Frame) => f.evaluate(() => document.querySelectorAll(".board [data-piece]").length);

  beforeAll(async () => {
    g = await newGame(["Ann", "Bo", "Cy"]);
    await playOne(g);
    blogHtml = `<!doctype html><html><head><meta charset="utf-8"><title>My game</title>
<style>body{font:16px Georgia,serif;max-width:1040px;margin:20px auto;background:#fff}iframe{vertical-align:top;margin:0 8px 8px 0}</style></head>
<body><h1>Our Photosynthesis game</h1><p>Follow along (the second frame is sandboxed as WordPress frames discovered embeds):</p>
<iframe id="live" src="${worker.base}/embed/${g.id}" width="480" height="600" style="border:0"></iframe>
<iframe id="replay" src="${worker.base}/embed/${g.id}?controls=1&theme=dark" width="480" height="640" style="border:0"
  sandbox="allow-scripts" security="restricted" title="Replay"></iframe>
<p>The game page itself cannot be framed:</p>
<iframe id="page" src="${worker.base}/g/${g.id}" width="300" height="120"></iframe>
</body></html>`;
    page = await chrome.browser.newPage({ viewport: { width: 1060, height: 1400 } });
  });

  afterAll(async () => {
    await page?.close();
  });

  it("sees the game update live when a move is played, replays it with the controls, and cannot frame the game page", async () => {
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    await page.goto(`${blogBase}/`);
    expect(new URL(page.url()).origin).not.toBe(new URL(worker.base).origin);
    const live = await frameOf("live");
    const replay = await frameOf("replay");
    await waitPly(live, 1);
    await waitPly(replay, 1);
    // Both are connected to the live channel.
    await live.waitForSelector('.dot[data-state="open"]', { timeout: 20_000 });
    await replay.waitForSelector('.dot[data-state="open"]', { timeout: 20_000 });
    expect(await pieces(live)).toBe(1);

    // A move is played elsewhere: both viewers show it without reloading.
    const total = await playOne(g);
    expect(total).toBe(2);
    await waitPly(live, 2);
    await waitPly(replay, 2);
    expect(await pieces(live)).toBe(2);
    expect(await live.textContent(".last")).toMatch(/placed a small tree on [a-g]\d/);
    expect(await replay.inputValue("input[type=range]")).toBe("2");

    // Replay: step back, to the start, and back to live.
    await replay.click('[data-go="prev"]');
    await waitPly(replay, 1);
    await replay.click('[data-go="first"]');
    await waitPly(replay, 0);
    expect(await pieces(replay)).toBe(0);
    expect(await replay.textContent("output")).toBe("0 / 2");
    // While scrubbed back, a new move extends the range but does not move the view.
    await playOne(g);
    await waitPly(live, 3);
    await replay.waitForFunction(() => document.querySelector("output")?.textContent === "0 / 3", undefined, {
      timeout: 20_000,
    });
    expect(await shownPly(replay)).toBe(0);
    // Scrub with the range (from the keyboard), then back to live.
    await replay.focus("input[type=range]");
    await replay.press("input[type=range]", "ArrowRight");
    await replay.press("input[type=range]", "ArrowRight");
    await waitPly(replay, 2);
    await replay.click('[data-go="last"]');
    await waitPly(replay, 3);
    await playOne(g);
    await waitPly(replay, 4);
    await waitPly(live, 4);
    expect(await pieces(live)).toBe(4);

    // The game page refused to be framed by another origin: Chromium shows its error page instead.
    const blocked = await frameOf("page");
    expect(blocked.url()).not.toContain(`/g/${g.id}`);
    expect(await blocked.$("#app")).toBeNull();

    await shot(page, "embed-blog");
    expect(errors).toEqual([]);
  });
});

describe("an Under the Moonlight game, embedded and previewed", () => {
  let g: Game;
  let page: Page;

  beforeAll(async () => {
    const tokens: string[] = [];
    for (const name of ["Ann", "Bo", "Cy"]) tokens.push((await api("POST", "/api/players", { name })).token);
    const created = await api(
      "POST",
      "/api/games",
      { seats: 3, firstPlayer: 0, moonlight: { greatTree: true, moonstones: true } },
      tokens[0],
    );
    g = { id: created.game.id, code: created.invite.code, tokens };
    for (const t of tokens.slice(1)) await api("POST", `/api/games/${g.id}/join`, { code: g.code }, t);
    page = await chrome.browser.newPage({ viewport: { width: 520, height: 700 } });
  });

  afterAll(async () => {
    await page?.close();
  });

  it("the viewer draws the moon, its marker and the animals inside the picture, follows the setup steps live, and names no hidden choice", async () => {
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    // One seat has chosen its animal: hidden from everyone else.
    await playOne(g);
    await page.goto(`${worker.base}/embed/${g.id}`);
    await page.waitForSelector(".board svg .moon");
    const text = await page.textContent("main");
    expect(text).toMatch(/Setup · (Half|Full) moon · Bo chooses an animal/);
    const html = await page.content();
    for (const animal of ["boar", "hedgehog", "squirrel", "fox", "owl", "badger", "beaver", "turtle"])
      expect(html).not.toMatch(new RegExp(`\\b${animal}\\b`));
    // The moon and the marker lie inside the drawn picture, not cut off.
    const inside = await page.evaluate(() => {
      const svg = document.querySelector(".board svg")!.getBoundingClientRect();
      return [".moon", ".moon-next"].map((sel) => {
        const r = document.querySelector(`.board svg ${sel}`)!.getBoundingClientRect();
        return r.width > 5 && r.left >= svg.left && r.right <= svg.right && r.top >= svg.top && r.bottom <= svg.bottom;
      });
    });
    expect(inside).toEqual([true, true]);
    await page.waitForSelector('.dot[data-state="open"]', { timeout: 20_000 });
    // The others choose, then the first animal is placed: the viewer shows it without reloading.
    await playOne(g);
    await playOne(g);
    const ply = await playOne(g);
    await page.waitForFunction(
      (want) => Number(document.querySelector(".view")?.getAttribute("data-ply")) === want,
      ply,
      { timeout: 20_000 },
    );
    expect(await page.locator(".board g.animal").count()).toBe(1);
    expect(await page.locator(".players svg").count()).toBe(6); // each seat's shape and revealed animal
    expect(await page.textContent(".last")).toMatch(/placed the \w+ on [a-g]\d/);
    await shot(page, "embed-moonlight");
    expect(errors).toEqual([]);
  });

  it("the card PNG decodes at its size; oEmbed and the preview name the moon and the moon points", async () => {
    const game = await api("GET", `/api/games/${g.id}`);
    const card = await png(`/api/games/${g.id}/board.png?ply=${game.actionCount}`, "board-card-moonlight");
    expect([card.width, card.height]).toEqual([1200, 630]);
    const meta = await unfurl(`${worker.base}/g/${g.id}`, { oembed: true, timeout: 20_000 });
    expect((meta.oEmbed as { title: string }).title).toMatch(/^Ann vs Bo vs Cy · Setup · (Half|Full) moon · /);
    expect(meta.open_graph.description).toMatch(
      /(Half|Full) moon; next round (half|full) moon\. Moon points: Ann the \w+ 2, Bo the \w+ 2, Cy the \w+ 2\./,
    ); // revealed once all have chosen
  });
});
