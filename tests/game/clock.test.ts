import { describe, expect, it } from "vitest";
import { createGame } from "../../src/engine";
import {
  deadlineOf,
  dueReminder,
  nextClockEvent,
  pauseClock,
  resumeClock,
  startClock,
  vacationBooked,
} from "../../src/game/clock";

const H = 3600_000;
const state = () => {
  const g = createGame({ players: 2, firstPlayer: 0, seed: 1 });
  if (!g.ok) throw new Error("no game");
  return g.state;
};

describe("the turn clock", () => {
  it("starts with the turn, or paused when its player is away", () => {
    const c = startClock(3600, state(), [], 1000)!;
    expect(c).toMatchObject({ seat: 0, budgetMs: H, remainingMs: H, runningSince: 1000, reminded: [] });
    expect(deadlineOf(c)).toBe(1000 + H);
    expect(startClock(null, state(), [], 0)).toBeNull();
    const away = startClock(3600, state(), [{ seat: 0, from: 0, until: 5 * H }], 1000)!;
    expect(away.runningSince).toBeNull();
    expect(deadlineOf(away)).toBeNull();
    expect(nextClockEvent({ clock: away, vacations: [{ seat: 0, from: 0, until: 5 * H }] })).toEqual({
      type: "vacationEnds",
      at: 5 * H,
      seat: 0,
    });
  });

  it("pausing keeps the time left; resuming runs it from then", () => {
    const c = startClock(3600, state(), [], 0)!;
    const paused = pauseClock(c, 0.25 * H);
    expect(paused).toMatchObject({ remainingMs: 0.75 * H, runningSince: null });
    expect(pauseClock(paused, H)).toBe(paused);
    expect(deadlineOf(resumeClock(paused, 10 * H))).toBe(10.75 * H);
  });

  it("reminders at half time and 10 % left, then the deadline; a late alarm sends only the most urgent reminder", () => {
    const c = startClock(3600, state(), [], 0)!;
    expect(nextClockEvent({ clock: c })).toEqual({ type: "reminder", at: 0.5 * H, share: 0.5 });
    expect(dueReminder(c, 0.5 * H - 1)).toBeNull();
    expect(dueReminder(c, 0.5 * H)).toEqual({ share: 0.5, moot: [] });
    expect(dueReminder(c, 0.95 * H)).toEqual({ share: 0.1, moot: [0.5] });
    const both = { ...c, reminded: [0.5, 0.1] };
    expect(nextClockEvent({ clock: both })).toEqual({ type: "timeout", at: H });
    expect(nextClockEvent({ clock: { ...c, reminded: [0.5] } })).toEqual({ type: "reminder", at: 0.9 * H, share: 0.1 });
  });

  it("vacation time booked counts ended vacations and the whole of the current one", () => {
    expect(
      vacationBooked({ vacationUsedMs: [2 * H, 0], vacations: [{ seat: 0, from: 10, until: 10 + 3 * H }] }, 0),
    ).toBe(5 * H);
    expect(vacationBooked({}, 1)).toBe(0);
  });
});
