/**
 * Table talk's check before sending (the server's own, src/contract/talk-check.ts) as a chunk of the
 * talk's folder: ./panel.tsx loads it when the box is first used (docs/web.md "Weights").
 */
export { checkMessage } from "../../../src/contract/talk-check";
