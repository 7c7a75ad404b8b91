/** Play as pure commands: a record, a command and the time → a transition or a refusal. */
import { applyEntry, resign, viewEvents, type GameEvent, type LogEntry } from "../engine";
import type { StoredEntry } from "./events";
import { gameView, type GameRecord } from "./model";
import { done, refuse } from "./outcome";
import type { Decision } from "./transition";

export function submit(
  g: GameRecord,
  seat: number,
  version: number,
  actions: unknown[],
  origin: string,
  now: number,
): Decision {
  if (g.status !== "active" || !g.state)
    return g.status === "waiting"
      ? refuse("GAME_NOT_ACTIVE", "The game has not started yet.")
      : refuse("GAME_OVER", "The game is over.");
  if (version !== g.version)
    return refuse(
      "STALE_VERSION",
      `The game has changed (version ${g.version}, you sent ${version}); reload it and try again.`,
      { currentVersion: g.version },
    );
  if (g.state.current !== seat)
    return refuse("NOT_YOUR_TURN", `It is seat ${g.state.current}'s turn.`, { toAct: g.state.current });
  let state = g.state;
  const entries: StoredEntry[] = [];
  for (let i = 0; i < actions.length; i++) {
    if (state.phase === "ended" || state.current !== seat)
      return refuse("TURN_OVER", "Your turn ended before this action; send the rest on your next turn.", { index: i });
    const r = applyEntry(state, { ...(actions[i] as object), seat } as LogEntry);
    if (!r.ok) return refuse(r.error.code, r.error.message, { index: i });
    state = r.state;
    entries.push({ seat, entry: actions[i] as LogEntry, events: r.events });
  }
  const finished = state.phase === "ended";
  const strikes = [...(g.strikes ?? g.seats.map(() => 0))];
  strikes[seat] = 0; // moving by yourself ends a run of timeouts
  const events: GameEvent[] = entries.flatMap((e) => e.events);
  return {
    next: {
      ...g,
      state,
      status: finished ? "finished" : "active",
      endedAt: finished ? now : null,
      logLength: g.logLength + entries.length,
      strikes,
    },
    entries,
    // Under the Moonlight some events carry what only their seat may see (viewEvents)
    answer: (s) =>
      done({ version: s.version, events: viewEvents(events, seat, finished), game: gameView(s, seat, origin) }),
  };
}

export function resignSeat(g: GameRecord, seat: number, origin: string, now: number): Decision {
  if (g.status !== "active" || !g.state)
    return refuse("GAME_NOT_ACTIVE", "Only a game in play can be resigned; leave a waiting game instead.");
  const r = resign(g.state, seat);
  if (!r.ok) return refuse(r.error.code, r.error.message);
  const finished = r.state.phase === "ended";
  return {
    next: {
      ...g,
      state: r.state,
      status: finished ? "finished" : "active",
      endedAt: finished ? now : null,
      logLength: g.logLength + 1,
    },
    entries: [{ seat, entry: { type: "resign", seat }, events: r.events }],
    answer: (s) =>
      done({ version: s.version, events: viewEvents(r.events, seat, finished), game: gameView(s, seat, origin) }),
  };
}
