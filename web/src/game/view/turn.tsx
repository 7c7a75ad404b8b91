/**
 * Your turn (on a phone docked under the board): what the chosen cell offers, buying, the planned
 * actions in words, undo/redo/hint/start over, and End turn (Confirm in setup).
 */
import type { GameEvent } from "../../../../src/engine/reading";
import { t } from "../../i18n";
import { eventText } from "../../text";
import type { Frame, GameCtrl } from "../ctrl";
import { buyChoices, newPlan, type Plan } from "../model";
import { Glyph } from "../../ui/icons";
import { CellChoices } from "./lazy";
import { Icon } from "./players";

/**
 * Under the Moonlight, your turn's part of the expansion: choosing from your deal (from the state,
 * at once: ../../moon/ui.tsx MoonChoose), then each setup placement, your animal's move and
 * abilities (with the part a turn is planned with, which the page's first touch brings).
 */
export function MoonControls({ c, f }: { c: GameCtrl; f: Frame }) {
  const V = c.moon;
  if (!f.yourTurn || !V || f.complete) return null;
  if (f.shown.moon?.stage === "choose") return <V.MoonChoose state={f.shown} seat={f.seat} add={c.add} />;
  const M = c.moonPlay?.MoonControls;
  if (!M || !f.myTurn) return null;
  return (
    <M
      state={f.shown}
      legal={f.legal}
      seat={f.seat}
      names={c.names()}
      pick={c.moonPick}
      setPick={c.setMoonPick}
      add={c.add}
      complete={f.complete}
      selected={c.selected}
    />
  );
}

/**
 * Your turn's panel. It shows from the first paint, before the rules the turn is planned with have
 * come (they come on the page's first touch: ../ctrl.ts `prepareTurn`): then nothing is planned yet,
 * what can be bought is read from the state, and what is pressed meanwhile is done once they come.
 */
export function TurnPanel({ c, f }: { c: GameCtrl; f: Frame }) {
  const plan = c.plan ?? newPlan(f.shown, c.view!.version);
  const state = f.shown;
  const seat = plan.base.current;
  const setup = plan.base.phase === "setup";
  const buys = setup ? [] : buyChoices(c.rules ? f.legal : null, state);
  // (Under the Moonlight its setup steps are said by MoonControls; the setup trees by this hint,
  // which a phone shows too: the outlined pieces say where a round's turn starts, nothing says where a tree goes.)
  const hint = setup ? (state.moon?.stage ? "" : t.chooseEdge) : t.chooseCell;
  return (
    <section
      class={c.selected ? "card turn-panel picking" : "card turn-panel"}
      aria-labelledby="turn-h"
      tabIndex={-1}
      // (the turn can be planned: its rules have come)
      data-ready={f.myTurn ? "" : undefined}
    >
      <h2 id="turn-h">
        {t.yourActions} <span class="light-now">{state.players[seat].light} ☀</span>
      </h2>
      {!f.complete && (
        <>
          {/* (a cell chosen before the rules came is acted on when they come) */}
          {c.selected && f.myTurn ? (
            <CellChoices c={c} f={f} label={c.selected} />
          ) : (
            <>
              <MoonControls c={c} f={f} />
              {hint && <p class={setup ? "hint step" : "hint"}>{hint}</p>}
            </>
          )}
          {buys.length > 0 && (
            // biome-ignore lint/a11y/useSemanticElements: a row of buy buttons under its heading, not a form's fieldset; ARIA's group names it for screen readers
            <div class="buys" role="group" aria-label={t.buyTitle}>
              <h3>{t.buyTitle}</h3>
              <div class="buy-row">
                {buys.map((b, size) => (
                  <button
                    type="button"
                    class="buy"
                    data-piece={b.piece}
                    key={b.piece}
                    disabled={!b.legal}
                    onClick={() => c.add({ type: "buy", piece: b.piece })}
                    aria-label={`${t.buy(t.piece[size])}${b.price !== null ? `, ${t.costLong(b.price)}` : ""}`}
                  >
                    <Icon seat={seat} size={size} px={22} />
                    <span>{b.price === null ? "—" : `${b.price} ☀`}</span>
                  </button>
                ))}
              </div>
            </div>
          )}
        </>
      )}
      <PlanPart c={c} plan={plan} setup={setup} complete={f.complete} />
    </section>
  );
}

/** Under the Moonlight: the events that name a planned action of the expansion. */
const MOON_PLANNED = new Set<string>([
  "animalChosen",
  "animalPlaced",
  "greatTreePlaced",
  "moonstonePlaced",
  "animalMoved",
  "abilityUsed",
]);
const PLANNED = new Set<string>(["placed", "bought", "planted", "grew", "collected", ...MOON_PLANNED]);

/** What the planned actions did (their events: ../rules.ts `planEvents`), in words. */
export function plannedWords(events: readonly GameEvent[], names: readonly string[]): string[] {
  return events.filter((e) => PLANNED.has(e.type)).map((e) => eventText(e, names) ?? "");
}

/** The planned actions, undo/redo (and hint, start over), and End turn. */
function PlanPart({ c, plan, setup, complete }: { c: GameCtrl; plan: Plan; setup: boolean; complete: boolean }) {
  const planned = plannedWords(c.rules?.planEvents(plan) ?? [], c.names());
  const sending = c.sending;
  return (
    <div class="plan">
      <h3>{t.planTitle}</h3>
      {planned.length === 0 ? (
        <p class="muted">{t.planEmpty}</p>
      ) : (
        <ol>
          {planned.map((x, i) => (
            <li key={i}>{x}</li>
          ))}
        </ol>
      )}
      <div class="plan-buttons">
        <button
          type="button"
          class="undo"
          aria-keyshortcuts="Control+Z Meta+Z"
          onClick={() => c.undo()}
          disabled={plan.actions.length === 0 || sending}
        >
          ↶ {t.undo}
        </button>
        <button
          type="button"
          class="redo"
          aria-keyshortcuts="Control+Y Meta+Shift+Z"
          onClick={() => c.undo(true)}
          disabled={plan.redo.length === 0 || sending}
        >
          ↷ {t.redo}
        </button>
        {c.view?.practice && (
          <button type="button" class="hint-button" onClick={() => void c.hint()} disabled={sending}>
            <Glyph name="bulb" /> {t.hint}
          </button>
        )}
        {plan.actions.length > 1 && (
          <button type="button" onClick={c.reset} disabled={sending}>
            {t.startOver}
          </button>
        )}
      </div>
      <button
        type="button"
        class="primary end-turn"
        onClick={() => void c.submit()}
        disabled={sending || (setup && !complete)}
      >
        {sending ? t.sending : setup ? t.confirmPlacement : t.endTurn}
      </button>
    </div>
  );
}
