/**
 * What a game asks D1 when it matches its notifications to webhooks (src/db/webhooks.ts
 * deliveryTargets): the webhooks and push subscriptions in one round trip, and the players' Discord
 * ids only when a Discord webhook is among them (the only kind that pings; issue 24: one D1 query a
 * match less for every other game).
 */
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { db } from "../../src/db/queries";
import { players, webhooks } from "../../src/db/schema";
import { deliveryTargets } from "../../src/db/webhooks";

const d = db(env.DB);
let n = 0;

async function player(discordUserId: string | null): Promise<string> {
  const id = `dt${String(++n).padStart(10, "0")}`;
  await d.insert(players).values({ id, name: `P${n}`, tokenHash: `hash-${id}`, discordUserId, createdAt: 1 });
  return id;
}

async function webhook(gameId: string, ownerId: string, kind: "discord" | "slack" | "json", scope = "game") {
  const id = `wh_dt${++n}`;
  await d.insert(webhooks).values({
    id,
    scope: scope as "game" | "player",
    gameId: scope === "game" ? gameId : null,
    ownerId,
    kind,
    urlEncrypted: "x",
    urlRedacted: "https://example.com/…",
    createdAt: 1,
    updatedAt: 1,
  });
  return id;
}

/** The tables each D1 statement of `work` reads (from the SQL D1 is handed). */
async function tablesAsked(work: () => Promise<unknown>): Promise<string[]> {
  const prepare = vi.spyOn(env.DB, "prepare");
  await work();
  return prepare.mock.calls.map(([sql]) => /from "(\w+)"/.exec(sql)?.[1] ?? sql);
}

afterEach(() => vi.restoreAllMocks());

describe("deliveryTargets", () => {
  it("a game whose webhooks are not Discord's asks no player's Discord id", async () => {
    const ann = await player("123456789012345678");
    const ben = await player(null);
    const hook = await webhook("dtgame000001", ann, "json");
    const mine = await webhook("dtgame000001", ben, "slack", "player");
    let found: Awaited<ReturnType<typeof deliveryTargets>> | undefined;
    const asked = await tablesAsked(async () => {
      found = await deliveryTargets(d, "dtgame000001", [ann, ben], [ann, ben]);
    });
    expect(found!.rows.map((r) => r.id).sort()).toEqual([hook, mine].sort());
    expect(found!.discordIds.size).toBe(0);
    expect(asked.sort()).toEqual(["push_subscriptions", "webhooks"]);
  });

  it("a Discord webhook among them: the seated players' Discord ids come too", async () => {
    const ann = await player(null);
    const ben = await player("223456789012345678");
    await webhook("dtgame000002", ann, "json");
    await webhook("dtgame000002", ben, "discord", "player");
    let found: Awaited<ReturnType<typeof deliveryTargets>> | undefined;
    const asked = await tablesAsked(async () => {
      found = await deliveryTargets(d, "dtgame000002", [ann], [ann, ben]);
    });
    // Ben's own Discord webhook is not Ann's audience: only the game's json one is a target.
    expect(found!.rows.map((r) => r.kind)).toEqual(["json"]);
    expect(asked.sort()).toEqual(["push_subscriptions", "webhooks"]);
    const both = await deliveryTargets(d, "dtgame000002", [ann, ben], [ann, ben]);
    expect(both.rows.map((r) => r.kind).sort()).toEqual(["discord", "json"]);
    expect(both.discordIds.get(ben)).toBe("223456789012345678");
    expect(both.discordIds.get(ann)).toBeNull();
  });
});
