/**
 * "How to play" (/how-to-play, with an anchor per part: #sun … #moonlight): the rules for a newcomer,
 * written from docs/rules.md, with small board pictures drawn by the game's own renderer. A chunk of
 * its own, loaded on demand: a game page does not carry it.
 */
import type { ComponentChildren } from "preact";
import { useEffect } from "preact/hooks";
import {
  CELLS,
  LABELS,
  cellIndex,
  createGame,
  hexDistance,
  registerExpansion,
  type GameState,
} from "../../../src/engine/base";
import { MOONLIGHT_SEEN } from "../../../src/engine/moonlight/reading";
import { pieceIcon, type BoardText, type Highlight, type MoonPieceInfo } from "../../../src/render/base";
import { renderBoard } from "../../../src/render/english";
import "../moon/drawing";
import type { Lang } from "../i18n";
import { HOW_TO_PLAY, type HowToPlayMessages, type HowToPlaySection } from "../i18n/how-to-play";
import { Link } from "../nav";
import { boardText } from "../text";
import { setTitle } from "../title";

// Under the Moonlight's reading (its shadows) and (../moon/drawing) drawing, for its picture (as the
// Moonlight games' first part does: ../moon/ui.tsx); the picture plays nothing.
registerExpansion(MOONLIGHT_SEEN);

/** The parts, in order, by their anchors. */
const PARTS = ["sun", "light", "turn", "buy", "plant", "grow", "collect", "moonlight"] as const;

/** A two-player position with `pieces` ([q, r, seat, size]) during play, in round `round`. */
function position(pieces: [number, number, number, number][], round: number): GameState {
  const created = createGame({ players: 2, seed: 1, firstPlayer: 0 });
  if (!created.ok) throw new Error(created.error.message);
  const cells = created.state.cells.slice();
  for (const [q, r, seat, size] of pieces) cells[cellIndex(q, r)] = 1 + seat * 4 + size;
  return { ...created.state, phase: "play", round, cells };
}

/** docs/rules.md §9, the worked example: the sun in the east (round 2), shadows to the west. */
export const SHADOWS = position(
  [
    [0, 0, 0, 2],
    [-3, 0, 0, 1],
    [3, 0, 0, 3],
    [3, -1, 0, 1],
    [1, 1, 0, 2],
    [-1, 0, 1, 1],
    [2, -1, 1, 1],
    [2, 1, 1, 1],
  ],
  2,
);

/** Planting (§5): a medium tree in the centre reaches every empty cell within 2. */
export const PLANTING = position(
  [
    [0, 0, 0, 2],
    [1, 0, 1, 1],
    [-1, 2, 0, 0],
    [2, -2, 1, 2],
  ],
  3,
);
export const PLANT_HIGHLIGHTS: Record<string, Highlight> = Object.fromEntries(
  CELLS.flatMap((c, i): [string, Highlight][] => {
    if (c.q === 0 && c.r === 0) return [[LABELS[i], "selected"]];
    return hexDistance(c, { q: 0, r: 0 }) <= 2 && PLANTING.cells[i] === 0 ? [[LABELS[i], "target"]] : [];
  }),
);

/**
 * Under the Moonlight (§8), round 5 with the Great Tree and moonstones (the position ROUND5 of
 * tests/render/moonlight.test.ts): the full moon below the board lights two paths; blue's beaver on
 * d2 is lit, orange's turtle on g1 is not; the moonstone on f4 glows. Written out as a state, not
 * read from the notation here: the notation reader would join the game page's bundle
 * (tests/web/how-to-play.test.ts checks it is that position).
 */
export const MOONLIT: GameState = {
  options: {
    players: 2,
    longGame: false,
    heavyShade: false,
    firstPlayer: 0,
    seed: 0,
    moonlight: { greatTree: true, moonstones: true },
  },
  phase: "play",
  round: 5,
  firstPlayer: 0,
  current: 0,
  turn: 0,
  cells: [
    2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 6, 0, 3, 0, 0, 0, 0, 0, 0, 5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2,
  ],
  touched: [],
  stacks: [9, 7, 5, 0],
  players: [
    { light: 5, board: [4, 4, 2, 2], available: [2, 2, 1, 0], tokens: [], resigned: false },
    { light: 3, board: [4, 4, 3, 2], available: [1, 3, 1, 0], tokens: [], resigned: false },
  ],
  ply: 80,
  rng: 0,
  moon: {
    stage: null,
    position: 7,
    full: true,
    greatTree: 18,
    stones: [11, 5, 31],
    dam: [15, 16, 22],
    nests: [
      { cell: 3, baby: null },
      { cell: 21, baby: null },
      { cell: 36, baby: null },
      { cell: 15, baby: null },
      { cell: 0, baby: null },
    ],
    box: [null, null],
    players: [
      { deal: null, animal: "turtle", cell: 33, points: 6, babies: ["light"], spent: [] },
      { deal: null, animal: "beaver", cell: 16, points: 3, babies: [], spent: [] },
    ],
    moved: false,
    used: [],
    double: false,
  },
};

/** The accessible names of the Moonlight picture's pieces, in the page's language. */
function moonWords(h: HowToPlayMessages): (info: MoonPieceInfo) => string {
  const w = h.moonWords;
  const phase = (full: boolean) => (full ? w.fullMoon : w.halfMoon);
  return (info) => {
    switch (info.kind) {
      case "moon":
        return w.moonAt(phase(info.full), ...info.cells);
      case "marker":
        return w.markerAt(phase(info.full), ...info.cells);
      case "animal":
        return w.animalOf(w.animals[info.animal], h.names[info.seat] ?? "?", info.points);
      case "greatTree":
        return w.greatTree;
      case "stone":
        return info.glowing ? w.glowingStone : w.stone;
      case "nest":
        return w.nest;
    }
  };
}

function Picture(p: { name: string; svg: string; caption: string }) {
  return (
    <figure class="htp-fig" data-picture={p.name}>
      <div dangerouslySetInnerHTML={{ __html: p.svg }} />
      <figcaption>{p.caption}</figcaption>
    </figure>
  );
}

function Part(p: { id: string; part: HowToPlaySection; children?: ComponentChildren }) {
  return (
    <section id={p.id} class="card htp-part">
      <h2>{p.part.title}</h2>
      {p.part.body.map((x) => (
        <p key={x}>{x}</p>
      ))}
      {p.children}
    </section>
  );
}

/** The growing picture: seed → small → medium → large, with each step's cost. */
function Sizes(p: { h: HowToPlayMessages }) {
  const icons = [0, 1, 2, 3]
    .map((size) => pieceIcon(0, size, 44) + (size < 3 ? `<span>→ ${size + 1} ☀ →</span>` : ""))
    .join("");
  return (
    <figure class="htp-fig" data-picture="sizes">
      <div class="htp-sizes" dangerouslySetInnerHTML={{ __html: icons }} />
      <figcaption>{p.h.growPicture}</figcaption>
    </figure>
  );
}

export function HowToPlayPage(p: { lang: Lang }) {
  const h = HOW_TO_PLAY[p.lang];
  useEffect(() => setTitle(`${h.title} · Canopy`), [h]);
  // An anchor in the address (/how-to-play#moonlight): the page came after the browser looked for it.
  useEffect(() => {
    const id = decodeURIComponent(location.hash.slice(1));
    if (id) document.getElementById(id)?.scrollIntoView();
  }, []);
  const text: BoardText = { ...boardText(h.names), moon: moonWords(h) };
  const board = (state: GameState, id: string, highlights?: Record<string, Highlight>) =>
    renderBoard(state, {
      idPrefix: id,
      text,
      labels: true,
      rounds: 18,
      // The planting picture shows reach only: no sun, shadows or light.
      ...(highlights ? { highlights, shadows: false, light: false, sun: false } : {}),
    });
  return (
    <article class="how-to-play" lang={p.lang}>
      <style>{CSS}</style>
      <h1>{h.title}</h1>
      <p class="card">{h.intro}</p>
      <nav class="card" aria-label={h.contents}>
        <h2>{h.contents}</h2>
        <ul>
          {PARTS.map((id) => (
            <li key={id}>
              <a href={`#${id}`}>{h[id].title}</a>
            </li>
          ))}
        </ul>
      </nav>
      <Part id="sun" part={h.sun}>
        <Picture name="shadows" svg={board(SHADOWS, "htp-sun")} caption={h.shadowPicture} />
      </Part>
      <Part id="light" part={h.light} />
      <Part id="turn" part={h.turn} />
      <Part id="buy" part={h.buy} />
      <Part id="plant" part={h.plant}>
        <Picture name="planting" svg={board(PLANTING, "htp-plant", PLANT_HIGHLIGHTS)} caption={h.plantPicture} />
      </Part>
      <Part id="grow" part={h.grow}>
        <Sizes h={h} />
      </Part>
      <Part id="collect" part={h.collect} />
      <Part id="moonlight" part={h.moonlight}>
        <Picture name="moonlight" svg={board(MOONLIT, "htp-moon")} caption={h.moonPicture} />
      </Part>
      <p>
        <Link href="/">{h.back}</Link>
      </p>
    </article>
  );
}

/** The page's few styles come with its chunk (the game page's stylesheet does not carry them). */
const CSS =
  ".htp-fig{margin:1em 0 0}.htp-fig svg{display:block;width:100%;max-width:440px;height:auto;margin:0 auto}" +
  ".htp-fig figcaption{font-size:.92em;margin-top:.4em}" +
  ".htp-sizes{display:flex;flex-wrap:wrap;align-items:center;justify-content:center;gap:.3em}" +
  ".htp-sizes svg{width:44px;margin:0}.htp-part h2,.how-to-play nav h2{margin-top:0}";
