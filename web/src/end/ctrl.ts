/**
 * The end of a game's controller (issue 25 item 2; the game page's controller, ../game/ctrl.ts, is
 * the model): what "What next?" knows and does for the player of one seat of a finished game —
 * Play again (POST /api/games/{id}/rematch: the same options and seats, the bots seated again, the
 * others told; once someone asked, the same ask seats you in that game, and it is the same game
 * however often or by how many it is asked), then the new game's page; in a rated game, your rating
 * after it and how it moved. It touches no DOM: the browser comes in through `EndDeps`, so
 * tests/web/end.test.ts drives it in Node. A chunk of its own with its view (./panel.tsx), loaded
 * once a game is over.
 */
import { errorText } from "../errors";

export interface RatingPoint {
  ladder: string;
  game: string;
  rating: number;
}

/** What the controller needs of the server and the browser (./panel.tsx has the real ones). */
export interface EndDeps {
  rematch(gameId: string): Promise<{ rematch: { id: string } }>;
  /** A player page's ratings: the games per ladder, and the shown rating after each rated game, oldest first. */
  ratings(playerId: string): Promise<{ ratings: { ladder: string; games: number }[]; ratingHistory: RatingPoint[] }>;
  go(path: string): void;
  later(f: () => void, ms: number): () => void;
}

export interface RatingChange {
  after: number;
  /** Since the rating before the game (null: not known, the history shown no longer reaches back to it). */
  change: number | null;
}

/** Where every rating starts (docs/ratings.md): the change of a first rated game is counted from it. */
export const START_RATING = 1000;

/**
 * The game's result reaches the ratings through the game's outbox just after its end: when the page
 * asks before that, it asks again after these waits (ms), then gives up.
 */
export const RATING_RETRIES_MS = [1500, 4000, 10_000];

/** The rating after `gameId` and its change, from a player page (null: not rated there yet). */
export function ratingChange(
  page: { ratings: { ladder: string; games: number }[]; ratingHistory: RatingPoint[] },
  gameId: string,
): RatingChange | null {
  const h = page.ratingHistory;
  const i = h.findIndex((x) => x.game === gameId);
  if (i < 0) return null;
  const { ladder, rating } = h[i];
  const before = h.slice(0, i).findLast((x) => x.ladder === ladder)?.rating;
  if (before !== undefined) return { after: rating, change: rating - before };
  // The ladder's first game shown: the player's first rated game there, or one whose predecessor
  // the page no longer lists (it shows the last games only).
  const games = page.ratings.find((r) => r.ladder === ladder)?.games ?? 0;
  const shown = h.filter((x) => x.ladder === ladder).length;
  return { after: rating, change: games <= shown ? rating - START_RATING : null };
}

export class EndCtrl {
  /** Play again was asked and has not answered. */
  busy = false;
  error: string | null = null;
  rating: RatingChange | null = null;

  constructor(
    readonly gameId: string,
    private readonly deps: EndDeps,
  ) {}

  /** Called after every change (the view re-renders). */
  redraw = (): void => {};

  /** Play again, or join the game someone asked for: then its page. */
  playAgain = async (): Promise<void> => {
    if (this.busy) return;
    this.busy = true;
    this.error = null;
    this.redraw();
    try {
      const r = await this.deps.rematch(this.gameId);
      this.deps.go(`/g/${r.rematch.id}`);
    } catch (e) {
      this.error = errorText(e);
      this.busy = false;
      this.redraw();
    }
  };

  /** Find `playerId`'s rating after this (rated) game, asking again while it is not there yet; returns how to stop. */
  followRating(playerId: string): () => void {
    let stopped = false;
    let cancel = () => {};
    const ask = async (attempt: number): Promise<void> => {
      try {
        const found = ratingChange(await this.deps.ratings(playerId), this.gameId);
        if (stopped) return;
        if (found) {
          this.rating = found;
          this.redraw();
          return;
        }
      } catch {
        // A rating is a nicety: asked again like one not there yet.
      }
      if (!stopped && attempt < RATING_RETRIES_MS.length)
        cancel = this.deps.later(() => void ask(attempt + 1), RATING_RETRIES_MS[attempt]);
    };
    void ask(0);
    return () => {
      stopped = true;
      cancel();
    };
  }
}
