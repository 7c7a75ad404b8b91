/**
 * Idle sockets never wake the game: the page's keep-alive (exactly PING) is answered by the
 * platform (setWebSocketAutoResponse), which notes when; the game's own handler never sees it. Any
 * other ping reaches the game and is answered by it, after everything sent before it.
 */
import { runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { PING, PONG } from "../../src/game/live";
import { openLive, roomStub, startedGame } from "../api/client";

describe("the live socket's keep-alive", () => {
  it("is answered without the game's handler; a ping with more in it reaches the game", async () => {
    const { id } = await startedGame(2);
    const live = await openLive(id);
    await live.next(1);
    const handled = (): Promise<{ at: Date | null; request: string | undefined }> =>
      runInDurableObject(roomStub(id) as never, (_room: unknown, state: DurableObjectState) => {
        const [ws] = state.getWebSockets();
        return { at: state.getWebSocketAutoResponseTimestamp(ws), request: state.getWebSocketAutoResponse()?.request };
      });
    expect((await handled()).at).toBeNull();
    // Count what reaches the game's handler from now on.
    const seen: string[] = [];
    const watch = (room: { webSocketMessage: (ws: WebSocket, m: string) => Promise<void> }): void => {
      const original = room.webSocketMessage.bind(room);
      room.webSocketMessage = (ws, m) => {
        seen.push(m);
        return original(ws, m);
      };
    };
    await runInDurableObject(roomStub(id) as never, watch as never);
    live.ws.send(PING);
    expect(await live.next(2)).toEqual(JSON.parse(PONG));
    const after = await handled();
    expect(after.request).toBe(PING);
    expect(after.at).toBeInstanceOf(Date);
    live.ws.send(JSON.stringify({ type: "ping", n: 1 }));
    const answer = await live.next(3);
    expect(answer).toMatchObject({ type: "pong", version: expect.any(Number) });
    expect(seen).toEqual([JSON.stringify({ type: "ping", n: 1 })]);
    live.ws.close(1000);
  });
});
