/**
 * What the game page's HTML (`/g/:id`) carries for the client: src/embed/meta.ts writes it, the
 * page (web/src/game/deps.ts) reads it. A module of its own, so the page's first chunk takes only this.
 */

/**
 * The game as a spectator sees it — what GET /api/games/:id answers without a key, nothing more — in
 * `<script type="application/json" id=PAGE_VIEW_ID>`: the page paints it at once and asks for no
 * view of its own while a socket greets it (the seat's view comes with the socket's greeting, after
 * its key's check).
 */
export const PAGE_VIEW_ID = "canopy-game";
