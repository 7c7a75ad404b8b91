/**
 * The open tables (/tables, issue 16): waiting games anyone signed in joins with one click, with
 * their settings and free seats, filtered by players, game, rating and time per move. A chunk of its
 * own (app.tsx), loaded when the page is opened; the list is the API's (GET /api/tables, from D1).
 */
import { useEffect, useState } from "preact/hooks";
import type { Answer } from "../../../src/contract/api";
import { auth, request } from "../api";
import { errorText } from "../errors";
import { lang, t } from "../i18n";
import { Link, navigate } from "../nav";
import { durationText } from "../time";
import { setTitle } from "../title";
import type { Identity } from "../types";
import { TABLE_TEXT } from "./i18n";
import { SeatName } from "../ui/seat-name";

type Table = Answer<"/api/tables", "get">["tables"][number];
type Choice = "any" | "true" | "false";

/** The times per move the new-game form offers (home.tsx), as filter choices. */
const MOVE_TIMES = [3600, 6 * 3600, 12 * 3600, 86400, 2 * 86400, 3 * 86400, 7 * 86400, 14 * 86400];

interface Filters {
  seats: string;
  moonlight: Choice;
  rated: Choice;
  moveTime: string;
}

function query(f: Filters) {
  return {
    ...(f.seats !== "any" ? { seats: Number(f.seats) } : {}),
    ...(f.moonlight !== "any" ? { moonlight: f.moonlight } : {}),
    ...(f.rated !== "any" ? { rated: f.rated } : {}),
    ...(f.moveTime !== "any" ? { moveTime: f.moveTime === "none" ? ("none" as const) : Number(f.moveTime) } : {}),
  };
}

/** The open tables' state and actions: the filters, the tables they list (asked again on each change), joining one. */
function useTables() {
  const [f, setF] = useState<Filters>({ seats: "any", moonlight: "any", rated: "any", moveTime: "any" });
  const [tables, setTables] = useState<Table[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [round, setRound] = useState(0);
  useEffect(() => {
    let live = true;
    setError(null);
    request("get", "/api/tables", { params: { query: query(f) } }).then(
      (r) => live && setTables(r.tables),
      (e) => live && setError(errorText(e)),
    );
    return () => {
      live = false;
    };
  }, [f.seats, f.moonlight, f.rated, f.moveTime, round]);

  const join = async (id: string) => {
    setBusy(id);
    setError(null);
    try {
      await request("post", "/api/tables/{id}/join", { params: { path: { id } }, headers: auth() });
      navigate(`/g/${id}`);
    } catch (e) {
      setError(errorText(e));
      setBusy(null);
      setRound((n) => n + 1);
    }
  };
  const pick =
    <K extends keyof Filters>(k: K) =>
    (e: Event) =>
      setF({ ...f, [k]: (e.target as HTMLSelectElement).value });
  return { f, tables, error, busy, join, pick };
}

export function TablesPage(p: { identity: Identity | null }) {
  const s = TABLE_TEXT[lang];
  useEffect(() => setTitle(s.title), []);
  const { f, tables, error, busy, join, pick } = useTables();
  return (
    <div class="tables">
      <section class="card" aria-labelledby="tables-h">
        <h1 id="tables-h">{s.title}</h1>
        <p class="muted">{s.intro}</p>
        {!p.identity && (
          <p>
            <Link href="/">{s.signIn}</Link>
          </p>
        )}
        <TableFilters f={f} pick={pick} />
        {error && (
          <p class="error" role="alert">
            {error}
          </p>
        )}
      </section>
      {tables === null ? (
        !error && <p class="card center muted">{t.loading}</p>
      ) : tables.length === 0 ? (
        <p class="card muted">{s.empty}</p>
      ) : (
        <ul class="plain table-list" aria-labelledby="tables-h">
          {tables.map((x) => (
            <TableCard key={x.id} table={x} me={p.identity?.id ?? null} busy={busy} join={join} />
          ))}
        </ul>
      )}
    </div>
  );
}

/** The filters: players, game (base or Under the Moonlight), rated or friendly, time per move. */
function TableFilters({ f, pick }: { f: Filters; pick: <K extends keyof Filters>(k: K) => (e: Event) => void }) {
  const s = TABLE_TEXT[lang];
  return (
    <fieldset class="deadlines filters">
      <legend>{s.filters}</legend>
      <label>
        <span>{t.playersLabel}</span>
        <select name="seats" value={f.seats} onChange={pick("seats")}>
          <option value="any">{s.any}</option>
          {[2, 3, 4].map((n) => (
            <option value={String(n)} key={n}>
              {n}
            </option>
          ))}
        </select>
      </label>
      <label>
        <span>{s.game}</span>
        <select name="moonlight" value={f.moonlight} onChange={pick("moonlight")}>
          <option value="any">{s.any}</option>
          <option value="false">{s.base}</option>
          <option value="true">{s.moonlight}</option>
        </select>
      </label>
      <label>
        <span>{s.rating}</span>
        <select name="rated" value={f.rated} onChange={pick("rated")}>
          <option value="any">{s.any}</option>
          <option value="true">{s.rated}</option>
          <option value="false">{s.friendly}</option>
        </select>
      </label>
      <label>
        <span>{t.moveTime}</span>
        <select name="moveTime" value={f.moveTime} onChange={pick("moveTime")}>
          <option value="any">{s.any}</option>
          <option value="none">{t.moveTimeNone}</option>
          {MOVE_TIMES.map((m) => (
            <option value={String(m)} key={m}>
              {durationText(m)}
            </option>
          ))}
        </select>
      </label>
    </fieldset>
  );
}

function TableCard(p: { table: Table; me: string | null; busy: string | null; join: (id: string) => void }) {
  const s = TABLE_TEXT[lang];
  const x = p.table;
  const o = x.options;
  const seated = x.players.some((pl) => pl.id === p.me);
  const settings = [
    s.of(x.seats),
    o.moonlight ? s.moonlight : s.base,
    o.moonlight?.greatTree ? "A" : null,
    o.moonlight?.moonstones ? "B" : null,
    o.rated ? s.rated : s.friendly,
    o.moveTimeSeconds === null ? t.moveTimeNone : s.perMove(durationText(o.moveTimeSeconds)),
    o.longGame ? t.longGame : null,
    o.heavyShade ? t.heavyShade : null,
    x.practice ? s.practice : null,
  ].filter((v): v is string => v !== null);
  return (
    <li class="card table" data-table={x.id}>
      <h2>
        <Link href={`/p/${x.creator.id}`}>{x.creator.name}</Link> <span class="badge">{s.free(x.free)}</span>
      </h2>
      <p class="muted">{settings.join(" · ")}</p>
      <p>
        {t.playersLabel}:{" "}
        {x.players.map((pl, i) => (
          <span key={pl.seat}>
            {i > 0 && ", "}
            <SeatName id={pl.id} name={pl.name} lang={lang} link />
          </span>
        ))}
      </p>
      <p class="muted">{s.until(new Date(x.expiresAt).toLocaleDateString(lang))}</p>
      {seated ? (
        <Link href={`/g/${x.id}`}>{s.yours}</Link>
      ) : p.me ? (
        <button type="button" class="primary" disabled={p.busy !== null} onClick={() => p.join(x.id)}>
          {s.join}
        </button>
      ) : (
        <Link href={`/g/${x.id}`}>{s.open}</Link>
      )}
    </li>
  );
}
