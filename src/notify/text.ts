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

/** The message for one notification, in the given markup. */
export function render(n: Notification, m: Markup): Rendered {
  const subject =
    player(n, n.seat) ?? (n.subjectName ? { seat: -1, id: "", name: n.subjectName, resigned: false } : null);
  const titled = (name: string) => m.title(name) || "Someone";
  const name = (p: NotifyPlayer | null) => (p ? m.bold(m.text(p.name) || "Someone") : "someone");
  const fields: Field[] = [];
  const lines: string[] = [];
  const pings: NotifyPlayer[] = [];
  const deadlineLine = (deadline: number | null | undefined) =>
    deadline ? `The turn ends by itself ${m.relative(deadline)} (${m.absolute(deadline)}).` : null;
  const roundField = () => fields.push({ name: "Round", value: roundText(n), inline: true });
  const nextUp = () => {
    const next = n.next ? player(n, n.next.seat) : null;
    if (!next) return;
    pings.push(next);
    lines.push(`Next to play: ${m.who(next)}${n.next?.deadline ? `, ${deadlineShort(n.next.deadline)}` : ""}.`);
  };
  const deadlineShort = (t: number) => `deadline ${m.relative(t)}`;
  let title: string;
  let color = GREEN;

  switch (n.type) {
    case "game.started": {
      title = "The game has started";
      const first = player(n, n.next?.seat ?? n.seat);
      lines.push(`${n.game.players.map((p) => name(p)).join(", ")} are playing (${n.game.totalRounds} rounds).`);
      if (first) {
        pings.push(first);
        lines.push(
          n.game.moon?.stage === "choose"
            ? `${m.who(first)} chooses an animal first (Under the Moonlight).`
            : `${m.who(first)} places the first tree.`,
        );
      }
      const dl = deadlineLine(n.next?.deadline ?? n.deadline);
      if (dl) lines.push(dl);
      fields.push({ name: "Players", value: String(n.game.players.length), inline: true });
      fields.push({ name: "Rounds", value: String(n.game.totalRounds), inline: true });
      break;
    }
    case "turn.started": {
      title = subject ? `Your turn, ${titled(subject.name)}` : "Your turn";
      if (subject) pings.push(subject);
      lines.push(
        n.game.phase === "setup"
          ? `${subject ? m.who(subject) : "Someone"}, it is your turn to ${setupTask(n.game.moon?.stage)}.`
          : `${subject ? m.who(subject) : "Someone"}, it is your turn in round ${n.game.round} of ${n.game.totalRounds}.`,
      );
      const moon = n.game.moon;
      if (moon && n.game.phase === "play") {
        if (moon.full) lines.push(`The moon is full this round${moon.nextFull ? " and next round" : ""}.`);
        else if (moon.nextFull)
          lines.push("The moon is full next round: animals in moonlight will gain 2 moon points.");
      }
      const dl = deadlineLine(n.deadline);
      if (dl) lines.push(dl);
      roundField();
      if (n.deadline) fields.push({ name: "Deadline", value: m.relative(n.deadline), inline: true });
      const own =
        moon && n.game.phase === "play" && subject ? moon.players.find((p) => p.seat === subject.seat) : undefined;
      if (own) fields.push({ name: "Moon points", value: String(own.points), inline: true });
      break;
    }
    case "turn.reminder": {
      title = subject ? `Reminder: ${titled(subject.name)} to play` : "Reminder";
      color = (n.fraction ?? 1) <= 0.1 ? RED : AMBER;
      if (subject) pings.push(subject);
      const left = n.remainingMs !== undefined ? duration(n.remainingMs) : "little time";
      lines.push(`${subject ? m.who(subject) : "Someone"}, you have ${left} left for your move.`);
      const dl = deadlineLine(n.deadline);
      if (dl) lines.push(dl);
      roundField();
      if (n.deadline) fields.push({ name: "Deadline", value: m.relative(n.deadline), inline: true });
      break;
    }
    case "turn.timeout": {
      title = subject ? `Time ran out for ${titled(subject.name)}` : "Time ran out";
      color = RED;
      if (n.resigned) {
        lines.push(
          `${name(subject)} ran out of time${n.strikes ? ` ${n.strikes} times in a row` : ""} and has been resigned; the game goes on without them.`,
        );
      } else {
        const what = autoText(n.autoAction ?? { type: "endTurn" }, m);
        lines.push(`${name(subject)} did not move in time: ${what}.`);
        if (n.maxTimeouts && n.strikes)
          lines.push(`Timeouts in a row: ${n.strikes} of ${n.maxTimeouts} (at ${n.maxTimeouts} the seat is resigned).`);
      }
      nextUp();
      roundField();
      break;
    }
    case "player.joined": {
      title = subject ? `${titled(subject.name)} joined the game` : "A player joined";
      color = BLUE;
      lines.push(`${name(subject)} took a seat: ${n.game.players.length} of ${n.game.seats} seats are taken.`);
      break;
    }
    case "player.left": {
      title = subject ? `${titled(subject.name)} left the game` : "A player left";
      color = GREY;
      lines.push(
        `${name(subject)} left before the start: ${n.game.players.length} of ${n.game.seats} seats are taken.`,
      );
      break;
    }
    case "player.resigned": {
      title = subject ? `${titled(subject.name)} resigned` : "A player resigned";
      color = GREY;
      lines.push(`${name(subject)} resigned; the game goes on for the others.`);
      nextUp();
      roundField();
      break;
    }
    case "player.away": {
      color = BLUE;
      if (n.until) {
        title = subject ? `${titled(subject.name)} is away` : "A player is away";
        lines.push(`${name(subject)} is away until ${m.absolute(n.until)}; their clock is paused meanwhile.`);
      } else {
        title = subject ? `${titled(subject.name)} is back` : "A player is back";
        lines.push(
          n.deadline
            ? `${name(subject)} is back: their clock runs again, the turn ends by itself ${m.relative(n.deadline)}.`
            : `${name(subject)} is back.`,
        );
      }
      break;
    }
    case "game.ended": {
      title = "Game over";
      const scores = [...(n.scores ?? [])].sort((a, b) => a.rank - b.rank || a.seat - b.seat);
      const winners = (n.winners ?? []).map((s) => player(n, s)).filter((p): p is NotifyPlayer => !!p);
      if (winners.length === 1)
        lines.push(
          `${name(winners[0])} wins with ${scores.find((s) => s.seat === winners[0].seat)?.total ?? 0} points.`,
        );
      else if (winners.length > 1) lines.push(`${winners.map(name).join(" and ")} share the win.`);
      for (const s of scores.slice(0, 20)) {
        const p = player(n, s.seat);
        fields.push({
          name: `${ordinal(s.rank)}${s.resigned ? " (resigned)" : ""}: ${p ? m.text(p.name) || "Someone" : `Seat ${s.seat + 1}`}`,
          value:
            s.moon === undefined
              ? `${s.total} points (${s.tokens} from tokens, ${s.light} from light)`
              : `${s.total} points (${s.tokens} from tokens, ${s.light} from light, ${s.moon} from moon points${s.babies ? `, ${s.babies} from a baby turtle` : ""})`,
          inline: false,
        });
      }
      break;
    }
    case "message.written": {
      // Table talk: only the players' personal targets get it (never a game's channel).
      title = subject ? `${titled(subject.name)} wrote in your game` : "A new message in your game";
      color = BLUE;
      lines.push(`${name(subject)} wrote:`);
      lines.push(m.text(n.message?.text ?? "", MESSAGE_MAX) || "…");
      break;
    }
    case "webhook.disabled": {
      const w = n.webhook;
      title = "A notification webhook was switched off";
      color = RED;
      lines.push(
        `The ${w?.kind ?? ""} webhook ${w?.label ? `${m.bold(m.text(w.label))} ` : ""}(${m.code(w?.redactedUrl ?? "?")}) ` +
          (w?.refused
            ? `points at an address Canopy does not send to (${m.text(w.reason)}), so Canopy stopped sending to it.`
            : `answered ${m.text(w?.reason ?? "with errors")} repeatedly, so Canopy stopped sending to it.`),
      );
      lines.push(
        w?.scope === "player"
          ? "Fix it and switch it on again in your profile."
          : "Fix it and switch it on again in the game's settings.",
      );
      break;
    }
    case "webhook.test": {
      title = "Test notification";
      color = BLUE;
      lines.push("This webhook works: Canopy will post turn notifications here.");
      break;
    }
  }
  return { title: clip(title, 200), lines, fields, pings: dedupe(pings), color };
}

function dedupe(ps: NotifyPlayer[]): NotifyPlayer[] {
  const seen = new Set<string>();
  return ps.filter((p) => (seen.has(p.id) ? false : (seen.add(p.id), true)));
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
