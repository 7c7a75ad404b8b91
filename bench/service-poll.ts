/**
 * The "your turn" read as the home page and every tab's title make it (issue 24 item 2): a player
 * with N earlier games (N = 0, 10, 100, each a real two-player game the opponent resigned) and
 * one game in play reads their turns from their inbox (GET /api/players/:id/turns, the socket's
 * fallback; the socket sends the same list when it opens). What one read costs is counted where
 * it happens (src/meter.ts): D1 queries and rows read (D1's meta, every Durable Object SQL
 * cursor). The read measured is the steady one — the inbox already started and the device's key
 * already checked; the first read of a device (its key checked in D1 once) and the first read of
 * a player (their games in play listed from D1 once) are printed beside it, and so is the list
 * the page polled before the inbox (GET …/games?status=active, as D1 answers it: asked without a
 * key) for comparison, and that list as the page asks for it now, with the player's key (answered
 * from the inbox and the games since 2026-11-28).
 */
import type { MeterReading } from "./real";
import { meterDiff } from "./real";
import { caller } from "./http";

type Figure = { name: string; unit: string; value: number };

export async function benchPoll(base: string, counts = [0, 10, 100]): Promise<Figure[]> {
  const call = caller(base);
  const meterNow = async () => (await (await fetch(`${base}/api/_bench/meter`)).json()) as MeterReading;
  const measure = async (f: () => Promise<unknown>, times = 1) => {
    const a = await meterNow();
    for (let i = 0; i < times; i++) await f();
    const d = meterDiff(a, await meterNow());
    return { queries: d.d1Queries / times, rowsRead: (d.d1RowsRead + d.doRowsRead) / times };
  };
  const figures: Figure[] = [];
  for (const n of counts) {
    const me = await call("POST", "/api/players", undefined, { name: `Poll ${n}` });
    const other = await call("POST", "/api/players", undefined, { name: `Other ${n}` });
    const game = async () => {
      const g = await call("POST", "/api/games", me.token, { seats: 2 });
      await call("POST", `/api/games/${g.game.id}/join`, other.token, { code: g.invite.code });
      return g.game.id as string;
    };
    for (let i = 0; i < n; i++) await call("POST", `/api/games/${await game()}/resign`, other.token);
    const live = await game();
    const turns = `/api/players/${me.player.id}/turns`;
    const first = await measure(() => call("GET", turns, me.token));
    const steady = await measure(() => call("GET", turns, me.token), 5);
    const listPath = `/api/players/${me.player.id}/games?status=active&limit=100`;
    const list = await measure(() => call("GET", listPath));
    const ownList = await measure(() => call("GET", listPath, me.token), 5);
    const got = await call("GET", turns, me.token);
    if (!got.games.some((g: { id: string }) => g.id === live)) throw new Error("the game in play is not in the inbox");
    figures.push(
      { name: `service.poll_d1_queries (N=${n})`, unit: "queries", value: steady.queries },
      { name: `service.poll_rows_read (N=${n})`, unit: "rows", value: steady.rowsRead },
      { name: `service.poll_first_read_d1_queries (N=${n})`, unit: "queries", value: first.queries },
      { name: `service.poll_first_read_rows_read (N=${n})`, unit: "rows", value: first.rowsRead },
      { name: `service.poll_before_inbox_d1_queries (N=${n})`, unit: "queries", value: list.queries },
      { name: `service.poll_before_inbox_rows_read (N=${n})`, unit: "rows", value: list.rowsRead },
      { name: `service.poll_own_list_d1_queries (N=${n})`, unit: "queries", value: ownList.queries },
      { name: `service.poll_own_list_rows_read (N=${n})`, unit: "rows", value: ownList.rowsRead },
    );
  }
  return figures;
}
