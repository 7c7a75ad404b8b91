/** The game's status line: whose turn, live or not, the round and the sun, the clock, the replay banner. */
import { useEffect, useState } from "preact/hooks";
import { listOf, t } from "../../i18n";
import { relativeTime, whenText } from "../../text";
import { Glyph } from "../../ui/icons";
import { Icon } from "./players";
import type { Frame, GameCtrl } from "../ctrl";

export function StatusCard({ c, f }: { c: GameCtrl; f: Frame }) {
  const view = c.view!;
  const state = view.state!;
  const names = c.names();
  const { seat } = f;
  const toActName = view.status === "active" ? names[state.current] : null;
  const winners = view.winners ?? [];
  return (
    <section class="status card" aria-live="polite" tabIndex={-1}>
      <div class="status-main">
        {view.status === "finished" ? (
          <strong class="turn">
            {t.gameOver}
            {winners.length === 1
              ? ` — ${t.winnerIs(names[winners[0]])}`
              : winners.length > 1
                ? ` — ${t.winnersAre(listOf(winners.map((w) => names[w])))}`
                : ""}
          </strong>
        ) : seat >= 0 && state.current === seat ? (
          <strong class="turn mine">{t.yourTurn}</strong>
        ) : (
          <strong class="turn">
            <Icon seat={state.current} size={1} px={18} /> {t.turnOf(toActName ?? "?")}
          </strong>
        )}
        {!c.signedOut && (
          <span class={`live ${c.live}`} title={c.live === "open" ? t.liveOn : t.liveOff}>
            <i aria-hidden="true" />
            {c.live === "open" ? t.liveOn : t.liveOff}
          </span>
        )}
      </div>
      <StatusLine c={c} f={f} toActName={toActName} />
      {f.replaying && (
        <div class="replay-banner">
          <span>{t.replaying}</span>
          <button type="button" onClick={() => c.setPly(null)}>
            {t.replayLive}
          </button>
        </div>
      )}
    </section>
  );
}

/** The round (or setup step), the sun now and next, the deadline, a paused clock, the options, watching. */
function StatusLine({ c, f, toActName }: { c: GameCtrl; f: Frame; toActName: string | null }) {
  const view = c.view!;
  const state = view.state!;
  const { seat, info } = f;
  const toActAway = view.status === "active" ? (view.seats[state.current]?.awayUntil ?? null) : null;
  // A deadline is shown relative to now: refresh it every 30 s.
  const [, setTick] = useState(0);
  useEffect(() => {
    if (!view.deadline) return;
    const id = setInterval(() => setTick((n) => n + 1), 30_000);
    return () => clearInterval(id);
  }, [view.deadline]);
  return (
    <div class="status-sub">
      {info.phase === "setup" ? (
        <span class="setup-status">
          {info.setupStep === "trees" || !c.moon
            ? t.setupStatus(info.setupStepDone, info.setupStepTotal)
            : c.moon.moonStageText(info.setupStep ?? "", info.setupStepDone, info.setupStepTotal)}
        </span>
      ) : (
        <span>
          {t.roundOf(info.round, info.rounds)} · {t.revolution(info.revolution, info.revolutions)}
          {info.phase === "play" && info.round === info.rounds ? ` · ${t.lastRound}` : ""}
        </span>
      )}
      <span>
        ☀ {t.sunIn(t.dirs[info.sun])}
        {info.nextSun !== null && info.phase !== "ended" ? ` (${t.sunNext(t.dirs[info.nextSun])})` : ""}
      </span>
      {view.deadline && view.status === "active" && (
        <span class="deadline">
          <Glyph name="clock" /> {t.deadline(relativeTime(view.deadline, c.lang))}
        </span>
      )}
      {toActAway && (
        <span class="paused" title={new Date(toActAway).toLocaleString(c.lang)}>
          <Glyph name="pause" />{" "}
          {state.current === seat
            ? t.youAreAway(whenText(toActAway, c.lang))
            : t.clockPaused(toActName ?? "?", whenText(toActAway, c.lang))}
        </span>
      )}
      {view.options.longGame && <span class="chip">{t.longGame}</span>}
      {view.options.heavyShade && <span class="chip">{t.heavyShade}</span>}
      {seat < 0 && !c.signedOut && <span class="muted">{t.watching}</span>}
    </div>
  );
}
