/**
 * The scoring stacks: the top token of each and how many are left. With the parts below the first
 * paint (../more.tsx): they sit below the players.
 */
import type { GameState } from "../../../../src/engine/base";
import { t } from "../../i18n";
import { stacksView } from "../model";

export function Stacks({ state }: { state: GameState }) {
  const stacks = stacksView(state);
  return (
    <section class="card stacks" aria-labelledby="stacks-h">
      <h2 id="stacks-h">{t.stacksTitle}</h2>
      <ul>
        {stacks.map((s) => (
          <li key={s.leaves} class={`l${s.leaves}`}>
            <span class="leaves" aria-hidden="true">
              {Array.from({ length: s.leaves }, (_, i) => (
                <i key={i} />
              ))}
            </span>
            <span class="sr-only">{t.stackLeaves(s.leaves)}: </span>
            <strong class={`token l${s.leaves}`}>{s.top ?? "–"}</strong>
            <span class="muted">{s.left > 0 ? t.stackLeft(s.left) : t.stackOut}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
