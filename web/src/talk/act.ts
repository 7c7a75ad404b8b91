/**
 * What table talk's box does, apart from its messages (docs/web.md "Weights"): the check before
 * sending (the server's own, src/contract/talk-check.ts) and the requests that write — send a
 * message, delete yours, mute a seat. ./panel.tsx loads this chunk when the box is first used (its
 * focus) or one of them is asked for; reading the talk needs none of it.
 */
import { auth, request } from "../api";

export { checkMessage } from "../../../src/contract/talk-check";

/** Table talk's requests that write, for game `id`. */
export const talkWrites = (id: string) => ({
  send: (text: string) =>
    request("post", "/api/games/{id}/messages", { params: { path: { id } }, headers: auth(), body: { text } }),
  remove: (n: number) =>
    request("delete", "/api/games/{id}/messages/{n}", { params: { path: { id, n } }, headers: auth() }),
  mute: (seat: number, on: boolean) =>
    request(on ? "put" : "delete", "/api/games/{id}/mutes/{seat}", { params: { path: { id, seat } }, headers: auth() }),
});
