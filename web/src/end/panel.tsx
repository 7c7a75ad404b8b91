/**
 * "What next?" at the end of a game (issue 25 item 2), for its seated players, under the final
 * scores (ui/final-scores.tsx): Play again (or, once someone asked, Join the new game: the same button, one tap), New
 * game, Back to your games; in a rated game your rating after it and how it moved. The controller
 * (./ctrl.ts) holds what it knows and does; this view reads it. Its chunk (with ./i18n.ts and
 * styles/end.css) is loaded only once a game is over.
 */
import { useEffect, useReducer, useState } from "preact/hooks";
import { auth, request } from "../api";
import { lang } from "../i18n";
import { Link, navigate } from "../nav";
import type { GameView } from "../types";
import { EndCtrl, type EndDeps } from "./ctrl";
import { END_TEXT } from "./i18n";

const browserDeps: EndDeps = {
  rematch: (id) => request("post", "/api/games/{id}/rematch", { params: { path: { id } }, headers: auth() }),
  ratings: (id) => request("get", "/api/players/{id}", { params: { path: { id } } }),
  go: navigate,
  later: (f, ms) => {
    const t = setTimeout(f, ms);
    return () => clearTimeout(t);
  },
};

export function WhatNext({ view, seat }: { view: GameView; seat: number }) {
  const e = END_TEXT[lang];
  const [c] = useState(() => new EndCtrl(view.id, browserDeps));
  const [, redraw] = useReducer((n: number) => n + 1, 0);
  c.redraw = () => redraw(0);
  const me = view.seats[seat]?.player?.id;
  const rated = view.options.rated === true;
  useEffect(() => (me && rated ? c.followRating(me) : undefined), [me, rated]);
  const r = c.rating;
  return (
    <div class="what-next">
      <h3>{e.title}</h3>
      {r && me && (
        <p class="rating-change">
          <Link href={`/p/${me}`}>{e.rating(r.after, r.change)}</Link>
        </p>
      )}
      {view.rematch && <p class="rematch-waiting">{e.rematchWaiting}</p>}
      <p class="actions">
        <button type="button" class="primary play-again" disabled={c.busy} onClick={() => void c.playAgain()}>
          {view.rematch ? e.joinRematch : e.playAgain}
        </button>
        <Link href="/#new-h" class="new-game">
          {e.newGame}
        </Link>
        <Link href="/" class="your-games">
          {e.yourGames}
        </Link>
      </p>
      {c.error && (
        <p class="error" role="alert">
          {c.error}
        </p>
      )}
    </div>
  );
}
