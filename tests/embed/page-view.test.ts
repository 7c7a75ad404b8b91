/**
 * The game page's HTML carries the game as a spectator sees it (src/embed/meta.ts pageView, contract
 * PAGE_VIEW_ID), so the page paints at once and asks for no view of its own while a socket greets it:
 * exactly what GET /api/games/:id answers without a key — no invite, no seat's view, no key — in a
 * data block whose text cannot close it.
 */
import { describe, expect, it } from "vitest";
import { PAGE_VIEW_ID } from "../../src/contract/page";
import { pageView } from "../../src/embed/meta";
import { BASE, call, newPlayer, startedGame } from "../api/client";
import { exports } from "cloudflare:workers";

/** The view a page's HTML carries, parsed as the browser reads the data block. */
function carried(html: string): unknown {
  const m = new RegExp(`<script type="application/json" id="${PAGE_VIEW_ID}">([^<]*)</script>`).exec(html);
  return m ? JSON.parse(m[1]) : null;
}

describe("the game page's view", () => {
  it("is the public view, escaped so that no text in it is markup", () => {
    const view = { id: "g", seats: [{ player: { name: "</script><b>&\u2028x\u2029" } }] } as never;
    const html = pageView(view);
    expect(html.match(/<\/script>/g)).toHaveLength(1);
    expect(html).not.toMatch(/<b>|&|\u2028|\u2029/);
    expect(carried(html)).toEqual(view);
  });

  it("the page's HTML carries what GET /api/games/:id answers a spectator; a waiting game's invite and the players' keys are nowhere in it", async () => {
    const host = await newPlayer("Host");
    const created = await call("POST", "/api/games", { token: host.token, body: { seats: 3 } });
    const waiting = created.body.game.id as string;
    const { id, players } = await startedGame(2, { moonlight: true });
    for (const [game, secrets] of [
      [waiting, [created.body.invite.code, host.token]],
      [id, players.map((p) => p.token)],
    ] as const) {
      const res = await exports.default.fetch(`${BASE}/g/${game}`);
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(carried(html)).toEqual((await call("GET", `/api/games/${game}`)).body);
      for (const s of secrets) expect(html).not.toContain(s);
    }
    // A seat's view is not the page's: the Moonlight deal a seat sees is not in it.
    const mine = (await call("GET", `/api/games/${id}`, { token: players[0].token })).body;
    expect(mine.state.moon.players[0].deal).toHaveLength(2);
    const html = await (await exports.default.fetch(`${BASE}/g/${id}`)).text();
    expect((carried(html) as any).state.moon.players[0].deal).toBeNull();
    // An unknown game's page carries none.
    expect(carried(await (await exports.default.fetch(`${BASE}/g/zzzzzzzzzzzz`)).text())).toBeNull();
  });
});
