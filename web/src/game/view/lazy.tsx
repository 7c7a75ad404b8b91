/**
 * The game page's parts in chunks of their own: the lobby (a game in play does not need it), what
 * lies below a turn's first paint (../more.tsx: the log with the replay scrubber, going away, the
 * final scores, the notifications box, the legend, the scoring stacks, what a chosen cell offers), table talk.
 */
import { lang, t } from "../../i18n";
import { lazy } from "../../ui/lazy";
import { loadPart, loadSheet } from "../../ui/part";
import { more } from "../deps";

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
/** ./more's chunk with the sheet of what only some moments show (styles/moments.css), for those moments' parts. */
const moment = () => Promise.all([more(), loadSheet("moments")]).then(([m]) => m);

export const GameLog = lazy(() => more().then((m) => m.GameLog));
export const Away = lazy(() => more().then((m) => m.Away));
export const HandOver = lazy(() => more().then((m) => m.HandOver));
export const FinalScores = lazy(() => moment().then((m) => m.FinalScores));
export const NotifyBox = lazy(() => more().then((m) => m.NotifyBox));
/** (rendered once its <details> is opened: ./board.tsx) */
export const BoardLegend = lazy(() => moment().then((m) => m.BoardLegend));
export const CellInfoCard = lazy(() => more().then((m) => m.CellInfoCard));
/** What a chosen cell offers in your turn: after a tap on the board, by when this chunk has come. */
export const CellChoices = lazy(
  () => more().then((m) => m.CellChoices),
  () => <p class="muted">{t.loading}</p>,
);
export const Stacks = lazy(() => more().then((m) => m.Stacks));
export const SignedOut = lazy(() => moment().then((m) => m.SignedOut));
export const Talk = lazy(() =>
  import("../../talk/panel").then((m) =>
    m
      .ready(lang)
      .catch(() => {})
      .then(() => m.TalkPanel),
  ),
);
