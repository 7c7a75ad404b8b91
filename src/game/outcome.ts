/**
 * What the authority answers: a value, or a refusal with a machine code (errors as values). The
 * HTTP status of each code is decided in src/api, nowhere here.
 */
import { errorBody } from "../contract/errors";

export interface Refusal {
  code: string;
  message: string;
  [detail: string]: unknown;
}

export type Outcome<T = unknown> =
  | {
      ok: true;
      value: T /** A new thing was made ("created"), or work was queued ("accepted"). */;
      kind?: "created" | "accepted";
    }
  | { ok: false; error: Refusal };

export interface RoomReply<T = unknown> {
  ok: boolean;
  value?: T;
  kind?: "created" | "accepted";
  error?: Refusal;
  /** Whether the caller's token matched a seat of this game. */
  callerKnown: boolean;
  /** The stored answer to an Idempotency-Key sent again. */
  replayed?: boolean;
}

export function done<T>(value: T, kind?: "created" | "accepted"): Outcome<T> {
  return kind ? { ok: true, value, kind } : { ok: true, value };
}

export function refuse(
  code: string,
  message: string,
  details: Record<string, unknown> = {},
): { ok: false; error: Refusal } {
  return { ok: false, ...errorBody(code, message, details) };
}
