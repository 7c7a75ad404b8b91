/**
 * A game's delivery log, its state and actions without a DOM (./deliveries.tsx reads it; the
 * server comes in through `LogDeps`, so tests/web/deliveries.test.ts drives it in Node): the newest
 * deliveries, older ones a page at a time, Resend, and a refresh.
 *
 * A refresh shows the newest deliveries again, as many as were shown — and, once older pages were
 * asked for, every delivery down to the oldest one shown: newer deliveries (the turns of a timed
 * game, a gone address's retries) must not push the rows read off the end, nor a row just resent
 * with its "sent again" line. The first view is the newest PAGE only, a refresh of it too.
 */
import type { Delivery } from "../types";

/** Deliveries shown at first, and asked for with each "Older". */
export const PAGE = 10;
/** The most the API gives in one page (DeliveriesQuery). */
const MAX_LIMIT = 200;

export interface LogPage {
  deliveries: Delivery[];
  /** The `before` of the next older page; null when there is none. */
  next: number | null;
}

/** What the log needs of the server (./deliveries.tsx has the real ones). */
export interface LogDeps {
  /** The game's deliveries, newest first: `limit` of them, those with an id below `before`. */
  page(q: { limit: number; before?: number }): Promise<LogPage>;
  redeliver(id: number): Promise<{ delivery: Delivery }>;
}

/** Under a delivery after Resend: it went (ok), or the server's refusal (error). */
export type ResendNote = { id: number; ok: true } | { id: number; ok: false; error: unknown };

export class DeliveryLog {
  rows: Delivery[] | null = null;
  next: number | null = null;
  /** Why the last load failed (the view says it in its words), null when it did not. */
  error: unknown = null;
  /** The delivery being sent again. */
  busy: number | null = null;
  note: ResendNote | null = null;
  loadingOlder = false;
  /** How many deliveries a refresh shows at least (an older page asked for counts already). */
  private shown = PAGE;
  /** Older pages were asked for: a refresh then reaches down to the oldest delivery shown. */
  private paged = false;
  /** Only the latest request (a refresh or a page of older ones) is taken, so the two never mix. */
  private latest = 0;

  constructor(private readonly deps: LogDeps) {}

  /** Called after every change (the view re-renders). */
  redraw = (): void => {};

  /** Load the newest deliveries again (see the file's comment for how many). */
  refresh = async (): Promise<void> => {
    const mine = ++this.latest;
    this.loadingOlder = false;
    const keep = Math.max(PAGE, this.shown);
    const floor = this.paged ? (this.rows?.at(-1)?.id ?? null) : null;
    try {
      const first = await this.deps.page({ limit: Math.min(MAX_LIMIT, keep) });
      const rows = [...first.deliveries];
      let next = first.next;
      // Newer deliveries came: the rest, down to the oldest one shown, a page or so more.
      while (floor !== null && next !== null && next > floor && mine === this.latest) {
        const r = await this.deps.page({
          limit: Math.min(MAX_LIMIT, Math.max(PAGE, keep - rows.length)),
          before: next,
        });
        rows.push(...r.deliveries);
        next = r.next;
      }
      if (mine !== this.latest) return;
      // No more than was shown: what came beyond both the count and the oldest shown waits for "Older".
      const cut = rows.findIndex((d, i) => i >= keep && (floor === null || d.id < floor));
      if (cut >= 0) {
        rows.length = cut;
        next = rows.at(-1)?.id ?? next;
      }
      this.rows = rows;
      this.next = next;
      this.error = null;
    } catch (e) {
      if (mine !== this.latest) return;
      this.error = e;
    }
    this.redraw();
  };

  /** The next page of older deliveries, after those shown (none shown twice). */
  older = async (): Promise<void> => {
    if (this.next === null) return;
    const mine = ++this.latest;
    // Count the page asked for as shown already: a refresh that lands meanwhile supersedes this
    // request and then loads it too, so the click is never lost.
    this.shown = (this.rows?.length ?? 0) + PAGE;
    this.paged = true;
    this.loadingOlder = true;
    this.redraw();
    try {
      const r = await this.deps.page({ limit: PAGE, before: this.next });
      if (mine !== this.latest) return;
      const rs = this.rows ?? [];
      this.rows = [...rs, ...r.deliveries.filter((d) => !rs.some((x) => x.id === d.id))];
      this.shown = this.rows.length;
      this.next = r.next;
    } catch (e) {
      if (mine !== this.latest) return;
      this.error = e;
    }
    this.loadingOlder = false;
    this.redraw();
  };

  /** Send `d` again (the same event id); true when the server took it. */
  resend = async (d: Delivery): Promise<boolean> => {
    this.busy = d.id;
    this.note = null;
    this.redraw();
    let ok = false;
    try {
      const r = await this.deps.redeliver(d.id);
      this.rows = (this.rows ?? []).map((x) => (x.id === d.id ? r.delivery : x));
      this.note = { id: d.id, ok: true };
      ok = true;
    } catch (e) {
      this.note = { id: d.id, ok: false, error: e };
    }
    this.busy = null;
    this.redraw();
    return ok;
  };
}
