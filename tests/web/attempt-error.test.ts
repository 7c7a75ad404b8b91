/** The notifications panel words a delivery that got no answer plainly, in the panel's language (issue 14 defect 5). */
import { describe, expect, it } from "vitest";
import { attemptError } from "../../web/src/notify/panel";
import de from "../../web/src/notify/i18n/de";
import en from "../../web/src/notify/i18n/en";

describe("attemptError", () => {
  it("the runtime's raw internal error (older deliveries) and today's words become the panel's words", () => {
    expect(attemptError(en, "internal error; reference = 2b9qk1s0v7hd3m4c")).toBe(en.connectFailed);
    expect(attemptError(de, "could not connect to the address (no answer came)")).toBe(de.connectFailed);
    expect(de.connectFailed).not.toBe(en.connectFailed);
  });

  it("other errors stay as the server stored them", () => {
    expect(attemptError(en, "no answer within 10 s")).toBe("no answer within 10 s");
  });
});
