/**
 * Every error the service answers is `{"error": {"code", "message", ...details}}`, made by
 * `errorBody` (the API, the game's socket upgrade, the embed routes, the Worker's own 404). The
 * codes: the service's own (below) and the rules' refusals, which the engine names (RuleError).
 * Which HTTP status goes with a refusal is decided in src/api/errors.ts. Its zod schema, for the
 * OpenAPI document: schemas/errors.ts.
 */
import type { RuleError } from "../engine";

export const SERVICE_ERROR_CODES = [
  "BAD_REQUEST",
  "INVALID_UTF8",
  "VALIDATION_FAILED",
  "UNAUTHORIZED",
  "FORBIDDEN",
  "NOT_SEATED",
  "NOT_YOUR_TURN",
  "NOT_CREATOR",
  "NOT_FOUND",
  "NO_SUCH_PLY",
  "STALE_VERSION",
  "CONFLICT",
  "GAME_FULL",
  "TABLE_FULL",
  "TABLE_CLOSED",
  "TABLE_EXPIRED",
  "TOO_MANY_TABLES",
  "ALREADY_JOINED",
  "BAD_INVITE",
  "GAME_NOT_WAITING",
  "GAME_ABANDONED",
  "GAME_NOT_ACTIVE",
  "GAME_OVER",
  "GAME_NOT_OVER",
  "NOT_ENOUGH_PLAYERS",
  "NO_SUCH_SEAT",
  "SEAT_TAKEN",
  "NOT_PRACTICE",
  "RATED_GAME",
  "RESIGNED",
  "TURN_OVER",
  "NOT_AWAY",
  "VACATION_EXHAUSTED",
  "IDEMPOTENCY_KEY_REUSED",
  "MESSAGE_EMPTY",
  "MESSAGE_TOO_LONG",
  "NO_SUCH_MESSAGE",
  "RATE_LIMITED",
  "PAYLOAD_TOO_LARGE",
  "UPGRADE_REQUIRED",
  "BAD_WEBHOOK_URL",
  "BAD_WEBHOOK_KIND",
  "TOO_MANY_WEBHOOKS",
  "WEBHOOKS_NOT_CONFIGURED",
  "BAD_PUSH_ENDPOINT",
  "BAD_PUSH_KEYS",
  "TOO_MANY_PUSH_SUBSCRIPTIONS",
  "PUSH_NOT_CONFIGURED",
  "DEVICE_REVOKED",
  "PAIRING_CODE_UNKNOWN",
  "PAIRING_CODE_EXPIRED",
  "PAIRING_CODE_USED",
  "CHALLENGE_UNKNOWN",
  "CHALLENGE_EXPIRED",
  "CHALLENGE_USED",
  "PASSKEY_REFUSED",
  "PASSKEY_UNKNOWN",
  // The chat apps (docs/chat-apps.md).
  "BAD_SIGNATURE",
  "CHAT_NOT_CONFIGURED",
  "CHAT_LINK_UNKNOWN",
  "CHAT_LINK_EXPIRED",
  "CHAT_LINK_USED",
  "CHAT_ACCOUNT_LINKED",
  "NOT_THIS_CHANNEL",
  "NOT_IMPLEMENTED",
  "INTERNAL",
  "ERROR",
] as const;
export type ServiceErrorCode = (typeof SERVICE_ERROR_CODES)[number];

/** Any code an error body may carry: the service's, or the rules' (422, with the failing `index`). */
export type ErrorCode = ServiceErrorCode | RuleError["code"];

export interface ErrorBody {
  error: {
    /** One of ErrorCode (the string fallback keeps the type open for codes typed as plain strings). */
    code: ErrorCode | (string & {});
    message: string;
    /** 409 STALE_VERSION: the game's version now. */
    currentVersion?: number;
    /** 422: the index of the refused action in the submitted turn. */
    index?: number;
    [detail: string]: unknown;
  };
}

/** The error body: a code, a message for people, and details (such as currentVersion or index). */
export function errorBody(
  code: ErrorCode | (string & {}),
  message: string,
  details: Record<string, unknown> = {},
): ErrorBody {
  return { error: { code, message, ...details } };
}
