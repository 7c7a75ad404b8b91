/**
 * The benches' HTTP client for the local worker: one call shape for every bench (a bearer token,
 * a JSON body, extra headers), the answer parsed as JSON when it is JSON and as text otherwise
 * (a board picture's bytes are read whole and not used); a refusal throws with its status and body.
 */
export type Call = (
  method: string,
  path: string,
  token?: string,
  body?: unknown,
  headers?: Record<string, string>,
  // (the benches read the answers' fields loosely: any, as the calls they replace returned)
) => Promise<any>;

export function caller(base: string): Call {
  return async (method, path, token, body, headers = {}) => {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body !== undefined ? { "content-type": "application/json" } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text.slice(0, 300)}`);
    return res.headers.get("content-type")?.includes("json") ? JSON.parse(text) : text;
  };
}
