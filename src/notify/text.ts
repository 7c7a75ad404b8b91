/**
 * What each notification says, written once for every chat format: a title, a few lines, labelled
 * fields and whom to ping. A `Markup` turns names, times and links into the target's syntax
 * (Discord markdown, Slack mrkdwn or plain text); every user-chosen string goes through the
 * markup's `text` or `title`, which escape it in one place (./escape.ts).
 */
import { MESSAGE_MAX } from "../contract/talk";
import type { MoonStage } from "../engine";
import { clip, userText, type TextPlace } from "./escape";
import type { Notification, NotifyPlayer } from "./types";

export { clip };

export interface Markup {
  /** User text (names, labels; a message, with a larger `max`) made inert in the lines and fields. */
  text(s: string, max?: number): string;
  /** User text made inert in the title (shown as plain text by some targets, as markdown by others). */
  title(s: string): string;
  bold(escaped: string): string;
  /** A moment, relative ("in 3 hours") where the target can show it so. */
  relative(ms: number): string;
  /** A moment, as a date and time. */
  absolute(ms: number): string;
  link(url: string, escapedLabel: string): string;
  /** Literal text shown as code (a redacted URL). */
  code(s: string): string;
  /** A player as a ping when the target can ping them, else their name in bold. */
  who(p: NotifyPlayer): string;
}

export interface Field {
  name: string;
  value: string;
  inline: boolean;
}

export interface Rendered {
  /** The title, user text in it escaped with the markup's `title`. */
  title: string;
  /** Lines in the target's markup. */
  lines: string[];
  fields: Field[];
  /** Players this message pings (where the target supports pings). */
  pings: NotifyPlayer[];
  /** An accent colour (RGB). */
  color: number;
}

const GREEN = 0x3f9b4f;
const AMBER = 0xd99a1e;
const RED = 0xc0392b;
const BLUE = 0x2f6fb5;
const GREY = 0x7f8c8d;

/** The game as a footer names it ("Photosynthesis: Ann, Ben and Cy"), names escaped for `place`. */
export function gameTitle(n: Notification, place: TextPlace): string {
  const names = n.game.players.map((p) => userText(p.name, place) || "Someone");
  const list = names.length <= 1 ? names.join("") : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
  return list ? `Photosynthesis: ${list}` : "Photosynthesis";
}

function roundText(n: Notification): string {
  if (n.game.phase === "setup") return "Setup";
  if (n.game.phase === "lobby") return "Lobby";
  return `${n.game.round} / ${n.game.totalRounds}`;
}

const player = (n: Notification, seat: number | null | undefined): NotifyPlayer | null =>
  seat === null || seat === undefined ? null : (n.game.players.find((p) => p.seat === seat) ?? null);

function duration(ms: number): string {
  const minutes = Math.max(1, Math.round(ms / 60_000));
  if (minutes < 90) return `${minutes} minute${minutes === 1 ? "" : "s"}`;
  const hours = Math.round(minutes / 60);
  if (hours < 48) return `${hours} hour${hours === 1 ? "" : "s"}`;
  const days = Math.round(hours / 24);
  return `${days} day${days === 1 ? "" : "s"}`;
}

/** What the seat to act does in setup (Under the Moonlight: the expansion's step first). */
function setupTask(stage: MoonStage | null | undefined): string {
  switch (stage) {
    case "choose":
      return "choose your animal: keep one of the two animal boards you were dealt (nobody sees your choice until everyone has chosen)";
    case "animals":
      return "place your animal on a free 3-leaf cell";
    case "greatTree":
      return "place the Great Tree on a free cell";
    case "moonstones":
      return "place a moonstone on a free cell";
    default:
      return "place a small tree on the edge of the board";
  }
}

/** What the service played for a player whose time ran out (never which animal it chose). */
function autoText(a: NonNullable<Notification["autoAction"]>, m: Markup): string {
  switch (a.type) {
    case "place":
      return `a small tree was placed for them${a.cell ? ` on ${m.text(a.cell)}` : ""}`;
    case "chooseAnimal":
      return "an animal was chosen for them";
    case "placeAnimal":
      return "their animal was placed for them";
    case "placeGreatTree":
      return "the Great Tree was placed for them";
    case "placeMoonstone":
      return "a moonstone was placed for them";
    default:
      return "their turn was ended for them";
  }
}

function ordinal(rank: number): string {
  return `${rank}${rank % 10 === 1 && rank % 100 !== 11 ? "st" : rank % 10 === 2 && rank % 100 !== 12 ? "nd" : rank % 10 === 3 && rank % 100 !== 13 ? "rd" : "th"}`;
}

/**
 * What one notification's writer (below, one per type) fills in: its lines, fields and pings, with
 * the helpers they share. A writer answers with the title and, unless green, the colour.
 */
interface Writing {
  n: Notification;
  m: Markup;
  /** The player the notification is about (its seat, or a name given without one). */
  subject: NotifyPlayer | null;
  lines: string[];
  fields: Field[];
  pings: NotifyPlayer[];
}
type Writer = (w: Writing) => { title: string; color?: number };

/** A name for a title ("Someone" when it is empty once made inert). */
const titled = (w: Writing, name: string) => w.m.title(name) || "Someone";
/** A player's name in bold, for the lines. */
const nameOf = (w: Writing, p: NotifyPlayer | null) => (p ? w.m.bold(w.m.text(p.name) || "Someone") : "someone");
/** The subject as a ping, or "Someone". */
const whoOf = (w: Writing) => (w.subject ? w.m.who(w.subject) : "Someone");
const deadlineLine = (w: Writing, deadline: number | null | undefined) =>
  deadline ? `The turn ends by itself ${w.m.relative(deadline)} (${w.m.absolute(deadline)}).` : null;
const pushDeadline = (w: Writing, deadline: number | null | undefined) => {
  const dl = deadlineLine(w, deadline);
  if (dl) w.lines.push(dl);
};
const roundField = (w: Writing) => w.fields.push({ name: "Round", value: roundText(w.n), inline: true });
const deadlineField = (w: Writing) => {
  if (w.n.deadline) w.fields.push({ name: "Deadline", value: w.m.relative(w.n.deadline), inline: true });
};
/** Who plays next, pinged. */
const nextUp = (w: Writing) => {
  const next = w.n.next ? player(w.n, w.n.next.seat) : null;
  if (!next) return;
  w.pings.push(next);
  const deadline = w.n.next?.deadline;
  w.lines.push(`Next to play: ${w.m.who(next)}${deadline ? `, deadline ${w.m.relative(deadline)}` : ""}.`);
};

const gameStarted: Writer = (w) => {
  const { n, m } = w;
  const first = player(n, n.next?.seat ?? n.seat);
  w.lines.push(`${n.game.players.map((p) => nameOf(w, p)).join(", ")} are playing (${n.game.totalRounds} rounds).`);
  if (first) {
    w.pings.push(first);
    w.lines.push(
      n.game.moon?.stage === "choose"
        ? `${m.who(first)} chooses an animal first (Under the Moonlight).`
        : `${m.who(first)} places the first tree.`,
    );
  }
  pushDeadline(w, n.next?.deadline ?? n.deadline);
  w.fields.push({ name: "Players", value: String(n.game.players.length), inline: true });
  w.fields.push({ name: "Rounds", value: String(n.game.totalRounds), inline: true });
  return { title: "The game has started" };
};

const turnStarted: Writer = (w) => {
  const { n, subject } = w;
  if (subject) w.pings.push(subject);
  w.lines.push(
    n.game.phase === "setup"
      ? `${whoOf(w)}, it is your turn to ${setupTask(n.game.moon?.stage)}.`
      : `${whoOf(w)}, it is your turn in round ${n.game.round} of ${n.game.totalRounds}.`,
  );
  const moon = n.game.moon;
  if (moon && n.game.phase === "play") {
    if (moon.full) w.lines.push(`The moon is full this round${moon.nextFull ? " and next round" : ""}.`);
    else if (moon.nextFull) w.lines.push("The moon is full next round: animals in moonlight will gain 2 moon points.");
  }
  pushDeadline(w, n.deadline);
  roundField(w);
  deadlineField(w);
  const own =
    moon && n.game.phase === "play" && subject ? moon.players.find((p) => p.seat === subject.seat) : undefined;
  if (own) w.fields.push({ name: "Moon points", value: String(own.points), inline: true });
  return { title: subject ? `Your turn, ${titled(w, subject.name)}` : "Your turn" };
};

const turnReminder: Writer = (w) => {
  const { n, subject } = w;
  if (subject) w.pings.push(subject);
  const left = n.remainingMs !== undefined ? duration(n.remainingMs) : "little time";
  w.lines.push(`${whoOf(w)}, you have ${left} left for your move.`);
  pushDeadline(w, n.deadline);
  roundField(w);
  deadlineField(w);
  return {
    title: subject ? `Reminder: ${titled(w, subject.name)} to play` : "Reminder",
    color: (n.fraction ?? 1) <= 0.1 ? RED : AMBER,
  };
};

const turnTimeout: Writer = (w) => {
  const { n, subject } = w;
  if (n.resigned) {
    w.lines.push(
      `${nameOf(w, subject)} ran out of time${n.strikes ? ` ${n.strikes} times in a row` : ""} and has been resigned; the game goes on without them.`,
    );
  } else {
    const what = autoText(n.autoAction ?? { type: "endTurn" }, w.m);
    w.lines.push(`${nameOf(w, subject)} did not move in time: ${what}.`);
    if (n.maxTimeouts && n.strikes)
      w.lines.push(`Timeouts in a row: ${n.strikes} of ${n.maxTimeouts} (at ${n.maxTimeouts} the seat is resigned).`);
  }
  nextUp(w);
  roundField(w);
  return { title: subject ? `Time ran out for ${titled(w, subject.name)}` : "Time ran out", color: RED };
};

const playerJoined: Writer = (w) => {
  const { n, subject } = w;
  w.lines.push(`${nameOf(w, subject)} took a seat: ${n.game.players.length} of ${n.game.seats} seats are taken.`);
  return { title: subject ? `${titled(w, subject.name)} joined the game` : "A player joined", color: BLUE };
};

const playerLeft: Writer = (w) => {
  const { n, subject } = w;
  w.lines.push(
    `${nameOf(w, subject)} left before the start: ${n.game.players.length} of ${n.game.seats} seats are taken.`,
  );
  return { title: subject ? `${titled(w, subject.name)} left the game` : "A player left", color: GREY };
};

const playerResigned: Writer = (w) => {
  const { subject } = w;
  w.lines.push(`${nameOf(w, subject)} resigned; the game goes on for the others.`);
  nextUp(w);
  roundField(w);
  return { title: subject ? `${titled(w, subject.name)} resigned` : "A player resigned", color: GREY };
};

const playerAway: Writer = (w) => {
  const { n, m, subject } = w;
  if (n.until) {
    w.lines.push(`${nameOf(w, subject)} is away until ${m.absolute(n.until)}; their clock is paused meanwhile.`);
    return { title: subject ? `${titled(w, subject.name)} is away` : "A player is away", color: BLUE };
  }
  w.lines.push(
    n.deadline
      ? `${nameOf(w, subject)} is back: their clock runs again, the turn ends by itself ${m.relative(n.deadline)}.`
      : `${nameOf(w, subject)} is back.`,
  );
  return { title: subject ? `${titled(w, subject.name)} is back` : "A player is back", color: BLUE };
};

const gameEnded: Writer = (w) => {
  const { n, m } = w;
  const scores = [...(n.scores ?? [])].sort((a, b) => a.rank - b.rank || a.seat - b.seat);
  const winners = (n.winners ?? []).map((s) => player(n, s)).filter((p): p is NotifyPlayer => !!p);
  if (winners.length === 1)
    w.lines.push(
      `${nameOf(w, winners[0])} wins with ${scores.find((s) => s.seat === winners[0].seat)?.total ?? 0} points.`,
    );
  else if (winners.length > 1) w.lines.push(`${winners.map((p) => nameOf(w, p)).join(" and ")} share the win.`);
  for (const s of scores.slice(0, 20)) {
    const p = player(n, s.seat);
    w.fields.push({
      name: `${ordinal(s.rank)}${s.resigned ? " (resigned)" : ""}: ${p ? m.text(p.name) || "Someone" : `Seat ${s.seat + 1}`}`,
      value:
        s.moon === undefined
          ? `${s.total} points (${s.tokens} from tokens, ${s.light} from light)`
          : `${s.total} points (${s.tokens} from tokens, ${s.light} from light, ${s.moon} from moon points${s.babies ? `, ${s.babies} from a baby turtle` : ""})`,
      inline: false,
    });
  }
  return { title: "Game over" };
};

// Personal targets only (the link carries the new game's invite).
const gameRematch: Writer = (w) => {
  const { n, m, subject } = w;
  w.lines.push(`${nameOf(w, subject)} asked to play again: the same options and seats, bots included.`);
  if (n.rematch) w.lines.push(m.link(n.rematch.url, "Join the new game"));
  return { title: subject ? `${titled(w, subject.name)} wants a rematch` : "A rematch" };
};

// Table talk: only the players' personal targets get it (never a game's channel).
const messageWritten: Writer = (w) => {
  const { n, m, subject } = w;
  w.lines.push(`${nameOf(w, subject)} wrote:`);
  w.lines.push(m.text(n.message?.text ?? "", MESSAGE_MAX) || "…");
  return {
    title: subject ? `${titled(w, subject.name)} wrote in your game` : "A new message in your game",
    color: BLUE,
  };
};

const webhookDisabled: Writer = (w) => {
  const { m } = w;
  const hook = w.n.webhook;
  w.lines.push(
    `The ${hook?.kind ?? ""} webhook ${hook?.label ? `${m.bold(m.text(hook.label))} ` : ""}(${m.code(hook?.redactedUrl ?? "?")}) ` +
      (hook?.refused
        ? `points at an address Canopy does not send to (${m.text(hook.reason)}), so Canopy stopped sending to it.`
        : `answered ${m.text(hook?.reason ?? "with errors")} repeatedly, so Canopy stopped sending to it.`),
  );
  w.lines.push(
    hook?.scope === "player"
      ? "Fix it and switch it on again in your profile."
      : "Fix it and switch it on again in the game's settings.",
  );
  return { title: "A notification webhook was switched off", color: RED };
};

const webhookTest: Writer = (w) => {
  w.lines.push("This webhook works: Canopy will post turn notifications here.");
  return { title: "Test notification", color: BLUE };
};

/** One writer per notification type. */
const WRITERS: Record<Notification["type"], Writer> = {
  "game.started": gameStarted,
  "turn.started": turnStarted,
  "turn.reminder": turnReminder,
  "turn.timeout": turnTimeout,
  "player.joined": playerJoined,
  "player.left": playerLeft,
  "player.resigned": playerResigned,
  "player.away": playerAway,
  "game.ended": gameEnded,
  "game.rematch": gameRematch,
  "message.written": messageWritten,
  "webhook.disabled": webhookDisabled,
  "webhook.test": webhookTest,
};

/** The message for one notification, in the given markup. */
export function render(n: Notification, m: Markup): Rendered {
  const subject =
    player(n, n.seat) ?? (n.subjectName ? { seat: -1, id: "", name: n.subjectName, resigned: false } : null);
  const w: Writing = { n, m, subject, lines: [], fields: [], pings: [] };
  const { title, color = GREEN } = WRITERS[n.type](w);
  return { title: clip(title, 200), lines: w.lines, fields: w.fields, pings: dedupe(w.pings), color };
}

function dedupe(ps: NotifyPlayer[]): NotifyPlayer[] {
  const seen = new Set<string>();
  return ps.filter((p) => {
    if (seen.has(p.id)) return false;
    seen.add(p.id);
    return true;
  });
}

/** Plain text, for fallbacks and logs. */
export const plainMarkup: Markup = {
  text: (s, max) => userText(s, "plain", max),
  title: (s) => userText(s, "plain"),
  bold: (s) => s,
  relative: (ms) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, "Z"),
  absolute: (ms) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, "Z"),
  link: (url, label) => `${label} (${url})`,
  code: (s) => s,
  who: (p) => userText(p.name, "plain"),
};
