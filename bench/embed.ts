/**
 * Embed benchmark: what an embed costs a reader. `embed.page_kb_gz` is the largest embed page
 * (the only resource it loads: board, scores and script are inline) over every 5th ply of random
 * 4-player games with the longest names and replay controls, gzipped as transferred (limit 30 KB);
 * `embed.frame_kb_gz` is the largest frame a live update or a replay step fetches.
 */
import { gzipSync } from "node:zlib";
import { playOutRandomly } from "../src/engine/random-play";
import { createGame, viewFor, type GameEvent, type GameState } from "../src/engine";
import { gameView, type GameRecord } from "../src/game/model";
import { summarize } from "../src/embed/moment";
import { embedOptions, renderEmbedPage, renderView } from "../src/embed/page";

type Figure = { name: string; unit: string; value: number };

const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

export function benchEmbed(games = 3): Figure[] {
  let page = 0;
  let frame = 0;
  for (let g = 0; g < games; g++) {
    const created = createGame({ players: 4, seed: 500 + g });
    if (!created.ok) throw new Error(created.error.message);
    const moments: { state: GameState; events: GameEvent[] }[] = [{ state: created.state, events: [] }];
    playOutRandomly(created.state, 900 + g, (_, __, after, events) => moments.push({ state: after, events }));
    const total = moments.length - 1;
    const plies = [...Array.from({ length: Math.ceil(total / 5) }, (_, i) => i * 5), total];
    for (const ply of plies) {
      const record: GameRecord = {
        id: "k3x9m2p7q4rt",
        status: moments[total].state.phase === "ended" ? "finished" : "active",
        version: total + 5,
        settings: { seats: 4, longGame: false, heavyShade: false, moveTimeSeconds: 86400, firstPlayer: null },
        seed: 1,
        createdBy: "p0",
        createdAt: 0,
        startedAt: 0,
        endedAt: null,
        inviteCode: "x",
        seats: [0, 1, 2, 3].map((i) => ({
          playerId: `p${i}`,
          name: `${"Wilhelmina-Konstantinopolous "}${i}`.padEnd(40, "x"),
          tokenHash: "h",
          joinedAt: 0,
        })),
        state: moments[total].state,
        logLength: total,
      };
      const m = moments[ply];
      const summary = summarize({
        game: gameView(record, null, "https://canopy.example"),
        ply,
        total,
        state: viewFor(m.state, null),
        last: ply === 0 ? null : { seat: null, entry: { type: "endTurn" }, events: m.events },
      });
      const options = embedOptions((k) => ({ controls: "1", theme: "dark" })[k as "controls" | "theme"]);
      const html = renderEmbedPage({
        summary,
        gameStatus: "active",
        version: record.version,
        follow: true,
        options,
        gameUrl: "https://canopy.example/g/k3x9m2p7q4rt",
      });
      page = Math.max(page, gzipSync(html, { level: 6 }).length);
      const json = JSON.stringify({
        ply,
        status: summary.status,
        title: summary.title,
        html: renderView(summary, options),
      });
      frame = Math.max(frame, gzipSync(json, { level: 6 }).length);
    }
  }
  return [
    { name: "embed.page_kb_gz", unit: "KB", value: kb(page) },
    { name: "embed.frame_kb_gz", unit: "KB", value: kb(frame) },
  ];
}
