/**
 * The creator hands a seat that resigned (or timed out for good) to a bot, so the game goes on
 * with it (POST /api/games/:id/bots with the seat). In the page's later chunk: rarely needed.
 */
import { useState } from "preact/hooks";
import { BOT_LEVELS } from "../../../../src/contract/views";
import { api } from "../../api/more";
import { errorText } from "../../errors";
import type { GameView } from "../../types";
import { BOT_TEXT } from "../../ui/bot-text";

export function HandOver(p: { view: GameView; lang: string; accept: (v: GameView) => void }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const bt = BOT_TEXT[p.lang] ?? BOT_TEXT.en;
  const seats = p.view.seats.filter((s) => s.resigned && !s.bot);
  if (seats.length === 0) return null;
  const hand = async (seat: number, level: (typeof BOT_LEVELS)[number]) => {
    setBusy(true);
    setError(null);
    try {
      p.accept((await api.seatBot(p.view.id, level, seat)).game);
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section class="card hand-over">
      {seats.map((s) => (
        <p key={s.seat} data-seat={s.seat}>
          {bt.handOver(s.player?.name ?? `#${s.seat + 1}`)}{" "}
          {BOT_LEVELS.map((l, i) => (
            <button
              type="button"
              class="link"
              data-level={l}
              key={l}
              disabled={busy}
              onClick={() => void hand(s.seat, l)}
            >
              {bt.levels[i]}
            </button>
          ))}
        </p>
      ))}
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
