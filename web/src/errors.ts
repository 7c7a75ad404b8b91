/**
 * The API's errors in the current language: the codes a player can meet on the page, explained.
 * (The webhook ones are the notifications panel's: see notify/panel.tsx.)
 */
import { ApiError } from "./api";
import { t } from "./i18n";

export function errorText(e: unknown): string {
  if (!(e instanceof ApiError)) return String((e as Error)?.message ?? e);
  if (e.status === 0) return t.networkError;
  switch (e.code) {
    case "VACATION_EXHAUSTED":
      return t.errVacationExhausted(Number(e.body?.error.hoursLeft ?? 0));
    case "NOT_AWAY":
      return t.errNotAway;
    case "GAME_OVER":
      return t.errGameOver;
  }
  if (e.status === 429) return t.errRateLimited;
  return e.message;
}
