/**
 * The column beside the board: the final scores, the notice, your turn (or what a chosen cell
 * holds), the players, the Moonlight panel, the scoring stacks, going away, handing seats over,
 * resigning.
 */
import { t } from "../../i18n";
import type { Frame, GameCtrl } from "../ctrl";
import { vacationOf } from "../model";
import { Away, CellInfoCard, FinalScores, HandOver, Stacks } from "./lazy";
import { PlayerCard } from "./players";
import { TurnPanel } from "./turn";

export function Side({ c, f, identityId }: { c: GameCtrl; f: Frame; identityId: string | null }) {
  const view = c.view!;
  const { seat, shown } = f;
  const names = c.names();
  const Moon = c.moon?.MoonInfo;
  return (
    <aside class="side">
      {view.status === "finished" && view.scores && <FinalScores view={view} names={names} />}
      <NoticeBox c={c} />
      {/* (your turn: its panel, at once; the rules it plans with come on the page's first touch) */}
      {f.yourTurn ? (
        <TurnPanel c={c} f={f} />
      ) : (
        c.selected && <CellInfoCard state={shown} label={c.selected} names={names} onClose={c.unselect} />
      )}
      <section class="card players" aria-labelledby="players-h">
        <h2 id="players-h">{t.playersTitle}</h2>
        {f.panels.map((pp) => (
          <PlayerCard p={pp} key={pp.seat} lang={c.lang} />
        ))}
      </section>
      {Moon && <Moon state={shown} names={names} seat={seat} myTurn={f.yourTurn} />}
      <Stacks state={shown} />
      {vacationOf(view, seat).kind !== "none" && <Away view={view} seat={seat} lang={c.lang} accept={c.accept} />}
      {view.status === "active" && identityId === view.createdBy && view.seats.some((s) => s.resigned) && (
        <HandOver view={view} lang={c.lang} accept={c.accept} />
      )}
      {view.status === "active" && seat >= 0 && !view.state!.players[seat]?.resigned && (
        <p class="resign">
          <button type="button" class="danger link" onClick={() => void c.resign()} disabled={c.busy}>
            {t.resign}
          </button>
        </p>
      )}
    </aside>
  );
}

function NoticeBox({ c }: { c: GameCtrl }) {
  const n = c.notice;
  // (nothing while its words have not come: see GameCtrl's #say)
  if (!n?.text) return null;
  return (
    <div class={`notice ${n.kind}`} role={n.kind === "info" ? "status" : "alert"}>
      <span>{n.text}</span>
      <button type="button" class="link" aria-label={t.close} onClick={() => c.setNotice(null)}>
        ×
      </button>
    </div>
  );
}
