/**
 * One delivery attempt to one target, and the retry policy. Used by the game's Durable Object
 * (from its alarm) and by the "send test" endpoints. Nothing here logs a URL or a secret.
 */
import { discordMessage } from "./discord";
import { jsonPayload, signedHeaders } from "./json";
import { slackMessage } from "./slack";
import { scrub } from "./targets";
import type { Notification, TargetKind } from "./types";

export interface SendTarget {
  kind: TargetKind;
  url: string;
  /** The signing secret of a json target. */
  secret: string | null;
  /** Set when the URL fails the address check (see openTarget): nothing is sent. */
  refused?: string | null;
}

export type Outcome = "delivered" | "retry" | "rate_limited" | "gone" | "rejected";

export interface AttemptResult {
  outcome: Outcome;
  /** HTTP status, or null when no answer came (network error, timeout). */
  status: number | null;
  latencyMs: number;
  /** For 429: how long the target asked us to wait. */
  retryAfterMs: number | null;
  /** A short, secret-free description of what went wrong. */
  error: string | null;
}

/** Consecutive 401/403/404/410 answers after which a target is switched off. */
export const GONE_LIMIT = 3;
/** Attempts after which a delivery is given up. */
export const MAX_ATTEMPTS = 12;
export const BASE_DELAY_MS = 5_000;
export const MAX_DELAY_MS = 3600_000;
/** Longest wait a 429 may impose before we try again anyway. */
export const MAX_RETRY_AFTER_MS = 3600_000;
export const TIMEOUT_MS = 10_000;

/**
 * A request's deadline: `signal` aborts with a TimeoutError after `ms`; `done()` clears the timer
 * once the answer is read. Not `AbortSignal.timeout`: its timer stays pending for the whole `ms`
 * after a quick answer, and a pending timer keeps a Durable Object running (compatibility date
 * 2026-10-01 on: Cloudflare's changelog "Pending I/O operations allow Durable Objects to continue")
 * — a game's object billed ten more seconds after every notification it sends.
 */
export function deadline(ms: number): { signal: AbortSignal; done(): void } {
  const controller = new AbortController();
  const timer = setTimeout(
    () => controller.abort(new DOMException(`no answer within ${ms / 1000} s`, "TimeoutError")),
    ms,
  );
  return { signal: controller.signal, done: () => clearTimeout(timer) };
}

/** The request body for a notification on a kind of target (the same on every attempt). */
export function bodyFor(kind: TargetKind, n: Notification): string {
  if (kind === "discord") return JSON.stringify(discordMessage(n));
  if (kind === "slack") return JSON.stringify(slackMessage(n));
  return JSON.stringify(jsonPayload(n));
}

/**
 * Exponential backoff with jitter after the `failures`-th failure (1, 2, ...): a delay between
 * half and all of min(MAX, BASE·2^(failures-1)).
 */
export function retryDelay(failures: number, random: () => number): number {
  const cap = Math.min(MAX_DELAY_MS, BASE_DELAY_MS * 2 ** Math.min(Math.max(failures, 1) - 1, 30));
  return Math.round(cap / 2 + random() * (cap / 2));
}

/** The wait a 429 asks for: Discord's JSON `retry_after` (seconds), else `Retry-After` (seconds or a date). */
export function retryAfterOf(headers: Headers, body: string, now: number): number | null {
  let ms: number | null = null;
  try {
    const j = JSON.parse(body) as { retry_after?: unknown };
    if (typeof j?.retry_after === "number" && Number.isFinite(j.retry_after) && j.retry_after >= 0)
      ms = Math.ceil(j.retry_after * 1000);
  } catch {
    /* not JSON */
  }
  if (ms === null) {
    const h = headers.get("retry-after");
    if (h) {
      if (/^\d+(\.\d+)?$/.test(h.trim())) ms = Math.ceil(Number(h) * 1000);
      else {
        const t = Date.parse(h);
        if (!Number.isNaN(t)) ms = Math.max(0, t - now);
      }
    }
  }
  if (ms === null) {
    const reset = headers.get("x-ratelimit-reset-after");
    if (reset && /^\d+(\.\d+)?$/.test(reset.trim())) ms = Math.ceil(Number(reset) * 1000);
  }
  return ms === null ? null : Math.min(ms, MAX_RETRY_AFTER_MS);
}

function classify(status: number): Outcome {
  if (status >= 200 && status < 300) return "delivered";
  if (status === 429) return "rate_limited";
  if (status === 401 || status === 403 || status === 404 || status === 410) return "gone";
  if (status === 408 || status === 425 || status >= 500) return "retry";
  return "rejected";
}

/**
 * Send `body` for event `id` to a target once. Never throws. `wallClock` gives the signature's
 * timestamp (the receiver compares it to its own clock, so it is real time).
 */
export async function sendOnce(
  target: SendTarget,
  id: string,
  body: string,
  opts: { wallClock?: () => number; timeoutMs?: number } = {},
): Promise<AttemptResult> {
  const wall = opts.wallClock ?? Date.now;
  // A permanent failure, like a 410, without a request to the address.
  if (target.refused) return { outcome: "gone", status: null, latencyMs: 0, retryAfterMs: null, error: target.refused };
  const headers: Record<string, string> = {
    "content-type": "application/json",
    "user-agent": "Canopy-Webhooks/1.0 (+https://canopy.invalid)",
    "idempotency-key": id,
  };
  if (target.kind === "json") {
    if (!target.secret)
      return { outcome: "rejected", status: null, latencyMs: 0, retryAfterMs: null, error: "no signing secret" };
    Object.assign(headers, await signedHeaders(target.secret, id, Math.floor(wall() / 1000), body));
  }
  const started = Date.now();
  const limit = deadline(opts.timeoutMs ?? TIMEOUT_MS);
  try {
    const res = await fetch(target.url, { method: "POST", headers, body, redirect: "manual", signal: limit.signal });
    const text = (await res.text().catch(() => "")).slice(0, 2000);
    const latencyMs = Date.now() - started;
    const outcome = res.status >= 300 && res.status < 400 ? "rejected" : classify(res.status);
    const retryAfterMs = outcome === "rate_limited" ? (retryAfterOf(res.headers, text, wall()) ?? BASE_DELAY_MS) : null;
    const error =
      outcome === "delivered"
        ? null
        : res.status >= 300 && res.status < 400
          ? `HTTP ${res.status}: redirects are not followed`
          : scrub(`HTTP ${res.status}${text ? `: ${text.replace(/\s+/g, " ").slice(0, 200)}` : ""}`, [
              target.url,
              target.secret,
            ]);
    return { outcome, status: res.status, latencyMs, retryAfterMs, error };
  } catch (e) {
    const latencyMs = Date.now() - started;
    const message = fetchFailure(e, opts.timeoutMs ?? TIMEOUT_MS);
    return {
      outcome: "retry",
      status: null,
      latencyMs,
      retryAfterMs: null,
      error: scrub(message.slice(0, 200), [target.url, target.secret]),
    };
  } finally {
    limit.done();
  }
}

/**
 * What a failed request says, in words an owner can act on. The runtime words a connection that
 * could not be made (no such host, refused, reset, TLS) as "internal error; reference = …", an id
 * that means nothing to the owner: it is told as the connection failing. Other messages are kept.
 */
export function failureText(message: string): string {
  if (/internal error|reference\s*=/i.test(message)) return "could not connect to the address (no answer came)";
  if (/network connection lost/i.test(message)) return "the connection was lost before an answer came";
  return message;
}

/**
 * What a fetch that threw says, in words a player reads: its deadline's (`deadline(timeoutMs)`)
 * when that ran out, else failureText's. The one wording for webhooks, pushes and chat calls.
 */
export function fetchFailure(e: unknown, timeoutMs: number): string {
  const name = (e as Error)?.name;
  return name === "TimeoutError" || name === "AbortError"
    ? `no answer within ${timeoutMs / 1000} s`
    : failureText(String((e as Error)?.message ?? e));
}
