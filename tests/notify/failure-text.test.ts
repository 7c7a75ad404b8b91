/**
 * A request that fails without an answer is told in words an owner can act on (issue 14 defect 5:
 * the panel showed the runtime's raw "internal error; reference = …").
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

  it("other messages are kept as they are", () => {
    expect(failureText("Network connection lost.")).toBe("the connection was lost before an answer came");
    expect(failureText("TLS handshake failed")).toBe("TLS handshake failed");
  });
});
