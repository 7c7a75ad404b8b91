/**
 * A player's turns as the client gets them (GET /api/players/{id}/turns and the inbox's socket,
 * /api/players/{id}/turns/live): plain types, no zod (schemas/turns.ts documents them).
 *
 * The socket: send `{"type":"auth","token":…}` first (refused: an `error` message, then closed
 * with code 4401, or 4403 for another player's inbox); then it sends `turns` (all of them) and,
 * after each change, `turn` (one game) or `gone` (a game no longer in play for you). `{"type":"ping"}`
 * is answered `{"type":"pong"}` without waking anything; `{"type":"sync"}` sends `turns` again.
 */
export interface TurnView {
  id: string;
  yourTurn: boolean;
  deadline: string | null;
  version: number;
}

export type InboxMessage =
  | { type: "turns"; games: TurnView[] }
  | { type: "turn"; game: TurnView }
  | { type: "gone"; id: string; version: number }
  | { type: "pong" }
  | { type: "error"; error: { code: string; message: string } };

/** Close codes of a refused inbox socket. */
export const INBOX_CLOSE = { unauthorized: 4401, forbidden: 4403 } as const;
