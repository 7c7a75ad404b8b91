/**
 * Errors as HTTP: the body and the codes are the contract's (src/contract/errors.ts, `errorBody`);
 * this module maps a refusal's code to its status, and carries replies computed anywhere (Worker or
 * Durable Object) to Hono.
 */
import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { type ErrorBody, type ErrorCode, errorBody } from "../contract/errors";

export type ApiErrorCode = ErrorCode | (string & {});

/** A response computed anywhere (Worker or Durable Object), sent as JSON. */
export interface Reply<T = unknown> {
  status: number;
  body: T | ErrorBody;
  headers?: Record<string, string>;
}

export function fail(
  status: number,
  code: ApiErrorCode,
  message: string,
  details: Record<string, unknown> = {},
): Reply<never> {
  return { status, body: errorBody(code, message, details) };
}

export function ok<T>(body: T, status = 200): Reply<T> {
  return { status, body };
}

/**
 * Send a computed reply. Typed `any` on purpose: the body was shaped by the Durable Object and is
 * described by the route's OpenAPI responses, which the typed-response check cannot follow.
 */
// biome-ignore lint/suspicious/noExplicitAny: see above
export function send(c: Context, reply: Reply): any {
  return c.json(reply.body as object, reply.status as ContentfulStatusCode, reply.headers);
}

/**
 * The HTTP status of each refusal code the game authority answers with (the one place it is
 * decided). Engine refusals of a move (illegal action, not enough light …) are 422.
 */
const STATUS: Record<string, number> = {
  BAD_REQUEST: 400,
  INVALID_UTF8: 400,
  VALIDATION_FAILED: 400,
  MESSAGE_EMPTY: 400,
  MESSAGE_TOO_LONG: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_SEATED: 403,
  NOT_YOUR_TURN: 403,
  NOT_CREATOR: 403,
  BAD_INVITE: 403,
  NOT_FOUND: 404,
  NO_SUCH_PLY: 404,
  NOT_THIS_CHANNEL: 409,
  NO_SUCH_MESSAGE: 404,
  STALE_VERSION: 409,
  CONFLICT: 409,
  GAME_FULL: 409,
  TABLE_FULL: 409,
  TABLE_CLOSED: 409,
  TABLE_EXPIRED: 409,
  TOO_MANY_TABLES: 409,
  ALREADY_JOINED: 409,
  GAME_NOT_WAITING: 409,
  GAME_ABANDONED: 409,
  GAME_NOT_ACTIVE: 409,
  GAME_OVER: 409,
  GAME_NOT_OVER: 409,
  ALREADY_RESIGNED: 409,
  RESIGNED: 409,
  NOT_ENOUGH_PLAYERS: 409,
  NO_SUCH_SEAT: 404,
  SEAT_TAKEN: 409,
  NOT_PRACTICE: 409,
  RATED_GAME: 409,
  VACATION_EXHAUSTED: 409,
  NOT_AWAY: 409,
  IDEMPOTENCY_KEY_REUSED: 422,
  TURN_OVER: 422,
  RATE_LIMITED: 429,
  INTERNAL: 500,
};

export function statusOf(code: string): number {
  return STATUS[code] ?? 422;
}

/** What the game authority answers (a value or a refusal), as an HTTP reply. */
export function fromOutcome(o: {
  ok: boolean;
  value?: unknown;
  kind?: "created" | "accepted";
  error?: { code: string; message: string; [detail: string]: unknown };
  replayed?: boolean;
}): Reply {
  const headers: Record<string, string> = {};
  if (o.replayed) headers["idempotent-replayed"] = "true";
  if (o.ok) return { status: o.kind === "created" ? 201 : o.kind === "accepted" ? 202 : 200, body: o.value, headers };
  const e = o.error!;
  if (typeof e.retryAfterSeconds === "number") headers["retry-after"] = String(e.retryAfterSeconds);
  return { status: statusOf(e.code), body: { error: e }, headers };
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ApiErrorCode,
    message: string,
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
  }
}
