/**
 * User text (player names, webhook labels, anything a person typed) made inert for the place it
 * is shown: the one module every formatter goes through, so a name stays a name everywhere.
 *
 * Every place first gets `clean`: control characters and line breaks become spaces, invisible
 * format characters (bidi overrides, zero-width spaces) go (emoji joiners and flag tags stay),
 * spaces are collapsed, and the text is clipped. Then, per place:
 *
 * - "discord": Discord markdown (message content, embed title, description, field names and
 *   values). Every markdown character gets a backslash (`* _ ~ \` | > # - + [ ] ( ) < \`…),
 *   so no bold, heading, list, quote, spoiler, code, masked link `[x](url)`, mention `<@id>`,
 *   channel `<#id>`, emoji `<:e:id>` or timestamp `<t:…>` can be written; `@everyone` and
 *   `@here` get a zero-width space after the `@`, and `://` one inside, so neither a mention nor
 *   an autolink can form even where escapes are not honoured.
 * - "discord-plain": places Discord shows as typed (embed footer, author, username): nothing there
 *   is parsed, but the sequences that would be live elsewhere (`@everyone`, `<@id>`, `<!channel>`,
 *   `[x](url)`, `https://`) are still broken with an invisible zero-width space, so the text stays
 *   inert wherever a receiver copies it.
 * - "slack": Slack mrkdwn (sections, fields, context, the notification `text`). `&`, `<` and `>`
 *   become entities (Slack's own rule), so `<!channel>`, `<@U…>`, `<#C…>` and `<url|x>` cannot be
 *   written. mrkdwn has no escape character for `* _ ~ \``, so those are replaced by characters
 *   that look alike and format nothing (∗ ˍ ∼ ˋ); `@`, `](` and `://` get a zero-width space.
 * - "slack-plain": Slack plain_text objects (header, button, alt text), shown as typed: broken
 *   with zero-width spaces like "discord-plain".
 * - "plain": logs and plain text: clean only.
 *
 * Signed JSON carries the raw data (a receiver escapes for its own output).
 */

export type TextPlace = "discord" | "discord-plain" | "slack" | "slack-plain" | "plain";

/** How many characters of user text a message shows (names are at most 40, labels 60). */
export const USER_TEXT_MAX = 80;

const ZWSP = "\u200b";
const CONTROL = /[\p{Cc}\u2028\u2029]/gu;
/** Format characters, except joiners (emoji sequences, Persian…) and emoji flag tags. */
const FORMAT = /(?!\u200c|\u200d|[\u{e0020}-\u{e007f}])\p{Cf}/gu;

/** Shorten to at most `max` characters (code points kept whole), with an ellipsis. */
export function clip(s: string, max: number): string {
  if (s.length <= max) return s;
  let out = "";
  for (const c of s) {
    if (out.length + c.length > max - 1) break;
    out += c;
  }
  return `${out}…`;
}

/** The first step for every place: no control or invisible format characters, one line, clipped. */
export function clean(s: string, max = USER_TEXT_MAX): string {
  const one = s.replace(CONTROL, " ").replace(FORMAT, "").replace(/\s+/gu, " ").trim();
  return clip(one, max);
}

const DISCORD_MARKDOWN = /[\\*_~`|>#\-+[\]()<:]/g;
const SLACK_LOOKALIKE: Record<string, string> = { "*": "\u2217", _: "\u02cd", "~": "\u223c", "`": "\u02cb" };

/** Mentions, channel links, masked links and autolinks broken by an invisible zero-width space. */
function defang(s: string): string {
  return s.replace(/[@<]/g, `$&${ZWSP}`).replace(/\]\(/g, `]${ZWSP}(`).replace(/\/\//g, `/${ZWSP}/`);
}

function discord(s: string): string {
  return (
    s
      .replace(DISCORD_MARKDOWN, "\\$&")
      // "1. " at the start would be a list item.
      .replace(/^(\d+)\./, "$1\\.")
      .replace(/@/g, `@${ZWSP}`)
      .replace(/\/\//g, `/${ZWSP}/`)
  );
}

function slack(s: string): string {
  return (
    s
      .replace(/&/g, "&amp;")
      .replace(/</g, "&lt;")
      .replace(/>/g, "&gt;")
      .replace(/[*_~`]/g, (c) => SLACK_LOOKALIKE[c])
      .replace(/@/g, `@${ZWSP}`)
      // Not a spoiler in mrkdwn, but one on Discord, where a receiver may pass the text on.
      .replace(/\|\|/g, `|${ZWSP}|`)
      // Not a link in mrkdwn, but one in most other markdowns a receiver may pass it on to.
      .replace(/\]\(/g, `]${ZWSP}(`)
      .replace(/\/\//g, `/${ZWSP}/`)
  );
}

/** User text, cleaned and made inert for `place`. */
export function userText(s: string, place: TextPlace, max = USER_TEXT_MAX): string {
  const c = clean(s, max);
  switch (place) {
    case "discord":
      return discord(c);
    case "slack":
      return slack(c);
    case "discord-plain":
    case "slack-plain":
      return defang(c);
    case "plain":
      return c;
  }
}
