/**
 * The benchmark's meter (only when the Worker runs with BENCH_ROUTES=1; bench/service.ts reads it
 * at GET /api/_bench/meter): what Cloudflare bills, counted where it happens, from the platform's
 * own figures — Worker requests, Durable Object requests (every call on a stub, each alarm, each
 * WebSocket message that reaches an object), the SQL cursors' `rowsWritten`/`rowsRead` of every
 * Durable Object, one row written per `setAlarm`, D1's `meta.rows_written`/`meta.rows_read` and
 * query count, and the wall time each object is busy (its duration). Locally (wrangler dev) the
 * Worker and its Durable Objects share one isolate, so one module-level record sees all of it.
 * A leaf: it imports nothing of the service.
 */
export interface Meter {
  workerRequests: number;
  /** Durable Object requests by class ("game", "player"), WebSocket messages not included. */
  doRequests: Record<string, number>;
  /** WebSocket messages that reached an object (billed as requests at 20:1). */
  wsMessages: number;
  alarms: number;
  /** Milliseconds objects spent answering calls, alarms and socket messages (their billed duration). */
  doMs: number;
  doRowsWritten: number;
  doRowsRead: number;
  /** Durable Object rows written by kind of write ("insert turns", "update deliveries", "setAlarm", …). */
  doRowsWrittenBy: Record<string, number>;
  /** Durable Object rows read by kind of statement ("select deliveries", "update deliveries", …). */
  doRowsReadBy: Record<string, number>;
  setAlarms: number;
  d1Queries: number;
  d1RowsWritten: number;
  d1RowsRead: number;
  /** D1 queries by kind of statement ("select webhooks", "update devices", …): what one D1 carries is cut from these. */
  d1QueriesBy: Record<string, number>;
  /** D1 rows written by kind of statement. */
  d1RowsWrittenBy: Record<string, number>;
}

const zero = (): Meter => ({
  workerRequests: 0,
  doRequests: {},
  wsMessages: 0,
  alarms: 0,
  doMs: 0,
  doRowsWritten: 0,
  doRowsRead: 0,
  doRowsWrittenBy: {},
  doRowsReadBy: {},
  setAlarms: 0,
  d1Queries: 0,
  d1RowsWritten: 0,
  d1RowsRead: 0,
  d1QueriesBy: {},
  d1RowsWrittenBy: {},
});

export const meter: Meter = zero();

/** Cursors not yet summed (with their kind of write): `rowsRead` grows while a cursor is read, so they are summed when asked. */
let cursors: { c: SqlStorageCursor<Record<string, SqlStorageValue>>; kind: string; read: string }[] = [];

/** A statement's kind of write: its verb and table ("insert turns"), or its first word. */
export function writeKind(query: string): string {
  const q = query.replace(/["`]/g, "").replace(/\s+/g, " ").trim().toLowerCase();
  const m =
    /^(insert) (?:or \w+ )?into (\w+)/.exec(q) ??
    /^(update) (\w+)/.exec(q) ??
    /^(delete) from (\w+)/.exec(q) ??
    /^(create) (?:unique )?(?:table|index)(?: if not exists)? (\w+)/.exec(q);
  return m ? `${m[1]} ${m[2]}` : (q.split(" ")[0] ?? "");
}

/** A statement's kind of read: a query's first table ("select deliveries"), else its kind of write. */
export function readKind(query: string): string {
  const q = query.replace(/["`]/g, "").replace(/\s+/g, " ").trim().toLowerCase();
  const m = /^select .*? from (\w+)/.exec(q);
  return m ? `select ${m[1]}` : writeKind(query);
}

const countBy = (kind: string, n: number, by = meter.doRowsWrittenBy) => {
  if (n) by[kind] = (by[kind] ?? 0) + n;
};

/** The meter now (open cursors summed in). */
export function readMeter(): Meter {
  for (const { c, kind, read } of cursors) {
    meter.doRowsWritten += c.rowsWritten;
    meter.doRowsRead += c.rowsRead;
    countBy(kind, c.rowsWritten);
    countBy(read, c.rowsRead, meter.doRowsReadBy);
  }
  cursors = [];
  return {
    ...meter,
    doRequests: { ...meter.doRequests },
    doRowsWrittenBy: { ...meter.doRowsWrittenBy },
    doRowsReadBy: { ...meter.doRowsReadBy },
    d1QueriesBy: { ...meter.d1QueriesBy },
    d1RowsWrittenBy: { ...meter.d1RowsWrittenBy },
  };
}

/** Time a piece of a Durable Object's work (a call, an alarm, a socket message). */
export async function timed<T>(work: () => Promise<T> | T): Promise<T> {
  const t0 = performance.now();
  try {
    return await work();
  } finally {
    meter.doMs += performance.now() - t0;
  }
}

/** A Durable Object's storage whose SQL statements, alarms and key-value writes are counted. */
export function meteredStorage(storage: DurableObjectStorage): DurableObjectStorage {
  const sql = new Proxy(storage.sql, {
    get(t, p) {
      if (p === "exec")
        return (query: string, ...bindings: unknown[]) => {
          const c = t.exec(query, ...(bindings as SqlStorageValue[]));
          cursors.push({ c, kind: writeKind(query), read: readKind(query) });
          return c;
        };
      const v = Reflect.get(t, p);
      return typeof v === "function" ? v.bind(t) : v;
    },
  });
  return new Proxy(storage, {
    get(t, p) {
      if (p === "sql") return sql;
      const v = Reflect.get(t, p);
      if (typeof v !== "function") return v;
      if (p === "setAlarm")
        return (...a: unknown[]) => {
          // Durable Objects pricing: each setAlarm() is billed as a row written.
          meter.setAlarms++;
          meter.doRowsWritten++;
          countBy("setAlarm", 1);
          return (v as (...x: unknown[]) => unknown).apply(t, a);
        };
      if (p === "put")
        return (k: unknown, ...a: unknown[]) => {
          // The bench's own per-game counts ("bench:…") are not the service's writes.
          if (!(typeof k === "string" && k.startsWith("bench:"))) {
            const n = typeof k === "object" && k ? Object.keys(k).length : 1;
            meter.doRowsWritten += n;
            countBy("put", n);
          }
          return (v as (...x: unknown[]) => unknown).apply(t, [k, ...a]);
        };
      return v.bind(t);
    },
  });
}

/** The object's state with its storage metered (see meteredStorage). */
export function meteredState(ctx: DurableObjectState): DurableObjectState {
  const storage = meteredStorage(ctx.storage);
  return new Proxy(ctx, {
    get(t, p) {
      if (p === "storage") return storage;
      const v = Reflect.get(t, p);
      return typeof v === "function" ? v.bind(t) : v;
    },
  });
}

function countD1(kind: string, r: { meta?: { rows_read?: number; rows_written?: number } } | undefined): void {
  const written = r?.meta?.rows_written ?? 0;
  meter.d1Queries++;
  meter.d1RowsRead += r?.meta?.rows_read ?? 0;
  meter.d1RowsWritten += written;
  countBy(kind, 1, meter.d1QueriesBy);
  countBy(kind, written, meter.d1RowsWrittenBy);
}

/** The statement behind each metered one (D1's batch takes only its own statements), and its kind. */
const unwrapped = new WeakMap<object, D1PreparedStatement>();
const own = (s: D1PreparedStatement) => unwrapped.get(s) ?? s;
const kinds = new WeakMap<object, string>();
const kindOf = (s: D1PreparedStatement) => kinds.get(s) ?? "other";

function meteredStatement(s: D1PreparedStatement, kind: string): D1PreparedStatement {
  const p = new Proxy(s, {
    get(t, p) {
      const v = Reflect.get(t, p);
      if (typeof v !== "function") return v;
      if (p === "bind")
        return (...a: unknown[]) => meteredStatement((v as (...x: unknown[]) => D1PreparedStatement).apply(t, a), kind);
      if (p === "all" || p === "run")
        return async (...a: unknown[]) => {
          const r = (await (v as (...x: unknown[]) => Promise<D1Result>).apply(t, a)) as D1Result;
          countD1(kind, r);
          return r;
        };
      if (p === "first")
        return async (col?: string) => {
          // first() gives no meta: the same query through all(), its first row (or column).
          const r = await t.all();
          countD1(kind, r);
          const row = (r.results[0] ?? null) as Record<string, unknown> | null;
          return col === undefined ? row : row === null ? null : row[col];
        };
      if (p === "raw")
        return async (opts?: { columnNames?: boolean }) => {
          // raw() gives no meta. A read runs once more through all() for its meta (reading twice
          // changes nothing; the figure counts it once); a write runs through all() only, its
          // rows turned back into arrays (RETURNING columns have distinct names).
          const r = await t.all();
          countD1(kind, r);
          if (/^\s*(select|with)\b/i.test((t as unknown as { statement?: string }).statement ?? ""))
            return (v as (o?: unknown) => Promise<unknown[]>).call(t, opts);
          const rows = (r.results as Record<string, unknown>[]).map((o) => Object.values(o));
          return opts?.columnNames ? [Object.keys(r.results[0] ?? {}), ...rows] : rows;
        };
      return v.bind(t);
    },
  });
  unwrapped.set(p, s);
  kinds.set(p, kind);
  return p;
}

/** A D1 binding whose every query is counted with its meta (rows read and written). */
export function meteredD1(db: D1Database): D1Database {
  return new Proxy(db, {
    get(t, p) {
      const v = Reflect.get(t, p);
      if (typeof v !== "function") return v;
      if (p === "prepare") return (q: string) => meteredStatement(t.prepare(q), readKind(q));
      if (p === "batch")
        return async (stmts: D1PreparedStatement[]) => {
          const rs = await t.batch(stmts.map(own));
          for (const [i, r] of rs.entries()) countD1(kindOf(stmts[i]), r);
          return rs;
        };
      if (p === "withSession")
        return (...a: unknown[]) => {
          const s = (v as (...x: unknown[]) => D1DatabaseSession).apply(t, a);
          return new Proxy(s, {
            get(ts, ps) {
              const vs = Reflect.get(ts, ps);
              if (ps === "prepare") return (q: string) => meteredStatement(ts.prepare(q), readKind(q));
              if (ps === "batch")
                return async (stmts: D1PreparedStatement[]) => {
                  const rs = await ts.batch(stmts.map(own));
                  for (const [i, r] of rs.entries()) countD1(kindOf(stmts[i]), r);
                  return rs;
                };
              return typeof vs === "function" ? vs.bind(ts) : vs;
            },
          });
        };
      return v.bind(t);
    },
  });
}

/** A Durable Object namespace whose stubs count every call (and time it) as a request of `kind`. */
export function meteredNamespace(ns: DurableObjectNamespace, kind: string): DurableObjectNamespace {
  const stub = (s: DurableObjectStub): DurableObjectStub =>
    new Proxy(s, {
      get(t, p) {
        const v = Reflect.get(t, p);
        if (typeof p !== "string" || p === "then" || p === "id" || p === "name") return v;
        return (...a: unknown[]) => {
          meter.doRequests[kind] = (meter.doRequests[kind] ?? 0) + 1;
          // Called on the stub itself: an RPC property has no `apply` of its own.
          return timed(() => (t as unknown as Record<string, (...x: unknown[]) => Promise<unknown>>)[p](...a));
        };
      },
    });
  return new Proxy(ns, {
    get(t, p) {
      const v = Reflect.get(t, p);
      if (typeof v !== "function") return v;
      if (p === "get" || p === "getByName")
        return (...a: unknown[]) => stub((v as (...x: unknown[]) => DurableObjectStub).apply(t, a));
      return v.bind(t);
    },
  });
}

/** The bindings with D1 and the Durable Object namespaces metered (bench runs only). */
export function meteredEnv<E extends { DB: D1Database; BENCH_ROUTES?: string }>(
  env: E,
  namespaces: Record<string, string>,
): E {
  if (env.BENCH_ROUTES !== "1") return env;
  const out: Record<string, unknown> = { ...env, DB: meteredD1(env.DB) };
  for (const [binding, kind] of Object.entries(namespaces))
    if (out[binding]) out[binding] = meteredNamespace(out[binding] as DurableObjectNamespace, kind);
  return out as E;
}
