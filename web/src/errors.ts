/** The API's errors in the current language: the codes a player can meet, explained. */
import { ApiError } from "./api";
import { t } from "./i18n";

export function errorText(e: unknown): string {
  if (!(e instanceof ApiError)) return String((e as Error)?.message ?? e);
  if (e.status === 0) return t.networkError;
  // The server's own words say exactly what was wrong with an address; they follow the explanation.
  const detail = e.message && e.message !== e.code ? ` (${e.message})` : "";
  switch (e.code) {
    case "WEBHOOKS_NOT_CONFIGURED":
      return t.errWebhooksNotConfigured;
    case "BAD_WEBHOOK_URL":
      return t.errBadWebhookUrl + detail;
    case "BAD_WEBHOOK_KIND":
      return t.errBadWebhookKind + detail;
    case "TOO_MANY_WEBHOOKS":
      return t.errTooManyWebhooks;
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
