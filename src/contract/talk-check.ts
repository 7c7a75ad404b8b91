/**
 * Table talk's check of a message (what the game's Durable Object keeps, what the client sends): apart
 * from ./talk.ts so that the web client loads it when its box is first used, not with table talk's
 * first view (its Unicode classes weigh 0.3 KB gz: docs/web.md "Weights"). It imports nothing: a module
 * it shared with table talk's panel would be a chunk of its own (esbuild splits by file), an empty one
 * once the constants are inlined; the caller hands it ./talk.ts's MESSAGE_MAX.
 */
/**
 * Characters that show nothing on their own: white space (every kind, with the Hangul and braille
 * blanks that look like it), control characters and format characters (zero-width spaces and
 * joiners, bidi controls, the BOM, tags, …). A message of only these is empty.
 */
const INVISIBLE = /[\s\p{Z}\p{Cc}\p{Cf}\u115f\u1160\u3164\uffa0\u2800\u180e]|\u034f/gu;
/**
 * Taken out of every message before it is kept: controls except the line break (a message may have
 * several lines), and the bidi embeddings, overrides and isolates, which could make a message read
 * backwards or spill into the text around it. Zero-width joiners stay (emoji sequences, scripts).
 */
const STRIPPED = /[\p{Cc}\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c](?<!\n)/gu;

export type MessageCheck =
  | { ok: true; text: string }
  | { ok: false; code: "MESSAGE_EMPTY" | "MESSAGE_TOO_LONG"; message: string };

/** A message as kept (NFC, without controls or bidi controls, trimmed, at most 3 blank lines in a row), or why not. */
export function checkMessage(raw: string, max: number): MessageCheck {
  const text = raw
    .normalize("NFC")
    .replace(/\r\n?/g, "\n")
    .replace(STRIPPED, "")
    .replace(/\n{4,}/g, "\n\n\n")
    .trim();
  if (text.replace(INVISIBLE, "") === "")
    return {
      ok: false,
      code: "MESSAGE_EMPTY",
      message: "Write something: the message is empty or only invisible characters.",
    };
  const length = [...text].length;
  if (length > max)
    return {
      ok: false,
      code: "MESSAGE_TOO_LONG",
      message: `A message is at most ${max} characters (this one has ${length}).`,
    };
  return { ok: true, text };
}
