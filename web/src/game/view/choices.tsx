/**
 * What the chosen cell offers in your turn (./turn.tsx): its actions with their costs, how many
 * cells its tree can plant on, and under the Moonlight the animal's move there. Shown only after a
 * tap on the board, so it comes with the parts below the first paint (../more.tsx), its texts too.
 */
import { t } from "../../i18n";
import type { Frame, GameCtrl } from "../ctrl";
import { actionCells } from "../model";
import type { Choice } from "../plan";

function choiceText(ch: Choice): string {
  switch (ch.kind) {
    case "place":
      return t.place;
    case "grow":
      return t.grow(t.piece[ch.from], t.piece[ch.to]);
    case "collect":
      return t.collect(ch.token ? ch.token.value : null);
    case "plant":
      return t.plantFrom(ch.from);
  }
}

/** What the chosen cell offers: its actions, and how many cells its tree can plant on. */
export function CellChoices({ c, f, label }: { c: GameCtrl; f: Frame; label: string }) {
  const choices = f.focus?.choices ?? [];
  const targets = f.focus?.targets.length ?? 0;
  // (Under the Moonlight, a cell the animal may move to: that move too)
  const Move = c.moonPlay?.MoonCellChoice;
  const move = !!Move && f.legal.some((a) => a.type === "moveAnimal" && actionCells(a).at(-1) === label);
  return (
    <div class="choices" aria-live="polite">
      <div class="choices-head">
        <h3>{t.cellTitle(label)}</h3>
        <button type="button" class="link" aria-label={t.close} onClick={c.unselect}>
          ×
        </button>
      </div>
      {targets > 0 && <p class="hint">{t.plantHint(targets)}</p>}
      {choices.length === 0 && targets === 0 && !move && <p class="muted">{t.noActionsHere}</p>}
      {move && <Move state={f.shown} legal={f.legal} label={label} add={c.add} />}
      {choices.map((ch, i) => (
        <button type="button" class="choice" data-kind={ch.kind} key={i} onClick={() => c.add(ch.action)}>
          <span>{choiceText(ch)}</span>
          {"cost" in ch && (
            <span class="cost">
              {t.cost(ch.cost)}
              <span class="sr-only"> ({t.costLong(ch.cost)})</span>
            </span>
          )}
        </button>
      ))}
    </div>
  );
}
