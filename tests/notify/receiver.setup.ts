/**
 * Global setup of the workers tests: a webhook receiver on loopback, in Node, outside workerd.
 * It verifies Standard Webhooks signatures with the independent `standardwebhooks` package and
 * answers from a script in its path:
 *
 *   POST /hook/<name>/<code>-<code>-...   answer the n-th request with the n-th code (then 200);
 *                                         429 carries `Retry-After: 7` (or ?retryAfter=<seconds>)
 *   PUT  /secret/<name>                   the signing secret to verify <name>'s requests with
 *   GET  /log/<name>                      what arrived: [{id, type, status, verified, at}]
 *
 * Tests reach it at http://127.0.0.1:<inject("receiverPort")>.
 */
import { createServer } from "node:http";
import type { TestProject } from "vitest/node";
import { Webhook } from "standardwebhooks";

declare module "vitest" {
  export interface ProvidedContext {
    receiverPort: number;
  }
}

interface Arrival {
  id: string | null;
  type: string | null;
  status: number;
  verified: boolean;
  at: number;
}

export default async function setup(project: TestProject) {
  const secrets = new Map<string, string>();
  const logs = new Map<string, Arrival[]>();
  const server = createServer((req, res) => {
    // One connection per call (the answer says "connection: close"): Node closes a kept-alive
    // connection idle for 5 s (keepAliveTimeout), and a client that sends its next request on it at
    // that moment sees "Network connection lost." (the CI run of 2026-11-27 failed a chat test so).
    // A new loopback connection costs nothing here; a lost answer would fail a test at random.
    res.setHeader("connection", "close");
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      const url = new URL(req.url ?? "/", "http://receiver");
      const [, route, name, script] = url.pathname.split("/");
      const retryAfter = url.searchParams.get("retryAfter") ?? "7";
      if (req.method === "PUT" && route === "secret") {
        secrets.set(name, body);
        res.writeHead(204).end();
        return;
      }
      if (req.method === "GET" && route === "log") {
        res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(logs.get(name) ?? []));
        return;
      }
      if (req.method !== "POST" || route !== "hook") {
        res.writeHead(404).end();
        return;
      }
      const log = logs.get(name) ?? [];
      logs.set(name, log);
      const codes = (script ?? "").split("-").filter(Boolean).map(Number);
      const status = codes[log.length] ?? 200;
      let verified = false;
      let type: string | null = null;
      try {
        const secret = secrets.get(name);
        if (secret) {
          const payload = new Webhook(secret).verify(body, req.headers as Record<string, string>) as { type?: string };
          verified = true;
          type = payload.type ?? null;
        }
      } catch {
        verified = false;
      }
      log.push({ id: (req.headers["webhook-id"] as string) ?? null, type, status, verified, at: Date.now() });
      const headers: Record<string, string> = status === 429 ? { "retry-after": retryAfter } : {};
      res.writeHead(status, headers).end(status >= 400 ? "scripted failure" : "ok");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const address = server.address();
  project.provide("receiverPort", typeof address === "object" && address ? address.port : 0);
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}
