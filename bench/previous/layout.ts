/**
 * The frozen strong level reads positions where today's bots do (src/bots/layout.ts): the offsets
 * are the fast core's, not a part of the frozen player, and tests/bots/layout.test.ts holds them.
 */
export * from "../../src/bots/layout";
