/** The table of final scores of a finished game, then, for its players, what next. */
import { LIGHT_PER_POINT } from "../../../../src/engine/reading";
import { t } from "../../i18n";
import type { GameView } from "../../types";
import { Link } from "../../nav";
import { lazy } from "../../ui/lazy";
import { loadPart } from "../../ui/part";
import { Icon } from "./players";

/** What next (issue 25 item 2: Play again, a rated game's rating): a chunk of its own, loaded only here. */
const WhatNext = lazy(() => loadPart("end", import("../../end/panel")).then((m) => m.WhatNext));

export function FinalScores(p: { view: GameView; names: string[] }) {
  const rows = (p.view.scores ?? []).slice().sort((a, b) => a.rank - b.rank);
  const id = (seat: number) => p.view.seats[seat]?.player?.id;
  return (
    <section class="card final" aria-labelledby="final-h">
      <h2 id="final-h">{t.finalScores}</h2>
      <table>
        <thead>
          <tr>
            <th scope="col">#</th>
            <th scope="col">{t.playersTitle}</th>
            <th scope="col">{t.tokensPoints}</th>
            <th scope="col">{t.lightPointsScore(LIGHT_PER_POINT)}</th>
            <th scope="col">{t.total}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.seat} class={p.view.winners?.includes(r.seat) ? "win" : ""}>
              <td>{t.rank(r.rank)}</td>
              <th scope="row">
                <Icon seat={r.seat} size={3} px={18} />{" "}
                {id(r.seat) ? <Link href={`/p/${id(r.seat)}`}>{p.names[r.seat]}</Link> : p.names[r.seat]}
                {r.resigned ? ` (${t.resigned})` : ""}
              </th>
              <td>{r.tokens}</td>
              <td>{r.light}</td>
              <td>
                <strong>{r.total}</strong>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {p.view.you && <WhatNext view={p.view} seat={p.view.you.seat} />}
    </section>
  );
}
