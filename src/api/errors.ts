/** One error shape everywhere: `{"error": {"code", "message", ...details}}`. */
import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";

export type ApiErrorCode =
  | "BAD_REQUEST"
  | "VALIDATION_FAILED"
  | "UNAUTHORIZED"
  | "FORBIDDEN"
  | "NOT_SEATED"
  | "NOT_YOUR_TURN"
  | "NOT_CREATOR"
  | "NOT_FOUND"
  | "STALE_VERSION"
  | "CONFLICT"
  | "GAME_FULL"
  | "ALREADY_JOINED"
  | "BAD_INVITE"
  | "GAME_NOT_WAITING"
  | "GAME_NOT_ACTIVE"
  | "NOT_ENOUGH_PLAYERS"
  | "IDEMPOTENCY_KEY_REUSED"
  | "RATE_LIMITED"
  | "PAYLOAD_TOO_LARGE"
  | "INTERNAL"
  | (string & {});

export interface ErrorBody {
  error: { code: ApiErrorCode; message: string; [detail: string]: unknown };
}

/** A response computed anywhere (Worker or Durable Object), sent as JSON. */
export interface Reply<T = unknown> {
  status: number;
  body: T | ErrorBody;
  headers?: Record<string, string>;
}

export function errorBody(code: ApiErrorCode, message: string, details: Record<string, unknown> = {}): ErrorBody {
  return { error: { code, message, ...details } };
}

export function fail(status: number, code: ApiErrorCode, message: string, details: Record<string, unknown> = {}): Reply<never> {
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
