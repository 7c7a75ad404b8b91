/** The board column: the board (../../ui/board.tsx draws it and takes the keyboard), its options, the legend. */
import { useState } from "preact/hooks";
import type { Theme } from "../../../../src/render/base";
import { t } from "../../i18n";
import { Board } from "../../ui/board";
import type { Frame, GameCtrl } from "../ctrl";
import { BoardLegend } from "./lazy";

function theme(): Theme {
  return typeof matchMedia !== "undefined" && matchMedia("(prefers-color-scheme: dark)").matches ? "dark" : "light";
}

export function BoardColumn({ c, f }: { c: GameCtrl; f: Frame }) {
  const names = c.names();
  // The legend's contents (and their sheet) come when it is first opened, not with every page.
  const [legend, setLegend] = useState(false);
  return (
    <section class="board-col card" id="board" aria-label={t.boardTitle}>
      <Board
        state={f.shown}
        names={names}
        highlights={f.highlights}
        preview={c.prefs.preview}
        labels={c.prefs.labels}
        theme={theme()}
        interactive={!f.replaying}
        onChoose={c.choose}
        lang={c.lang}
      />
      <div class="board-opts">
        <label class="check">
          <input
            type="checkbox"
            checked={c.prefs.preview}
            onChange={(e) => c.setPrefs({ preview: (e.target as HTMLInputElement).checked })}
          />
          <span>{t.showNext}</span>
        </label>
        <label class="check">
          <input
            type="checkbox"
            checked={c.prefs.labels}
            onChange={(e) => c.setPrefs({ labels: (e.target as HTMLInputElement).checked })}
          />
          <span>{t.showLabels}</span>
        </label>
      </div>
      <details class="legend" onToggle={(e) => (e.currentTarget as HTMLDetailsElement).open && setLegend(true)}>
        <summary>{t.legend}</summary>
        {legend && <BoardLegend names={names} />}
      </details>
    </section>
  );
}
