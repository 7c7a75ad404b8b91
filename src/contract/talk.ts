/**
 * Table talk as the API and the client name it: the limits of a message and what makes one empty.
 * No I/O. What makes a message empty or too long is ./talk-check.ts (`checkMessage`): the game's
 * Durable Object decides with it, the client checks with the same (a chunk of its own there).
 */

/** At most this many characters (code points, after trimming). */
export const MESSAGE_MAX = 500;
/** Per seat: at most MESSAGE_BURST messages in MESSAGE_WINDOW_MS. */
export const MESSAGE_BURST = 5;
export const MESSAGE_WINDOW_MS = 10_000;

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
