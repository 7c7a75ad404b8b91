/** The rules of pairing codes and passkey challenges (src/contract/identity.ts): pure, clock passed in. */
import { describe, expect, it } from "vitest";
import {
  CHALLENGE_TTL_MS,
  challengeState,
  deviceNameFrom,
  formatPairingCode,
  LAST_SEEN_EVERY_MS,
  normalizePairingCode,
  PAIRING_TTL_MS,
  pairingState,
  shouldTouch,
} from "../../src/contract/identity";

describe("pairing codes", () => {
  it("are read however they are typed, and refused when they cannot be a code", () => {
    expect(formatPairingCode("7KQ2M9XD")).toBe("7KQ2-M9XD");
    for (const typed of ["7KQ2-M9XD", "7kq2m9xd", " 7kq2 m9xd ", "7KQ2--M9XD"])
      expect(normalizePairingCode(typed)).toBe("7KQ2M9XD");
    // Crockford: O is 0, I and L are 1.
    expect(normalizePairingCode("oOiI-lL00")).toBe("00111100");
    for (const bad of ["", "7KQ2-M9X", "7KQ2-M9XDA", "7KQ2-M9XU", "7KQ2_M9XD", "7KQ2-M9X!", "x".repeat(65)])
      expect(normalizePairingCode(bad)).toBeNull();
  });

  it("are open until used or ten minutes old", () => {
    const t0 = 1_000_000;
    const row = { expiresAt: t0 + PAIRING_TTL_MS, usedAt: null };
    expect(PAIRING_TTL_MS).toBe(10 * 60_000);
    expect(pairingState(null, t0)).toBe("unknown");
    expect(pairingState(row, t0)).toBe("open");
    expect(pairingState(row, t0 + PAIRING_TTL_MS - 1)).toBe("open");
    expect(pairingState(row, t0 + PAIRING_TTL_MS)).toBe("expired");
    expect(pairingState({ ...row, usedAt: t0 + 5 }, t0 + 6)).toBe("used");
    // Used wins over expired: the player is told the code was used.
    expect(pairingState({ ...row, usedAt: t0 + 5 }, t0 + PAIRING_TTL_MS * 2)).toBe("used");
  });
});

describe("passkey challenges", () => {
  const t0 = 5_000_000;
  const signin = { expiresAt: t0 + CHALLENGE_TTL_MS, usedAt: null, purpose: "signin" as const, playerId: null };
  const register = { ...signin, purpose: "register" as const, playerId: "ann000000000" };

  it("are single use, short lived and for one ceremony (and one player, to register)", () => {
    expect(challengeState(null, "signin", null, t0)).toBe("unknown");
    expect(challengeState(signin, "signin", null, t0)).toBe("open");
    expect(challengeState(signin, "signin", null, t0 + CHALLENGE_TTL_MS)).toBe("expired");
    expect(challengeState({ ...signin, usedAt: t0 }, "signin", null, t0 + 1)).toBe("used");
    expect(challengeState(signin, "register", "ann000000000", t0)).toBe("wrong-purpose");
    expect(challengeState(register, "signin", null, t0)).toBe("wrong-purpose");
    expect(challengeState(register, "register", "ann000000000", t0)).toBe("open");
    expect(challengeState(register, "register", "bob000000000", t0)).toBe("wrong-purpose");
  });
});

describe("devices", () => {
  it("last seen is written at most every few minutes", () => {
    expect(shouldTouch(0, LAST_SEEN_EVERY_MS - 1)).toBe(false);
    expect(shouldTouch(0, LAST_SEEN_EVERY_MS)).toBe(true);
  });

  it("are named from the browser", () => {
    expect(
      deviceNameFrom("Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/140.0 Mobile Safari/537.36"),
    ).toBe("Chrome on Android");
    expect(
      deviceNameFrom(
        "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Version/18.0 Mobile/15E148 Safari/604.1",
      ),
    ).toBe("Safari on iOS");
    expect(deviceNameFrom("Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:140.0) Gecko/20100101 Firefox/140.0")).toBe(
      "Firefox on Windows",
    );
    expect(deviceNameFrom("curl/8.5.0")).toBe("Device");
  });
});
