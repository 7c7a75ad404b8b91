/**
 * The game page while the game waits for players: seats, the invite, joining, starting, leaving.
 * A chunk of its own (loaded through ./view/lazy.tsx): a game in play does not carry it.
 */
import { useState } from "preact/hooks";
import { api, auth, request, viewOf } from "../api/more";
import { errorText } from "../errors";
import { Link } from "../nav";
import { lang, t, type Lang } from "../i18n";
import { loadLobbyText, useLobbyText } from "./lobby-i18n";
import type { LiveStatus } from "./live";
import { durationText } from "../time";
import type { GameView, Identity } from "../types";
import { CopyField } from "../ui/copy";
import { NotifyBox } from "../ui/notify-box";
import { Icon } from "./view/players";
import { ProfileForm } from "../ui/profile-form";
import { BOT_LEVELS } from "../../../src/contract/views";
import { BOT_TEXT } from "../ui/bot-text";
import { SeatName } from "../ui/seat-name";

interface LobbyProps {
  view: GameView;
  seat: number;
  invite: string | null;
  identity: Identity | null;
  setIdentity: (id: Identity | null) => void;
  accept: (v: GameView) => void;
  live: LiveStatus;
  lang: string;
}

/** A lobby call: busy meanwhile, its error in words, and the game as it is after it. */
function useRun(p: LobbyProps) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = async (f: () => Promise<unknown>) => {
    setBusy(true);
    setError(null);
    try {
      const nv = viewOf(await f());
      p.accept(nv ?? (await api.game(p.view.id)));
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, run };
}
type Run = ReturnType<typeof useRun>;

/** The lobby's texts in `lang` (game/view/lazy.tsx waits for them before it first shows the lobby). */
export const ready = loadLobbyText;

export function Lobby(p: LobbyProps) {
  const L = useLobbyText(lang as Lang);
  const r = useRun(p);
  const v = p.view;
  const seated = v.seats.filter((s) => s.player).length;
  const inviteUrl = v.invite?.url ?? null;
  // The host: the creator, or who took the waiting game over when they left (the view's createdBy).
  const isHost = p.identity?.id === v.createdBy;
  return (
    <div class="lobby" data-version={v.version}>
      <section class="card" aria-labelledby="lobby-h">
        <h1 id="lobby-h">{L.waitingTitle(seated, v.options.seats)}</h1>
        <GameRules v={v} />
        <Seats p={p} r={r} seated={seated} isHost={isHost} />
        {inviteUrl && p.seat >= 0 && (
          <div class="invite">
            <h2>{L.inviteTitle}</h2>
            <p class="muted">{L.inviteHelp}</p>
            <CopyField value={inviteUrl} label={L.inviteTitle} share />
          </div>
        )}
        {p.seat < 0 && <Join p={p} r={r} />}
        {(isHost || v.table?.open) && <OpenTable v={v} r={r} isHost={isHost} />}
        <Start p={p} r={r} seated={seated} isHost={isHost} />
        {r.error && (
          <p class="error" role="alert">
            {r.error}
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

/** The game's options in a line: long game, heavy shade, rated, the time per move and its rules. */
function GameRules({ v }: { v: GameView }) {
  const L = useLobbyText(lang as Lang);
  return (
    <p class="muted">
      {v.options.longGame ? `${t.longGame}. ` : ""}
      {v.options.heavyShade ? `${t.heavyShade}. ` : ""}
      {v.options.rated ? `${L.ratedGame}. ` : ""}
      {t.moveTime}: {v.options.moveTimeSeconds === null ? t.moveTimeNone : durationText(v.options.moveTimeSeconds)}
      {v.options.moveTimeSeconds !== null && (
        <span class="rules">
          {" "}
          ({L.timeoutRule(v.options.maxTimeouts)}, {L.vacationRule(v.options.vacationDays)})
        </span>
      )}
    </p>
  );
}

/** The seats: who sits where, the host, and (for the host) bots for the next free seat. */
function Seats({ p, r, seated, isHost }: { p: LobbyProps; r: Run; seated: number; isHost: boolean }) {
  const L = useLobbyText(lang as Lang);
  const v = p.view;
  const bt = BOT_TEXT[p.lang] ?? BOT_TEXT.en;
  return (
    <ol class="seat-list">
      {v.seats.map((s) => (
        <li key={s.seat}>
          <Icon seat={s.seat} size={2} px={24} />
          {s.player ? (
            <span>
              <SeatName id={s.player.id} name={s.player.name} bot={s.bot} lang={p.lang} link />
              {s.player.id === p.identity?.id ? ` (${t.you})` : ""}
              {s.player.id === v.createdBy ? <span class="muted"> · {L.host}</span> : null}
            </span>
          ) : (
            <span class="muted">{L.freeSeat}</span>
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
                  disabled={r.busy}
                  onClick={() => void r.run(() => api.seatBot(v.id, l))}
                >
                  {bt.levels[i]}
                </button>
              ))}
            </span>
          )}
        </li>
      ))}
    </ol>
  );
}

/** A visitor: a profile first, then a seat (with the invite, or at an open table). */
function Join({ p, r }: { p: LobbyProps; r: Run }) {
  const L = useLobbyText(lang as Lang);
  const v = p.view;
  if (!p.identity)
    return (
      <div>
        <p>{L.needProfileToJoin}</p>
        <ProfileForm setIdentity={p.setIdentity} compact />
      </div>
    );
  if (!p.invite && !v.table?.open) return <p class="muted">{L.needInviteToJoin}</p>;
  const invite = p.invite;
  return (
    <p>
      <button
        type="button"
        class="primary take-seat"
        disabled={r.busy}
        onClick={() =>
          void r.run(() =>
            invite
              ? api.join(v.id, invite)
              : // An open table: no invite needed (issue 16).
                request("post", "/api/tables/{id}/join", { params: { path: { id: v.id } }, headers: auth() }),
          )
        }
      >
        {L.takeSeat}
      </button>
    </p>
  );
}

/** Whether the game is listed on the open tables, and (for the host) listing or closing it. */
function OpenTable({ v, r, isHost }: { v: GameView; r: Run; isHost: boolean }) {
  const L = useLobbyText(lang as Lang);
  return (
    <p class="open-table">
      <span class="muted">
        {v.table?.open
          ? L.tableListed(new Date(v.table.expiresAt).toLocaleDateString())
          : v.table?.closed === "expired"
            ? L.tableExpired
            : L.tableNotListed}
      </span>{" "}
      {isHost && (
        <button
          type="button"
          class="link table-toggle"
          disabled={r.busy}
          onClick={() =>
            void r.run(() =>
              request("put", "/api/games/{id}/table", {
                params: { path: { id: v.id } },
                headers: auth(),
                body: { open: !v.table?.open },
              }),
            )
          }
        >
          {v.table?.open ? L.tableUnlist : L.tableList}
        </button>
      )}{" "}
      <Link href="/tables">{t.openTables}</Link>
    </p>
  );
}

/** Starting before every seat is taken (the host, asked again in the page), and leaving. */
function Start({ p, r, seated, isHost }: { p: LobbyProps; r: Run; seated: number; isHost: boolean }) {
  const L = useLobbyText(lang as Lang);
  const [confirming, setConfirming] = useState(false);
  const v = p.view;
  const busy = r.busy;
  return (
    <>
      <div class="row">
        {isHost && seated >= 2 && !confirming && (
          <button type="button" class="primary start-now" disabled={busy} onClick={() => setConfirming(true)}>
            {L.startNow}
          </button>
        )}
        {p.seat >= 0 && (
          <button type="button" class="danger link" disabled={busy} onClick={() => void r.run(() => api.leave(v.id))}>
            {L.leave}
          </button>
        )}
      </div>
      {isHost && seated >= 2 && confirming && (
        // Starting early closes the free seats for good: whoever was invited to one can then only
        // watch. Asked in the page (not a browser dialog), so it reads in the page's language.
        // biome-ignore lint/a11y/useSemanticElements: a question and its two buttons, not a form's fieldset; ARIA's group ties the buttons to the question
        <div class="start-confirm" role="group" aria-labelledby="start-confirm-q">
          <p id="start-confirm-q">{L.startConfirm(seated, v.options.seats - seated)}</p>
          <div class="row">
            <button
              type="button"
              class="primary start-confirm-yes"
              disabled={busy}
              onClick={() => void r.run(() => api.start(v.id)).then(() => setConfirming(false))}
            >
              {L.startWith(seated)}
            </button>
            <button type="button" class="start-confirm-no" disabled={busy} onClick={() => setConfirming(false)}>
              {L.keepWaiting}
            </button>
          </div>
        </div>
      )}
    </>
  );
}
