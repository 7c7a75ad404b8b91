/**
 * The board picture with English accessible text by default: what the embed, the board pictures,
 * the link previews and the tests draw. (The web client draws with drawBoard and its own words.)
 */
import { drawBoard, type BoardState, type BoardText, type MoonPieceInfo, type RenderOptions } from "./board";

const PIECE_WORDS = ["seed", "small tree", "medium tree", "large tree"];
const SEAT_WORDS = ["red circles", "blue triangles", "yellow diamonds", "pink stars"];
const SUN_WORDS = ["north-east", "east", "south-east", "south-west", "west", "north-west"];
const phaseWord = (full: boolean) => (full ? "full moon" : "half moon");
const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** English labels of the expansion's pieces. */
function englishMoon(info: MoonPieceInfo): string {
  switch (info.kind) {
    case "moon":
      return `${capital(phaseWord(info.full))} between ${info.cells[0]} and ${info.cells[1]}`;
    case "marker":
      return `Phase marker: next round ${phaseWord(info.full)} between ${info.cells[0]} and ${info.cells[1]}`;
    case "animal":
      return `${capital(info.animal)} of player ${"ABCD"[info.seat]} (${SEAT_WORDS[info.seat]}), ${info.points} moon point${info.points === 1 ? "" : "s"}`;
    case "greatTree":
      return "The Great Tree";
    case "stone":
      return info.glowing ? "Moonstone, glowing" : "Moonstone";
    case "nest":
      return "Baby turtle, face down";
  }
}

/** English accessible text. */
export const ENGLISH_TEXT: BoardText = {
  board: ({ round, rounds, sun, phase, moon }) =>
    (phase === "setup"
      ? `Board during setup; the sun is in the ${SUN_WORDS[sun]}`
      : `Board, round ${round} of ${rounds}; the sun is in the ${SUN_WORDS[sun]}`) +
    (moon
      ? `; ${phaseWord(moon.full)} between ${moon.cells[0]} and ${moon.cells[1]}, next round ${phaseWord(moon.next.full)} between ${moon.next.cells[0]} and ${moon.next.cells[1]}`
      : ""),
  cell: (c) => {
    const parts = [`${c.label}, ${c.leaves} ${c.leaves === 1 ? "leaf" : "leaves"}`];
    const m = c.moon;
    if (c.piece) {
      parts.push(`${PIECE_WORDS[c.piece.size]} of player ${"ABCD"[c.piece.seat]} (${SEAT_WORDS[c.piece.seat]})`);
      if (c.piece.size > 0) parts.push(c.light > 0 ? `collects ${c.light} light` : "in shadow, collects nothing");
    } else if (m?.greatTree) parts.push("the Great Tree");
    else if (m?.stone) parts.push(m.glowing ? "a glowing moonstone" : "a moonstone");
    else parts.push("empty");
    if (c.shadow > 0 && !(c.piece && c.piece.size > 0)) parts.push("in shadow");
    if (c.previewShadow > 0) parts.push("shaded next round");
    if (m) {
      if (m.animal) parts.push(englishMoon({ kind: "animal", ...m.animal }).replace(/^./, (x) => x.toLowerCase()));
      if (m.nest) parts.push("a face-down baby turtle");
      if (m.dam) parts.push("on the beaver's dam");
      if (m.moonlight === "direct") parts.push("in moonlight");
      if (m.moonlight === "indirect") parts.push("in a moonstone's glow");
    }
    if (c.highlight === "target") parts.push("possible target");
    if (c.highlight === "selected") parts.push("selected");
    if (c.highlight === "used") parts.push("already used this turn");
    return parts.join("; ");
  },
  moon: englishMoon,
};

/** The board picture (./board.ts `drawBoard`), in English unless `options.text` says otherwise. */
export function renderBoard(state: BoardState, options: RenderOptions = {}): string {
  const text = options.text ?? ENGLISH_TEXT;
  return drawBoard(state, { ...options, text: text.moon ? text : { ...text, moon: englishMoon } });
}
