/**
 * What a chosen cell holds: with the parts below the first paint (it shows after a tap), in the chunk
 * of ../more.tsx.
 */
import type { GameState } from "../../../../src/engine/base";
import { boardCells } from "../../../../src/render/base";
import { t } from "../../i18n";
import { boardText } from "../../text";

/**
 * What a chosen cell holds, for spectators and players waiting for their turn (on a phone at the
 * foot of the screen, under the board, as your turn is).
 */
export function CellInfoCard(p: { state: GameState; label: string; names: string[]; onClose: () => void }) {
  const cell = boardCells(p.state).find((c) => c.label === p.label);
  if (!cell) return null;
  return (
    <section class="card cell-info" aria-live="polite">
      <div class="choices-head">
        <h3>{t.cellTitle(p.label)}</h3>
        <button type="button" class="link" aria-label={t.close} onClick={p.onClose}>
          ×
        </button>
      </div>
      <p>{boardText(p.names).cell(cell)}</p>
    </section>
  );
}
