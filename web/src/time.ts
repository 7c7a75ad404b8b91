/** Times and durations in words, in the page's language (without the engine: the start page shows them). */
import { t } from "./i18n";

/** A time per move or an absence: "6 hours", "2 days" (whole days from 24 hours up). */
export function durationText(seconds: number): string {
  const hours = Math.round(seconds / 3600);
  return hours < 24 || hours % 24 !== 0 ? t.hours(hours) : t.days(hours / 24);
}

/** A moment within the next days, short: "Tue 14:00"; further away with the date: "21 Nov, 14:00". */
export function whenText(iso: string, lang: string, now = Date.now()): string {
  const at = Date.parse(iso);
  const soon = Math.abs(at - now) < 6 * 86400_000;
  try {
    return new Intl.DateTimeFormat(
      lang,
      soon
        ? { weekday: "short", hour: "2-digit", minute: "2-digit" }
        : { day: "numeric", month: "short", hour: "2-digit", minute: "2-digit" },
    ).format(at);
  } catch {
    return new Date(at).toISOString().slice(0, 16).replace("T", " ");
  }
}

/** "in 3 hours", "2 days ago". */
export function relativeTime(iso: string, lang: string, now = Date.now()): string {
  const diff = (Date.parse(iso) - now) / 1000;
  const rtf = new Intl.RelativeTimeFormat(lang, { numeric: "auto" });
  const abs = Math.abs(diff);
  if (abs < 60) return rtf.format(Math.round(diff), "second");
  if (Math.round(abs / 60) < 60) return rtf.format(Math.round(diff / 60), "minute");
  if (abs < 86400 * 2) return rtf.format(Math.round(diff / 3600), "hour");
  return rtf.format(Math.round(diff / 86400), "day");
}
