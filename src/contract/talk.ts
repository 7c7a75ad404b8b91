/**
 * Table talk as the API and the client name it: the limits of a message and what makes one empty.
 * No I/O: the game's Durable Object decides with these functions, the client checks with the same.
 */

/** At most this many characters (code points, after trimming). */
export const MESSAGE_MAX = 500;
/** Per seat: at most MESSAGE_BURST messages in MESSAGE_WINDOW_MS. */
export const MESSAGE_BURST = 5;
export const MESSAGE_WINDOW_MS = 10_000;

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
export function checkMessage(raw: string): MessageCheck {
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
  if (length > MESSAGE_MAX)
    return {
      ok: false,
      code: "MESSAGE_TOO_LONG",
      message: `A message is at most ${MESSAGE_MAX} characters (this one has ${length}).`,
    };
  return { ok: true, text };
}

/** A message as a seated player reads it. */
export interface MessageView {
  /** Its number: messages are numbered in the order the game took them. */
  n: number;
  seat: number;
  text: string;
  at: string;
}

/** The messages a seated player may read, oldest first, the last message's number, and the seats they muted. */
export interface TalkList {
  messages: MessageView[];
  last: number;
  muted: number[];
}

/** How many messages the page reads when it opens (GET …/messages?limit=, and the socket's greeting). */
export const TALK_ON_OPEN = 500;

/**
 * What the live socket sends seated players about table talk: when it signs them in, the list as
 * it stands (`talk.list`, after the seat's view: the page asks for no list of its own), then each
 * message and deletion.
 */
export type TalkSocketMessage =
  | ({ type: "talk.list" } & TalkList)
  | { type: "talk"; message: MessageView }
  | { type: "talk.deleted"; n: number };
