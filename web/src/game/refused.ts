/**
 * A turn the server did not take: why, in words, and the game as it is now; whether a turn gone by
 * was played as planned; a practice game's hint as the planned turn. They follow a planned turn, so
 * they come with the rules it is planned with (./rules.ts), as the controller asks (ctrl.ts,
 * `deps.refused`, `deps.played`, `deps.hint`).
 */
import { ApiError, auth, request } from "../api";
import { errorText } from "../errors";
import { loadPartTexts, t } from "../i18n";
import type { GameCtrl } from "./ctrl";
import type { LogEntryView } from "../types";
import { newPlan, type Plan } from "./model";
import { planAdd } from "./plan";

export async function refused(c: GameCtrl, e: unknown, pl: Plan): Promise<void> {
  const status = e instanceof ApiError ? e.status : 0;
  // (what a refusal says is among the later parts' texts: ../i18n/rest/)
  await loadPartTexts().catch(() => {});
  if (status === 409) {
    // The game moved on meanwhile: the plan follows it, kept if every planned action still applies.
    c.setNotice({ kind: "warn", text: t.conflict });
    await c.reload();
    const kept = c.plan?.actions.length === pl.actions.length;
    c.setNotice({
      kind: "warn",
      text: pl.actions.length ? `${t.conflict} ${kept ? t.planKept : t.planDropped}` : t.conflict,
    });
  } else if (status === 403) {
    c.setNotice({ kind: "error", text: t.notYourTurn });
    void c.reload();
  } else if (status === 422) c.setNotice({ kind: "error", text: t.refused((e as Error).message) });
  else c.setNotice({ kind: "error", text: errorText(e) });
}

/**
 * A planned turn whose turn went by (the controller's verdict): this seat's first turn in the log
 * after the plan's version is the turn played; the same actions (key order and the closing endTurn
 * aside) mean it was played as planned — another tab of this browser sent it.
 */
export function playedAsPlanned(
  log: readonly LogEntryView[],
  p: { version: number; actions: readonly unknown[]; seat: number },
): boolean {
  const mine = log.filter((e) => e.seat === p.seat && e.version > p.version);
  const first = mine.filter((e) => e.version === mine[0]?.version).map((e) => e.entry);
  const canon = (xs: readonly unknown[]) =>
    JSON.stringify(
      xs.filter((x) => (x as { type?: string }).type !== "endTurn"),
      (_k, v: unknown) =>
        v && typeof v === "object" && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort()) : v,
    );
  return first.length > 0 && canon(first) === canon(p.actions);
}

/**
 * Practice games: the strong bot's turn for this seat (GET …/hint) as the planned turn on the
 * plan's base (checked by `planAdd`: ./plan.ts), which undo takes back; null when the game moved on
 * meanwhile.
 */
export async function hintPlan(id: string, plan: Plan): Promise<Plan | null> {
  const h = await request("get", "/api/games/{id}/hint", { params: { path: { id } }, headers: auth() });
  if (h.version !== plan.baseVersion) return null;
  let out = newPlan(plan.base, plan.baseVersion);
  for (const a of h.actions) {
    const r = a.type === "endTurn" ? null : planAdd(out, a);
    if (!r || "error" in r) break;
    out = r;
  }
  return out;
}
