/** The local push service's API (./push-service.ts), as tests call it: plain fetch, no Node modules. */

export interface Arrival {
  ttl: string | null;
  urgency: string | null;
  topic: string | null;
  encoding: string | null;
  /** An RFC 8292 `Authorization: vapid t=…, k=…` header was there. */
  vapid: boolean;
}

export interface ServiceSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  clientHash: string;
}

/** The service's API, from a test. */
export function pushServiceClient(base: string) {
  const post = async (path: string, body?: unknown) => {
    const res = await fetch(`${base}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return res.headers.get("content-type")?.includes("json") ? JSON.parse(text) : text;
  };
  return {
    /** A subscription as a browser would make it with this application server key. */
    async subscribe(applicationServerKey: string): Promise<ServiceSubscription> {
      return (await post("/subscribe", { userVisibleOnly: "true", applicationServerKey })).data;
    },
    /** The decrypted messages it received for a subscription, parsed. */
    async messages(s: ServiceSubscription): Promise<any[]> {
      return ((await post("/get-notifications", { clientHash: s.clientHash })).data.messages as string[]).map((m) =>
        JSON.parse(m),
      );
    },
    headers: (s: ServiceSubscription): Promise<Arrival[]> => post(`/headers/${s.clientHash}`),
    expire: (s: ServiceSubscription) => post(`/expire-subscription/${s.clientHash}`),
  };
}
