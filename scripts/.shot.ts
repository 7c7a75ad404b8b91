import sharp from "sharp";
import { applyAction, createGame, legalActions, registerExpansion, type GameState } from "../src/engine/base";
import { MOONLIGHT } from "../src/engine/moonlight";
import { registerMoonLayer, renderBoard } from "../src/render/base";
import * as moonDrawing from "../src/render/moon";
registerExpansion(MOONLIGHT);
registerMoonLayer(moonDrawing);
const c = createGame({ players: 2, seed: 5, firstPlayer: 0, moonlight: { greatTree: true, moonstones: true } });
if (!c.ok) throw new Error();
let s: GameState = c.state;
let n = 0;
while ((s.phase === "setup" || n < 30) && s.phase !== "ended") {
  const l = legalActions(s);
  const a = l.find((x) => x.type === "grow" || x.type === "plant") ?? l.find((x) => x.type === "buy") ?? l[0];
  const r = applyAction(s, a);
  if (!r.ok) throw new Error(r.error.message);
  s = r.state;
  if (s.phase !== "setup") n++;
}
const svg = renderBoard(s, { size: 1200, labels: true });
await sharp(Buffer.from(svg)).png().toFile("/tmp/page-shots/moon-board.png");
console.log("ok");
