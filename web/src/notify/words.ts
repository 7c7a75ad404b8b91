/**
 * The notifications panel's words for what the server answers: a refusal of a webhook, a delivery
 * attempt's error, why a webhook is switched off; and the limits the panel shows.
 */
import { EVENT_TYPES } from "../../../src/contract/notifications";
import { ApiError } from "../api/more";
import { errorText } from "../errors";
import type { EventType, Webhook } from "../types";
import type { NotifyMessages } from "./i18n";

/** Webhooks per game and per player (the server's limit). */
export const MAX_WEBHOOKS = 5;
/** The notifications one may choose (webhook.* notices are always sent). */
export const CHOOSABLE: readonly EventType[] = EVENT_TYPES.filter((e) => !e.startsWith("webhook."));

/** An error in the panel's words: the refusals of a webhook explained, anything else as the page says it. */
export function hookErrorText(n: NotifyMessages, e: unknown): string {
  if (e instanceof ApiError) {
    // The server's own words say exactly what was wrong with an address; they follow the explanation.
    const detail = e.message && e.message !== e.code ? ` (${e.message})` : "";
    switch (e.code) {
      case "WEBHOOKS_NOT_CONFIGURED":
        return n.errNotConfigured;
      case "BAD_WEBHOOK_URL":
        return n.errBadUrl + detail;
      case "BAD_WEBHOOK_KIND":
        return n.errBadKind + detail;
      case "TOO_MANY_WEBHOOKS":
        return n.errTooMany;
      case "NOT_WEBHOOK_OWNER":
        return n.errNotOwner;
    }
  }
  return errorText(e);
}

export const hookName = (n: NotifyMessages, w: Webhook) => w.label ?? n.kindNames[w.kind];

/** How the server words a webhook switched off because its address is refused (src/notify/directory.ts). */
const REFUSED = "address refused:";

/**
 * A delivery attempt's error in the panel's words: a connection that could not be made is said
 * plainly (older deliveries kept the runtime's "internal error; reference = …"); others as stored.
 */
export function attemptError(n: NotifyMessages, error: string): string {
  return /internal error|reference\s*=|^could not connect to the address/i.test(error) ? n.connectFailed : error;
}

/** Why a webhook is switched off, in the panel's words. */
export function offText(n: NotifyMessages, reason: string | null): string {
  if (!reason || reason === "switched off by a player") return n.offByPlayer;
  if (reason === "no answer") return n.offNoAnswer;
  if (reason.startsWith(REFUSED)) return n.offRefused;
  return n.offAfter(reason);
}
