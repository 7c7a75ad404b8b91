/** Shared by the embed tests inside workerd: play some moves, read a game's secrets, small PNG reading. */
import { call, inRoom } from "../api/client";
import type { GameRecord } from "../../src/game/model";

/** Play `count` random legal actions (deterministic from `seed`); returns the game's log length after. */
export async function playSome(id: string, players: { token: string }[], count: number, seed = 3): Promise<number> {
  let rnd = seed;
  for (let i = 0; i < count; i++) {
    const game = (await call("GET", `/api/games/${id}`)).body;
    if (game.status !== "active") break;
    const token = players[game.toAct].token;
    const legal = (await call("GET", `/api/games/${id}/legal-actions`, { token })).body;
    rnd = (rnd * 1103515245 + 12345) % 2147483648;
    // Prefer actions that change the board, so consecutive plies look different.
    const movers = legal.actions.filter((a: { type: string }) => a.type !== "endTurn" && a.type !== "buy");
    const pool = movers.length ? movers : legal.actions;
    const action = pool[rnd % pool.length];
    const r = await call("POST", `/api/games/${id}/actions`, { token, body: { version: legal.version, action } });
    if (r.status !== 200) throw new Error(`action refused: ${r.status} ${JSON.stringify(r.body)}`);
  }
  return (await call("GET", `/api/games/${id}`)).body.actionCount;
}

/** The record the Durable Object keeps (with its secrets: seed, invite code, token hashes). */
export async function record(id: string): Promise<GameRecord> {
  return inRoom(id, (room) => (room as unknown as { game: GameRecord }).game);
}

/** Every secret of a game, as strings that must never appear in a public output. */
export async function secretsOf(id: string, tokens: string[]): Promise<string[]> {
  const g = await record(id);
  return [
    ...tokens,
    ...g.seats.map((s) => s.tokenHash),
    g.inviteCode,
    String(g.seed),
    (g.seed >>> 0).toString(16).padStart(8, "0"),
  ];
}

export async function fetchRaw(path: string, headers: Record<string, string> = {}): Promise<Response> {
  const { exports } = await import("cloudflare:workers");
  return exports.default.fetch(`http://canopy.test${path}`, { headers });
}

/** Width and height from a PNG's IHDR chunk (after checking the signature). */
export function pngSize(bytes: Uint8Array): { width: number; height: number } {
  const sig = [137, 80, 78, 71, 13, 10, 26, 10];
  if (!sig.every((b, i) => bytes[i] === b)) throw new Error("not a PNG");
  const v = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return { width: v.getUint32(16), height: v.getUint32(20) };
}

/** The PNG's chunk types in order (a PNG with text chunks could carry metadata). */
export function pngChunks(bytes: Uint8Array): string[] {
  const v = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const out: string[] = [];
  for (let at = 8; at < bytes.length; ) {
    const len = v.getUint32(at);
    out.push(String.fromCharCode(...bytes.subarray(at + 4, at + 8)));
    at += 12 + len;
  }
  return out;
}

export async function gzipSize(text: string): Promise<number> {
  const stream = new Blob([text]).stream().pipeThrough(new CompressionStream("gzip"));
  return (await new Response(stream).arrayBuffer()).byteLength;
}
