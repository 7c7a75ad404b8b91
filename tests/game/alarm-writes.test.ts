/**
 * The alarm's writes (issue 24): each setAlarm is a row written, so the game sets its one alarm
 * only when the next wake-up changes. An alarm stored for a moment already past fires as soon as it
 * can, like one set for now: wanted now a moment later (a bot's turn played from the alarm, then
 * the alarm's end; a commit, then the lobby's settle), it is not set again. And it still fires.
 */
import { runDurableObjectAlarm } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import { call, inRoom, newPlayer, roomStub } from "../api/client";
import { farFuture } from "../notify/helpers";

/** A game of Ann and two easy bots, Ann to act, on a clock far ahead that moves on at every reading. */
async function botGame() {
  const human = await newPlayer("Ann");
  const created = await call("POST", "/api/games", {
    token: human.token,
    body: { seats: 3, firstPlayer: 0, bots: ["easy", "easy"] },
  });
  expect(created.status).toBe(201);
  const id: string = created.body.game.id;
  // Far ahead, alarms never fire by themselves.
  let t = farFuture();
  await inRoom(id, (room) => {
    room.now = () => (t += 1000);
  });
  expect((await call("GET", `/api/games/${id}`)).body.toAct).toBe(0);
  return { id, human };
}

const setAlarmSpy = (id: string) => inRoom(id, (room) => vi.spyOn((room as any).ctx.storage, "setAlarm"));

describe("the game's one alarm", () => {
  it("a bot's turn played from the alarm, with the next bot to act, sets the alarm once; it fires", async () => {
    const { id, human } = await botGame();
    const legal = (await call("GET", `/api/games/${id}/legal-actions`, { token: human.token })).body;
    const moved = await call("POST", `/api/games/${id}/actions`, {
      token: human.token,
      body: { version: legal.version, action: legal.actions[0] },
    });
    expect(moved.status).toBe(200);
    const setAlarm = await setAlarmSpy(id);
    // The first bot plays from the alarm; the second is to act next: an alarm wanted now, twice.
    expect(await runDurableObjectAlarm(roomStub(id))).toBe(true);
    expect((await call("GET", `/api/games/${id}`)).body.toAct).toBe(2);
    expect(setAlarm).toHaveBeenCalledTimes(1);
    expect(await inRoom(id, (room) => (room as any).ctx.storage.getAlarm())).not.toBeNull();
    setAlarm.mockRestore();
    // And it fires: the second bot plays, then Ann is to act.
    expect(await runDurableObjectAlarm(roomStub(id))).toBe(true);
    expect((await call("GET", `/api/games/${id}`)).body.toAct).toBe(0);
  });

  it("an alarm due later is moved to now when something is due now", async () => {
    const { id, human } = await botGame();
    // A wake-up far later stored in its place (say the clock's).
    const later = await inRoom(id, async (room) => {
      const at = room.now() + 86_400_000;
      await (room as any).ctx.storage.setAlarm(at);
      return at;
    });
    const setAlarm = await setAlarmSpy(id);
    const legal = (await call("GET", `/api/games/${id}/legal-actions`, { token: human.token })).body;
    await call("POST", `/api/games/${id}/actions`, {
      token: human.token,
      body: { version: legal.version, action: legal.actions[0] },
    });
    // A bot to act now: the alarm is moved to now, once.
    expect(setAlarm).toHaveBeenCalledTimes(1);
    const stored = await inRoom(id, (room) => (room as any).ctx.storage.getAlarm());
    expect(stored).toBeLessThan(later);
    setAlarm.mockRestore();
    expect(await runDurableObjectAlarm(roomStub(id))).toBe(true);
    expect((await call("GET", `/api/games/${id}`)).body.toAct).toBe(2);
  });
});
