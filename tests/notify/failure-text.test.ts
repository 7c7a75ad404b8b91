/**
 * A request that fails without an answer is told in words an owner can act on (issue 14 defect 5:
 * the panel showed the runtime's raw "internal error; reference = …"); one that gets no answer in
 * time is given up at its deadline, and one answered at once leaves no timer behind (a pending
 * timer keeps the game's Durable Object running).
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { failureText, sendOnce } from "../../src/notify/deliver";

afterEach(() => {
  vi.restoreAllMocks();
});

const target = { kind: "discord" as const, url: "https://discord.com/api/webhooks/1/x", secret: null };

describe("a delivery that gets no answer", () => {
  it("the runtime's internal error is told as a connection that could not be made, to be retried", async () => {
    vi.spyOn(globalThis, "fetch").mockRejectedValue(new Error("internal error; reference = 2b9qk1s0v7hd3m4c"));
    const r = await sendOnce(target, "evt_1", "{}");
    expect(r.outcome).toBe("retry");
    expect(r.status).toBeNull();
    expect(r.error).toBe("could not connect to the address (no answer came)");
    expect(r.error).not.toMatch(/reference|internal/);
  });

  it("a real connection refused on loopback says so, without a runtime reference", async () => {
    const r = await sendOnce({ ...target, url: "http://127.0.0.1:9/hook" }, "evt_2", "{}");
    expect(r.outcome).toBe("retry");
    expect(r.error ?? "").not.toMatch(/reference\s*=/);
    expect(r.error).toBeTruthy();
  });

  it("no answer within the deadline: given up then, to be retried, said in seconds", async () => {
    vi.spyOn(globalThis, "fetch").mockImplementation(
      (_input, init) =>
        new Promise<Response>((_ok, fail) => init?.signal?.addEventListener("abort", () => fail(init.signal?.reason))),
    );
    const r = await sendOnce(target, "evt_3", "{}", { timeoutMs: 20 });
    expect(r.outcome).toBe("retry");
    expect(r.status).toBeNull();
    expect(r.error).toBe("no answer within 0.02 s");
  });

  it("an answer in time clears the deadline's timer at once", async () => {
    const signals: AbortSignal[] = [];
    vi.spyOn(globalThis, "fetch").mockImplementation(async (_input, init) => {
      signals.push(init!.signal!);
      return new Response(null, { status: 204 });
    });
    const timers = vi.spyOn(globalThis, "setTimeout");
    const cleared = vi.spyOn(globalThis, "clearTimeout");
    const r = await sendOnce(target, "evt_4", "{}", { timeoutMs: 60_000 });
    expect(r.outcome).toBe("delivered");
    expect(signals).toHaveLength(1);
    expect(signals[0].aborted).toBe(false);
    // The request had a timer for its deadline, and it is gone once the answer is read.
    const set = timers.mock.results.map((x) => x.value);
    expect(set.length).toBeGreaterThan(0);
    for (const id of set) expect(cleared.mock.calls.map((c) => c[0])).toContain(id);
  });

  it("other messages are kept as they are", () => {
    expect(failureText("Network connection lost.")).toBe("the connection was lost before an answer came");
    expect(failureText("TLS handshake failed")).toBe("TLS handshake failed");
  });
});
