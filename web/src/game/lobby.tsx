/**
 * The game page while the game waits for players: seats, the invite, joining, starting, leaving.
 * A chunk of its own (loaded through game.tsx): a game in play does not carry it.
 */
import { useState } from "preact/hooks";
import { api, auth, request, viewOf } from "../api/more";
import { errorText } from "../errors";
import { Link } from "../nav";
import { t } from "../i18n";
import type { LiveStatus } from "./live";
import { durationText } from "../text";
import type { GameView, Identity } from "../types";
import { CopyField } from "../ui/copy";
import { NotifyBox } from "../ui/notify-box";
import { Icon } from "./view/players";
import { ProfileForm } from "../ui/profile-form";
import { BOT_LEVELS } from "../../../src/contract/views";
import { BOT_TEXT } from "../ui/bot-text";
import { SeatName } from "../ui/seat-name";

export function Lobby(p: {
  view: GameView;
  seat: number;
  invite: string | null;
  identity: Identity | null;
  setIdentity: (id: Identity | null) => void;
  accept: (v: GameView) => void;
  live: LiveStatus;
  lang: string;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const v = p.view;
  const seated = v.seats.filter((s) => s.player).length;
  const run = async (f: () => Promise<unknown>) => {
    setBusy(true);
    setError(null);
    try {
      const r = await f();
      const nv = viewOf(r);
      if (nv) p.accept(nv);
      else p.accept(await api.game(v.id));
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  };
  const inviteUrl = v.invite?.url ?? null;
  // The host: the creator, or who took the waiting game over when they left (the view's createdBy).
  const isHost = p.identity?.id === v.createdBy;
  const bt = BOT_TEXT[p.lang] ?? BOT_TEXT.en;
  return (
    <div class="lobby" data-version={v.version}>
      <section class="card" aria-labelledby="lobby-h">
        <h1 id="lobby-h">{t.waitingTitle(seated, v.options.seats)}</h1>
        <p class="muted">
          {v.options.longGame ? `${t.longGame}. ` : ""}
          {v.options.heavyShade ? `${t.heavyShade}. ` : ""}
          {v.options.rated ? `${t.ratedGame}. ` : ""}
          {t.moveTime}: {v.options.moveTimeSeconds === null ? t.moveTimeNone : durationText(v.options.moveTimeSeconds)}
          {v.options.moveTimeSeconds !== null && (
            <span class="rules">
              {" "}
              ({t.timeoutRule(v.options.maxTimeouts)}, {t.vacationRule(v.options.vacationDays)})
            </span>
          )}
        </p>
        <ol class="seat-list">
          {v.seats.map((s) => (
            <li key={s.seat}>
              <Icon seat={s.seat} size={2} px={24} />
              {s.player ? (
                <span>
                  <SeatName id={s.player.id} name={s.player.name} bot={s.bot} lang={p.lang} link />
                  {s.player.id === p.identity?.id ? ` (${t.you})` : ""}
                  {s.player.id === v.createdBy ? <span class="muted"> · {t.host}</span> : null}
                </span>
              ) : (
                <span class="muted">{t.freeSeat}</span>
              )}
              {isHost && s.seat === seated && (
                <span class="add-bot">
                  {" "}
                  {bt.add}
                  {BOT_LEVELS.map((l, i) => (
                    <button
                      type="button"
                      class="link"
                      data-level={l}
                      key={l}
                      disabled={busy}
                      onClick={() => void run(() => api.seatBot(v.id, l))}
                    >
                      {bt.levels[i]}
                    </button>
                  ))}
                </span>
              )}
            </li>
          ))}
        </ol>
        {inviteUrl && p.seat >= 0 && (
          <div class="invite">
            <h2>{t.inviteTitle}</h2>
            <p class="muted">{t.inviteHelp}</p>
            <CopyField value={inviteUrl} label={t.inviteTitle} share />
          </div>
        )}
        {p.seat < 0 &&
          (!p.identity ? (
            <div>
              <p>{t.needProfileToJoin}</p>
              <ProfileForm setIdentity={p.setIdentity} compact />
            </div>
          ) : p.invite || v.table?.open ? (
            <p>
              <button
                type="button"
                class="primary take-seat"
                disabled={busy}
                onClick={() =>
                  void run(() =>
                    p.invite
                      ? api.join(v.id, p.invite)
                      : // An open table: no invite needed (issue 16).
                        request("post", "/api/tables/{id}/join", { params: { path: { id: v.id } }, headers: auth() }),
                  )
                }
              >
                {t.takeSeat}
              </button>
            </p>
          ) : (
            <p class="muted">{t.needInviteToJoin}</p>
          ))}
        {(isHost || v.table?.open) && (
          <p class="open-table">
            <span class="muted">
              {v.table?.open
                ? t.tableListed(new Date(v.table.expiresAt).toLocaleDateString())
                : v.table?.closed === "expired"
                  ? t.tableExpired
                  : t.tableNotListed}
            </span>{" "}
            {isHost && (
              <button
                type="button"
                class="link table-toggle"
                disabled={busy}
                onClick={() =>
                  void run(() =>
                    request("put", "/api/games/{id}/table", {
                      params: { path: { id: v.id } },
                      headers: auth(),
                      body: { open: !v.table?.open },
                    }),
                  )
                }
              >
                {v.table?.open ? t.tableUnlist : t.tableList}
              </button>
            )}{" "}
            <Link href="/tables">{t.openTables}</Link>
          </p>
        )}
        <div class="row">
          {isHost && seated >= 2 && !confirming && (
            <button type="button" class="primary start-now" disabled={busy} onClick={() => setConfirming(true)}>
              {t.startNow}
            </button>
          )}
          {p.seat >= 0 && (
            <button type="button" class="danger link" disabled={busy} onClick={() => void run(() => api.leave(v.id))}>
              {t.leave}
            </button>
          )}
        </div>
        {isHost && seated >= 2 && confirming && (
          // Starting early closes the free seats for good: whoever was invited to one can then only
          // watch. Asked in the page (not a browser dialog), so it reads in the page's language.
          <div class="start-confirm" role="group" aria-labelledby="start-confirm-q">
            <p id="start-confirm-q">{t.startConfirm(seated, v.options.seats - seated)}</p>
            <div class="row">
              <button
                type="button"
                class="primary start-confirm-yes"
                disabled={busy}
                onClick={() => void run(() => api.start(v.id)).then(() => setConfirming(false))}
              >
                {t.startWith(seated)}
              </button>
              <button type="button" class="start-confirm-no" disabled={busy} onClick={() => setConfirming(false)}>
                {t.keepWaiting}
              </button>
            </div>
          </div>
        )}
        {error && (
          <p class="error" role="alert">
            {error}
          </p>
        )}
        <p class={`live ${p.live}`}>
          <i aria-hidden="true" />
          {p.live === "open" ? t.liveOn : t.liveOff}
        </p>
      </section>
      {p.seat >= 0 && (
        <section class="card" aria-label={t.notificationsTitle}>
          <NotifyBox scope="game" gameId={v.id} lang={p.lang} canAdd />
        </section>
      )}
    </div>
  );
}
