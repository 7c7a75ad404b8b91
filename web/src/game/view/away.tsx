/** "Going away for N hours" / "I'm back": a seated player's vacation, which pauses their clock. */
import { useState } from "preact/hooks";
import { api } from "../../api/more";
import { errorText } from "../../errors";
import { t } from "../../i18n";
import { awayHours, vacationOf } from "../model";
import { whenText } from "../../text";
import type { GameView } from "../../types";
import { Glyph } from "../../ui/icons";

type Run = (f: () => Promise<{ game: GameView }>) => Promise<void>;

export function Away(p: { view: GameView; seat: number; lang: string; accept: (v: GameView) => void }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const state = vacationOf(p.view, p.seat);
  if (state.kind === "none") return null;
  const run: Run = async (f) => {
    setBusy(true);
    setError(null);
    try {
      p.accept((await f()).game);
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section class={`card away${state.kind === "away" ? " is-away" : ""}`} aria-labelledby="away-h">
      <h2 id="away-h">{t.awayTitle}</h2>
      {state.kind === "away" ? (
        <>
          <p class="away-now" title={new Date(state.until).toLocaleString(p.lang)}>
            <Glyph name="pause" /> {t.youAreAway(whenText(state.until, p.lang))}
          </p>
          <button
            type="button"
            class="primary im-back"
            disabled={busy}
            onClick={() => void run(() => api.comeBack(p.view.id))}
          >
            {t.imBack}
          </button>
        </>
      ) : state.maxHours === 0 ? (
        <p class="muted">{t.awayNone}</p>
      ) : (
        <AwayForm view={p.view} maxHours={state.maxHours} busy={busy} run={run} />
      )}
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}

/** How long to go away for (hours or days, at most what is left of the game's vacation). */
function AwayForm(p: { view: GameView; maxHours: number; busy: boolean; run: Run }) {
  const [amount, setAmount] = useState("1");
  const [unit, setUnit] = useState<"hours" | "days">("days");
  const hours = awayHours(amount, unit);
  const tooLong = hours !== null && hours > p.maxHours;
  return (
    <>
      <form
        class="row"
        onSubmit={(e) => {
          e.preventDefault();
          if (hours !== null) void p.run(() => api.goAway(p.view.id, hours));
        }}
      >
        <label class="amount">
          <span>{t.awayFor}</span>
          <input
            type="number"
            name="awayAmount"
            min={1}
            step={1}
            required
            value={amount}
            onInput={(e) => setAmount((e.target as HTMLInputElement).value)}
          />
        </label>
        <label class="unit">
          <span class="sr-only">{t.awayUnit}</span>
          <select
            name="awayUnit"
            aria-label={t.awayUnit}
            value={unit}
            onChange={(e) => setUnit((e.target as HTMLSelectElement).value as "hours" | "days")}
          >
            <option value="hours">{t.unitHours}</option>
            <option value="days">{t.unitDays}</option>
          </select>
        </label>
        <button type="submit" class="go-away" disabled={p.busy || hours === null}>
          {t.goAway}
        </button>
      </form>
      <p class={`muted hint${tooLong ? " warn-line" : ""}`}>{t.awayHelp(p.view.options.vacationDays)}</p>
    </>
  );
}
