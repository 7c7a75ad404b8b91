import { env } from "cloudflare:workers";
import { runDurableObjectAlarm } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { replay } from "../../src/engine";
import { call, playToEnd, roomStub, startedGame } from "./client";

describe("a complete game through HTTP", () => {
  it("four players: profiles, lobby, every move, the history entry", async () => {
    const { id, players, game } = await startedGame(4);
    expect(game.status).toBe("active");
    expect(game.seats.map((s: any) => s.player.id)).toEqual(players.map((p) => p.id));
    expect(game.state.phase).toBe("setup");
    // No secrets in the public view.
    const text = JSON.stringify(game);
    for (const p of players) expect(text).not.toContain(p.token);
    expect(text).not.toMatch(/tokenHash|inviteCode/);

    const final = await playToEnd(id, players, 42);
    expect(final.status).toBe("finished");
    expect(final.round).toBe(18);
    expect(final.winners.length).toBeGreaterThan(0);
    expect(final.state.options.seed).not.toBe(0); // revealed at the end

    // The log replays to the same final position.
    const log = (await call("GET", `/api/games/${id}/log`)).body;
    expect(log.total).toBe(final.actionCount);
    expect(log.entries).toHaveLength(final.actionCount);
    const replayed = replay(
      log.replay.options,
      log.entries.map((e: any) => e.entry),
    );
    expect(replayed.ok).toBe(true);
    if (replayed.ok) expect(replayed.state).toEqual(final.state);

    // The result lands in D1 (the outbox alarm delivers it).
    await runDurableObjectAlarm(roomStub(id));
    const row = await env.DB.prepare("SELECT * FROM results WHERE game_id = ?").bind(id).first<any>();
    expect(row).not.toBeNull();
    expect(row.rounds).toBe(18);
    expect(row.action_count).toBe(final.actionCount);
    const seats = await env.DB.prepare("SELECT * FROM result_seats WHERE game_id = ? ORDER BY seat")
      .bind(id)
      .all<any>();
    expect(seats.results.map((s: any) => s.score)).toEqual(final.scores.map((s: any) => s.total));

    // Profiles and game lists reflect it.
    const winner = players[final.winners[0]];
    const profile = (await call("GET", `/api/players/${winner.id}`)).body;
    expect(profile.stats.gamesPlayed).toBe(1);
    expect(profile.stats.wins).toBe(1);
    const list = (await call("GET", `/api/players/${players[1].id}/games?status=finished`)).body;
    expect(list.games.map((g: any) => g.id)).toEqual([id]);
    expect(list.games[0].players).toHaveLength(4);
  });
});
