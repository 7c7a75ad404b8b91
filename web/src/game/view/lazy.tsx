/**
 * The game page's parts in chunks of their own: the lobby (a game in play does not need it), a
 * seated player's table talk (when the game's talk holds something, or it is asked for: ../ctrl.ts
 * `talk`) and notifications panel (when its box is opened), what only some moments show
 * (../moments.tsx: what a chosen cell offers, going away, the final scores, the legend, …). What lies
 * below a turn's first paint (../more.tsx) comes with the page's code, its sheet and texts after its
 * first paint.
 */
import { lang, t } from "../../i18n";
import { lazy } from "../../ui/lazy";
import { loadPart } from "../../ui/part";
import * as More from "../more";
import { TalkCard } from "./talk-button";

/**
 * What lies below a turn's first paint (the log with the replay scrubber, the scoring stacks, the
 * practice hint), rendered after it (../deps.ts too). Its code is in the game page's chunk and its
 * styles in app.css: every game page loads them at once, and as a chunk and a sheet of their own they
 * weighed 0.6 and 0.5 KB gz more (docs/web.md "Weights"); its texts come with the page's language.
 */
export const more = () => Promise.resolve(More);

export const Lobby = lazy(
  () =>
    loadPart("lobby", import("../lobby")).then((m) =>
      m
        .ready(lang)
        .catch(() => {})
        .then(() => m.Lobby),
    ),
  () => <p class="card center muted">{t.loading}</p>,
);
/**
 * What only some moments show (../moments.tsx, a chunk of its own) with its sheet
 * (styles/moments.css) and the later parts' texts; after ./more's chunk and sheet too, which every
 * game page loads at once (a chosen cell's choices are styled there, the Moonlight's as well).
 */
const moment = () => Promise.all([loadPart("moments", import("../moments")), more()]).then(([m]) => m);

export const GameLog = lazy(() => more().then((m) => m.GameLog));
export const Away = lazy(() => moment().then((m) => m.Away));
export const HandOver = lazy(() => moment().then((m) => m.HandOver));
export const FinalScores = lazy(() => moment().then((m) => m.FinalScores));
/**
 * A seated player's notifications box, closed (web/src/notify/game-box.tsx: opened, it loads the
 * panel), and the button that loads table talk when the game's talk holds nothing (./talk-button.tsx):
 * in the game page's chunk, styled by ./more's sheet.
 */
export const GameNotify = lazy(() => more().then((m) => m.GameNotify));
export const TalkButton = lazy(() => more().then((m) => m.TalkButton));
/** (rendered once its <details> is opened: ./board.tsx) */
export const BoardLegend = lazy(() => moment().then((m) => m.BoardLegend));
export const CellInfoCard = lazy(() => moment().then((m) => m.CellInfoCard));
/** What a chosen cell offers in your turn: after a tap on the board, by when this chunk has come. */
export const CellChoices = lazy(
  () => moment().then((m) => m.CellChoices),
  () => <p class="muted">{t.loading}</p>,
);
export const Stacks = lazy(() => more().then((m) => m.Stacks));
export const SignedOut = lazy(() => moment().then((m) => m.SignedOut));
/**
 * A seated player's table talk (web/src/talk/panel.tsx, a chunk of its own), once its texts have
 * come; meanwhile its card and heading (as its button's, ./talk-button.tsx: the place does not jump).
 */
export const Talk = lazy(
  () =>
    import("../../talk/panel").then((m) =>
      m
        .ready(lang)
        .catch(() => {})
        .then(() => m.TalkPanel),
    ),
  () => (
    <TalkCard>
      <p class="muted">{t.loading}</p>
    </TalkCard>
  ),
);
