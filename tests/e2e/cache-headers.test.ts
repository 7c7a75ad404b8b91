/**
 * What browsers may keep (web/public/_headers): the content-hashed chunks for a year without asking
 * again; the pages (the start page, a game page through the Worker), the service worker and the
 * files whose names do not change with their content revalidated on every visit.
 */
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { annAndBruno, startWorker, type LocalWorker } from "./support";

let worker: LocalWorker;

beforeAll(async () => {
  worker = await startWorker();
});

afterAll(async () => {
  await worker?.stop();
});

const cacheOf = async (path: string) => {
  const r = await fetch(`${worker.base}${path}`);
  await r.arrayBuffer();
  expect(r.status, path).toBe(200);
  return r.headers.get("cache-control");
};

it("hashed chunks are immutable; pages, the service worker and unhashed files revalidate", async () => {
  const chunks = readdirSync(join(import.meta.dirname, "../../dist/web/chunks")).filter((f) => f.endsWith(".js"));
  expect(chunks.length).toBeGreaterThan(0);
  for (const c of chunks.slice(0, 3)) expect(await cacheOf(`/chunks/${c}`)).toBe("public, max-age=31536000, immutable");
  // The Moonlight's pictures (one SVG named by its content, scripts/build-web.mjs moonSprite) likewise.
  const sprite = readdirSync(join(import.meta.dirname, "../../dist/web/chunks")).filter((f) =>
    /^moon-[0-9a-f]{10}\.svg$/.test(f),
  );
  expect(sprite).toHaveLength(1);
  expect(await cacheOf(`/chunks/${sprite[0]}`)).toBe("public, max-age=31536000, immutable");
  const { game } = await annAndBruno(worker.base);
  const id = await game();
  for (const path of ["/", "/how-to-play", `/g/${id}`, "/sw.js", "/app.js", "/app.css", "/manifest.webmanifest"]) {
    const cc = await cacheOf(path);
    expect(cc, path).toMatch(/max-age=0|no-cache/);
    expect(cc, path).not.toContain("immutable");
  }
});
