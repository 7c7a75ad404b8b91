/**
 * A local Web Push service for tests: `web-push-testing` (in Node) holds subscriptions made with a
 * VAPID public key, checks every push it receives (the VAPID JWT's signature against that key, a
 * TTL, aes128gcm) and decrypts the payload. Next to its own API (/subscribe, /notify/<hash>,
 * /expire-subscription/<hash>, /get-notifications) this records the headers each push arrived
 * with: POST /headers/<hash> → [{ttl, urgency, topic, encoding, vapid}].
 */
import { createRequire } from "node:module";
import { createServer } from "node:net";
import type { Arrival } from "./push-service-client";

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const a = s.address();
      const port = typeof a === "object" && a ? a.port : 0;
      s.close(() => resolve(port));
    });
  });
}

/** Start the service on a free port; its endpoints are http://localhost:<port>/notify/<hash>. */
export async function startPushService(): Promise<{ port: number; stop(): Promise<void> }> {
  const require = createRequire(import.meta.url);
  const Server = require("web-push-testing/src/server.js");
  const { PushApiModel } = require("web-push-testing/src/PushApiModel.js");
  const port = await freePort();
  const service = new Server(new PushApiModel(), port);
  const arrivals = new Map<string, Arrival[]>();
  // Before its routes (added when it starts): note what each push carried.
  service._app.use(
    (req: { method: string; path: string; headers: Record<string, string> }, _res: unknown, next: () => void) => {
      const m = /^\/notify\/([0-9a-f]+)$/.exec(req.path);
      if (req.method === "POST" && m) {
        const list = arrivals.get(m[1]) ?? [];
        list.push({
          ttl: req.headers.ttl ?? null,
          urgency: req.headers.urgency ?? null,
          topic: req.headers.topic ?? null,
          encoding: req.headers["content-encoding"] ?? req.headers["x-content-encoding"] ?? null,
          vapid: /^vapid t=[\w-]+\.[\w-]+\.[\w-]+, k=[\w-]+$/.test(req.headers.authorization ?? ""),
        });
        arrivals.set(m[1], list);
      }
      next();
    },
  );
  service._app.post("/headers/:hash", (req: { params: { hash: string } }, res: { json(v: unknown): void }) =>
    res.json(arrivals.get(req.params.hash) ?? []),
  );
  const log = console.log;
  console.log = () => {};
  try {
    service.startServer();
  } finally {
    console.log = log;
  }
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(`http://localhost:${port}/status`, { method: "POST" })).ok) break;
    } catch {
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  return { port, stop: () => new Promise<void>((resolve) => service._server.close(() => resolve())) };
}
