/**
 * A seat's name as pages show it: a person's as it is (a link to their page when asked), a bot's
 * own name with its level as a badge — "Linnaeus" and [Bot ★★] — that screen readers read as "Bot,
 * medium level" (★ alone reads as "black star"). The level's stars end a bot's stored name
 * ("Linnaeus ★★", contract botName: notifications and pictures show it so); the badge replaces them.
 */
import { BOT_LEVELS, BOT_STARS, type BotLevel } from "../../../src/contract/views";
import { Link } from "../nav";
import { BOT_TEXT } from "./bot-text";

export function SeatName(p: { id: string; name: string; bot?: BotLevel | null; lang: string; link?: boolean }) {
  const level = p.bot ?? botLevelOf(p.id);
  if (!level) return p.link ? <Link href={`/p/${p.id}`}>{p.name}</Link> : p.name;
  const bt = BOT_TEXT[p.lang] ?? BOT_TEXT.en;
  const label = bt.badge(BOT_LEVELS.indexOf(level));
  return (
    <>
      {p.name.replace(/\s*★+$/, "")}{" "}
      <span class="badge bot" role="img" aria-label={label} title={label}>
        {bt.bot} {BOT_STARS[level]}
      </span>
    </>
  );
}

/** A bot's level from its seat's id (`bot-<n>-<level>`: lists name bots by id), else null. */
export function botLevelOf(id: string): BotLevel | null {
  const m = /^bot-\d+-(easy|medium|strong)$/.exec(id);
  return m ? (m[1] as BotLevel) : null;
}
