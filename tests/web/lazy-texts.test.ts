/** The one lazy loader of feature texts (web/src/i18n/lazy.ts), as the Moonlight and the notifications panel use it. */
import { describe, expect, it } from "vitest";
import { lazyTexts } from "../../web/src/i18n/lazy";
import { loadMoonText } from "../../web/src/moon/i18n";
import { loadNotifyText } from "../../web/src/notify/i18n";
import { MOON_TEXTS, NOTIFY_DICTS } from "./dicts";

describe("lazy feature texts", () => {
  it("load each language's own chunk, English built in", async () => {
    for (const l of ["en", "nl", "fr", "de", "ja"] as const) {
      expect(await loadMoonText(l)).toBe(MOON_TEXTS[l]);
      expect(await loadNotifyText(l)).toBe(NOTIFY_DICTS[l]);
    }
  });

  it("fetch a language once, and say so when it cannot be loaded (then retry)", async () => {
    let calls = 0;
    let fail = true;
    const texts = lazyTexts(
      { hi: "hello" },
      {
        nl: async () => {
          calls++;
          if (fail) throw new Error("offline");
          return { default: { hi: "hallo" } };
        },
        fr: async () => ({ default: { hi: "bonjour" } }),
        de: async () => ({ default: { hi: "hallo" } }),
        ja: async () => ({ default: { hi: "こんにちは" } }),
      },
    );
    await expect(texts.load("nl")).rejects.toThrow("offline");
    fail = false;
    expect((await texts.load("nl")).hi).toBe("hallo");
    expect((await texts.load("nl")).hi).toBe("hallo");
    expect(calls).toBe(2);
    expect((await texts.load("en")).hi).toBe("hello");
  });
});
