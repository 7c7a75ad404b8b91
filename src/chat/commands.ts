/**
 * The `/photosynthesis` command, once for both platforms: its subcommands and options, how a Slack
 * command line is read into the same options Discord sends typed, and the checks both go through
 * (a bad option is an answer, never a game).
 */

export const COMMAND = "photosynthesis";

/** Time per move offered by `clock`: none, or 1 hour to 14 days (the API's own range). */
export const CLOCKS = {
  none: null,
  "1h": 3600,
  "12h": 12 * 3600,
  "1d": 24 * 3600,
  "3d": 3 * 24 * 3600,
  "7d": 7 * 24 * 3600,
  "14d": 14 * 24 * 3600,
} as const satisfies Record<string, number | null>;
export type ClockName = keyof typeof CLOCKS;

export interface NewOptions {
  players: number;
  moonlight: boolean;
  bots: number;
  clock: ClockName;
}

export const NEW_DEFAULTS: NewOptions = { players: 4, moonlight: false, bots: 0, clock: "none" };

export type Command =
  | { name: "new"; options: NewOptions }
  | { name: "games" }
  | { name: "link"; code: string | null }
  | { name: "unlink" }
  | { name: "help" };

export type Parsed = { ok: true; command: Command } | { ok: false; message: string };

export const USAGE = [
  "`/photosynthesis new [players] [moonlight] [bots] [clock]`: a game in this channel",
  "`/photosynthesis games`: this channel's games and your turns",
  "`/photosynthesis link [code]`: link your account to a Canopy profile (a code from Canopy's Add a device links to that profile)",
  "`/photosynthesis unlink`: undo the link",
].join("\n");

export const SLACK_USAGE = USAGE.replace(
  "[players] [moonlight] [bots] [clock]",
  "[players=2-4] [moonlight] [bots=0-3] [clock=none|1h|12h|1d|3d|7d|14d]",
);

/** The options of `new`, whichever platform they came from, checked together. */
export function checkNew(raw: Partial<Record<keyof NewOptions, unknown>>): Parsed {
  const o = { ...NEW_DEFAULTS };
  if (raw.players !== undefined) {
    if (!Number.isInteger(raw.players) || (raw.players as number) < 2 || (raw.players as number) > 4)
      return { ok: false, message: "`players` is 2, 3 or 4." };
    o.players = raw.players as number;
  }
  if (raw.moonlight !== undefined) {
    if (typeof raw.moonlight !== "boolean") return { ok: false, message: "`moonlight` is true or false." };
    o.moonlight = raw.moonlight;
  }
  if (raw.bots !== undefined) {
    if (!Number.isInteger(raw.bots) || (raw.bots as number) < 0 || (raw.bots as number) > 3)
      return { ok: false, message: "`bots` is 0 to 3." };
    o.bots = raw.bots as number;
  }
  if (raw.clock !== undefined) {
    if (typeof raw.clock !== "string" || !Object.hasOwn(CLOCKS, raw.clock))
      return { ok: false, message: `\`clock\` is one of ${Object.keys(CLOCKS).join(", ")}.` };
    o.clock = raw.clock as ClockName;
  }
  if (o.bots > o.players - 1)
    return {
      ok: false,
      message: `A game of ${o.players} has ${o.players - 1} seat${o.players === 2 ? "" : "s"} besides yours for bots.`,
    };
  return { ok: true, command: { name: "new", options: o } };
}

/**
 * A Slack command line: `new players=3 moonlight bots=1 clock=1d`, `games`, `link 7KQ2-M9XD`,
 * `unlink`, or nothing / `help`. Anything it does not know is refused with the usage.
 */
export function parseSlackText(text: string): Parsed {
  const words = text.trim().split(/\s+/).filter(Boolean);
  const [sub, ...rest] = words.map((w) => w.toLowerCase());
  const unknown = (what: string): Parsed => ({ ok: false, message: `${what}\n${SLACK_USAGE}` });
  if (!sub || sub === "help")
    return rest.length ? unknown("`help` takes nothing after it.") : { ok: true, command: { name: "help" } };
  if (sub === "games" || sub === "unlink")
    return rest.length ? unknown(`\`${sub}\` takes nothing after it.`) : { ok: true, command: { name: sub } };
  if (sub === "link") {
    if (rest.length > 1) return unknown("`link` takes at most a code.");
    return { ok: true, command: { name: "link", code: words[1] ?? null } };
  }
  if (sub !== "new") return unknown(`There is no \`${clipWord(words[0])}\` command.`);
  const raw: Partial<Record<keyof NewOptions, unknown>> = {};
  for (const w of rest) {
    const m = /^([a-z]+)(?:=(.*))?$/.exec(w);
    const key = m?.[1];
    const value = m?.[2];
    if (key && Object.hasOwn(raw, key)) return unknown(`\`${key}\` was given twice.`);
    if (key === "moonlight" && (value === undefined || value === "true" || value === "yes")) raw.moonlight = true;
    else if (key === "moonlight" && (value === "false" || value === "no")) raw.moonlight = false;
    else if ((key === "players" || key === "bots") && value !== undefined && /^\d{1,2}$/.test(value))
      raw[key] = Number(value);
    else if (key === "clock" && value !== undefined) raw.clock = value;
    else return unknown(`\`${clipWord(w)}\` is not an option of \`new\`.`);
  }
  return checkNew(raw);
}

/** A word a person typed, shortened and stripped of what could format or mention in an answer. */
function clipWord(w: string): string {
  return w.replace(/[^a-z0-9=_.-]/gi, "").slice(0, 30) || "?";
}
