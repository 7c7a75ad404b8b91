/**
 * CPU per kind of request (issue 24 item 8: which requests fit the Free plan's 10 ms of CPU per
 * invocation): on an idle worker, each kind sent K times in a row and the workerd process's own
 * CPU (/proc, 10 ms ticks) divided by K. An upper bound of what the invocation is billed: it
 * includes the Durable Object and the local D1 the request reaches.
 * - view: GET /api/games/:id (a seat's view, the game page's first read);
 * - turns: GET /api/players/:id/turns (the inbox; the title's fallback read);
 * - turn: POST /api/games/:id/actions, a whole 2-player turn planned locally (what API clients send);
 * - board_png_first: the first picture the worker draws (resvg's WebAssembly starting: once per
 *   isolate); board_png_new: GET …/board.png after each of the next 9 new plies (rendered);
 *   board_png_again: the same ply again;
 *   png_render_cpu_ms_p50: the median of 30 requests for cards never rendered before (30 plies of
 *   a game in play), each measured alone (so in 10 ms ticks);
 * - bot_turn: a turn against the easy bot, less a turn against a person (the bot plays in the
 *   game's alarm just after the answer, a second invocation).
 */
import type { Action, GameState } from "../src/engine";
import { caller } from "./http";
import { planTurn as planRandomTurn } from "./real";

type Figure = { name: string; unit: string; value: number };

export async function benchCpuPerKind(base: string, cpuMs: () => number, k = 30): Promise<Figure[]> {
  const call = caller(base);
  const settle = () => new Promise((r) => setTimeout(r, 300));
  const cpuOf = async (f: (i: number) => Promise<unknown>, n = k) => {
    await settle();
    const c0 = cpuMs();
    for (let i = 0; i < n; i++) await f(i);
    await settle();
    return (cpuMs() - c0) / n;
  };
  let rng = 12345;
  const planTurn = (state: GameState): Action[] => {
    const planned = planRandomTurn(state, rng);
    rng = planned.rng;
    return planned.turn;
  };
  const a = await call("POST", "/api/players", undefined, { name: "Cpu A" });
  const b = await call("POST", "/api/players", undefined, { name: "Cpu B" });
  const players = [a, b];
  const twoPlayer = async () => {
    const g = await call("POST", "/api/games", a.token, { seats: 2 });
    await call("POST", `/api/games/${g.game.id}/join`, b.token, { code: g.invite.code });
    return g.game.id as string;
  };
  const turnIn = async (id: string, bot = false) => {
    const view = await call("GET", `/api/games/${id}`, a.token);
    if (view.status !== "active") return;
    const me = bot ? a : players[view.state.current];
    await call("POST", `/api/games/${id}/actions`, me.token, { version: view.version, actions: planTurn(view.state) });
  };
  const r2 = (x: number) => Math.round(x * 100) / 100;
  const out: Figure[] = [];

  const id = await twoPlayer();
  out.push({
    name: "service.cpu_ms.view",
    unit: "ms",
    value: r2(await cpuOf(() => call("GET", `/api/games/${id}`, a.token))),
  });
  await call("GET", `/api/players/${a.player.id}/turns`, a.token);
  out.push({
    name: "service.cpu_ms.turns",
    unit: "ms",
    value: r2(await cpuOf(() => call("GET", `/api/players/${a.player.id}/turns`, a.token))),
  });
  // A turn: the view read first is measured apart and taken off.
  const viewMs = out[0].value;
  const turnMs = await cpuOf(() => turnIn(id));
  out.push({ name: "service.cpu_ms.turn", unit: "ms", value: r2(turnMs - viewMs) });
  // The picture of "now" after each of 10 turns of a game of its own (the first game may have ended,
  // and an ended game's picture is kept), each request measured alone; the first apart (the
  // isolate's first picture also starts resvg's WebAssembly).
  const alone = (f: () => Promise<unknown>) => cpuOf(f, 1);
  const pngGame = await twoPlayer();
  const pngNew: number[] = [];
  for (let i = 0; i < 10; i++) {
    await turnIn(pngGame);
    pngNew.push(await alone(() => call("GET", `/api/games/${pngGame}/board.png`)));
  }
  out.push({ name: "service.cpu_ms.board_png_first", unit: "ms", value: pngNew[0] });
  const later = pngNew.slice(1);
  out.push({
    name: "service.cpu_ms.board_png_new",
    unit: "ms",
    value: r2(later.reduce((a, b) => a + b, 0) / later.length),
  });
  out.push({
    name: "service.cpu_ms.board_png_again",
    unit: "ms",
    value: r2(await cpuOf(() => call("GET", `/api/games/${pngGame}/board.png`), 10)),
  });
  // The card of each of the first game's last 30 plies (a game of 40 turns), each asked for once in
  // the dark theme (a picture never rendered before: the Cache API misses): each request's CPU alone,
  // their median.
  const plies = (await call("GET", `/api/games/${id}`, a.token)).actionCount as number;
  const each: number[] = [];
  for (let p = Math.max(1, plies - 29); p <= plies; p++)
    each.push(await alone(() => call("GET", `/api/games/${id}/board.png?ply=${p}&theme=dark`)));
  each.sort((x, y) => x - y);
  out.push({ name: "service.png_render_cpu_ms_p50", unit: "ms", value: each[each.length >> 1] });
  // Against the bot (easy): the human's turn and the bot's answer.
  const g = await call("POST", "/api/games", a.token, { seats: 2 });
  await call("POST", `/api/games/${g.game.id}/bots`, a.token, { level: "easy" });
  const withBot = await cpuOf(async () => {
    const before = await call("GET", `/api/games/${g.game.id}`, a.token);
    await turnIn(g.game.id, true);
    // Until the bot has answered (the game comes back to the human).
    for (let i = 0; i < 200; i++) {
      const v = await call("GET", `/api/games/${g.game.id}`, a.token);
      if (v.status !== "active" || (v.state.current === before.state.current && v.version > before.version + 1)) break;
      await new Promise((r) => setTimeout(r, 20));
    }
  }, 10);
  out.push({ name: "service.cpu_ms.bot_turn (easy, upper bound)", unit: "ms", value: r2(withBot - turnMs) });
  return out;
}
