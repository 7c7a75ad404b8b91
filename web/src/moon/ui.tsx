/**
 * Under the Moonlight on the game page, what it shows at once (a chunk loaded only for Moonlight
 * games, see ./load.ts): the expansion's layer of the board (./drawing), the moon and each player's
 * animal and moon points (MoonInfo), your own deal and, when it is yours to choose, the choice
 * (MoonChoose), the setup's steps in the status line, and the expansion's events in words. Read from
 * the state the server sent: it carries none of the expansion's play. What plans a turn — the
 * expansion's engine, the animals' abilities, the controls that aim them, the rules — is ./play.tsx,
 * which the page loads on its first touch (docs/web.md "Weights").
 */
import { useState } from "preact/hooks";
import {
  LABELS,
  hexLabel,
  registerExpansion,
  type Action,
  type GameEvent,
  type GameState,
} from "../../../src/engine/reading";
import { MOON_GAP, MOONLIGHT_SEEN } from "../../../src/engine/moonlight/reading";
import type { BoardText, MoonPieceInfo } from "../../../src/render/base";
import "./drawing";
import type { MoonEvent } from "../../../src/engine";
import { listOf, type Lang } from "../i18n";
import { Link } from "../nav";
import { seatLabel } from "../text";
import { loadSheet } from "../ui/part";
import type { MoonMessages } from "./i18n/en";
import { animalCard, dealChoices, moonSetup, moonSummary, type AnimalCard } from "./model";

// Loading this chunk plugs into the engine what its reading of a Moonlight game asks of the
// expansion (the setup's steps, its shadows, its points: the engine's MOONLIGHT_SEEN), and
// (./drawing) its layer into the board's drawing; the base page carries neither.
registerExpansion(MOONLIGHT_SEEN);

/**
 * The texts in each language, English too, a chunk each: a page loads only its own language's
 * (./i18n/index.ts, for the player pages, keeps English built in). moon/load.ts sets them before
 * the chunk is used.
 */
const TEXTS: Record<Lang, () => Promise<{ default: MoonMessages }>> = {
  en: () => import("./i18n/en"),
  nl: () => import("./i18n/nl"),
  fr: () => import("./i18n/fr"),
  de: () => import("./i18n/de"),
  ja: () => import("./i18n/ja"),
};
let m: MoonMessages;
let lang = "en";

/** Switch the texts to `lang` (English if they cannot be loaded), the part a turn is planned with's too. */
export async function setMoonLang(to: string): Promise<void> {
  m = (await (TEXTS[to as Lang] ?? TEXTS.en)().catch(() => TEXTS.en())).default;
  lang = to;
  await play?.setPlayTexts(m, to);
}

let play: typeof import("./play") | null = null;

/** The part a turn is planned with (./play.tsx, a chunk of its own), worded with these texts and its own. */
export async function loadPlay(): Promise<typeof import("./play")> {
  // (with its stylesheet; none in Node's tests)
  const [p] = await Promise.all([import("./play"), typeof document === "undefined" ? null : loadSheet("moon-play")]);
  await p.setPlayTexts(m, lang);
  play = p;
  return p;
}

/** The game status line during the expansion's setup steps: which step, and how far (engine's setupProgress). */
export function moonStageText(stage: string, done: number, total: number): string {
  const name = (m.stages as Record<string, string>)[stage] ?? stage;
  return m.stageStatus(name, done, total);
}

// ---- the board's words and the log --------------------------------------------------------------

/**
 * The board's words (`base`, the page's) with the expansion's pieces in the page's language, owners
 * by name as the base pieces are (the drawing's defaults are English and say "player A"): their
 * titles, and what a cell's and the board's labels say of them.
 */
export function moonBoardText(base: BoardText, names: readonly string[]): BoardText {
  const phase = (full: boolean) => (full ? m.fullMoon : m.halfMoon);
  const moon = (info: MoonPieceInfo): string => {
    switch (info.kind) {
      case "moon":
        return m.moonNow(phase(info.full), ...info.cells);
      case "marker":
        return m.markerLabel(phase(info.full), ...info.cells);
      case "animal":
        return m.animalOf(m.animals[info.animal], seatLabel(names, info.seat), info.points);
      case "greatTree":
        return m.greatTree;
      case "stone":
        return info.glowing ? m.moonstoneGlowing : m.moonstone;
      case "nest":
        return m.nest;
    }
  };
  return {
    moon,
    cell: (c) => {
      const x = c.moon;
      if (!x) return base.cell(c);
      const on = m.onCell;
      return [
        base.cell(c),
        ...(x.greatTree ? [on.greatTree] : []),
        ...(x.stone ? [x.glowing ? on.glowingStone : on.stone] : []),
        ...(x.animal ? [moon({ kind: "animal", ...x.animal })] : []),
        ...(x.nest ? [on.nest] : []),
        ...(x.dam ? [on.dam] : []),
        ...(x.moonlight === "direct" ? [on.moonlight] : x.moonlight === "indirect" ? [on.glow] : []),
      ].join(", ");
    },
    board: (info) =>
      base.board(info) +
      (info.moon
        ? `; ${m.moonNow(phase(info.moon.full), ...info.moon.cells)}; ${m.moonNext(phase(info.moon.next.full), ...info.moon.next.cells)}`
        : ""),
  };
}

/** The expansion's events in words (null for other events). */
export function moonEventText(ev: GameEvent, names: readonly string[]): string | null {
  // (another event, the base game's, is none of these: null)
  const e = ev as unknown as MoonEvent;
  const who = (s: number) => names[s] ?? `#${s + 1}`;
  const phase = (full: boolean) => (full ? m.fullMoon : m.halfMoon);
  switch (e.type) {
    case "animalChosen":
      return e.animal ? m.evChoseOwn(who(e.seat), m.animals[e.animal]) : m.evChose(who(e.seat));
    case "animalsRevealed":
      return m.evRevealed(listOf(e.animals.flatMap((a, s) => (a ? [`${who(s)}: ${m.animals[a]}`] : []))));
    case "babiesLaid":
      return m.evBabiesLaid;
    case "animalPlaced":
      return m.evAnimalPlaced(who(e.seat), m.animals[e.animal], hexLabel(e.cell as { q: number; r: number }));
    case "greatTreePlaced":
      return m.evGreatTree(who(e.seat), hexLabel(e.cell as { q: number; r: number }));
    case "moonstonePlaced":
      return m.evMoonstone(who(e.seat), hexLabel(e.cell as { q: number; r: number }));
    case "moonMoved": {
      return m.evMoonMoved(phase(e.full), ...gapCells(e.position), e.flipped);
    }
    case "moonCollected":
      return e.amount > 0 ? m.evMoonCollected(who(e.seat), e.amount, e.points) : null;
    case "animalMoved":
      return e.by !== e.seat
        ? m.evScared(who(e.by), who(e.seat), m.animals[e.animal], hexLabel(e.to as { q: number; r: number }))
        : m.evAnimalMoved(
            who(e.seat),
            m.animals[e.animal],
            hexLabel(e.from as { q: number; r: number }),
            hexLabel(e.to as { q: number; r: number }),
          );
    case "abilityUsed":
      return m.evAbility(
        who(e.seat),
        m.abilities[e.ability] +
          (e.ability === "babySteps" || e.level <= 1 ? "" : ` ${["I", "II", "III", "IV"][e.level - 1]}`),
        e.cost,
      );
    case "seedPlaced":
      return m.evSeedPlaced(who(e.seat), hexLabel(e.cell as { q: number; r: number }));
    case "seedEaten":
      return m.evSeedEaten(who(e.seat), who(e.owner), hexLabel(e.cell as { q: number; r: number }));
    case "seedMoved":
      return m.evSeedMoved(
        who(e.seat),
        hexLabel(e.from as { q: number; r: number }),
        hexLabel(e.to as { q: number; r: number }),
      );
    case "lightGained":
      return m.evLightGained(who(e.seat), e.amount - e.lost);
    case "lightStolen":
      return m.evLightStolen(who(e.seat), who(e.from), e.amount - e.lost);
    case "damBuilt":
      return m.evDam(who(e.seat), e.cells.map((c) => hexLabel(c as { q: number; r: number })).join(" "));
    case "babyHatched":
      return m.evHatched(who(e.seat), e.baby ? m.babies[e.baby] : "?", hexLabel(e.cell as { q: number; r: number }));
    case "babyUsed":
      return m.evBabyUsed(who(e.seat), m.babies[e.baby]);
  }
  return null;
}

function gapCells(position: number): [string, string] {
  const [a, b] = MOON_GAP[position];
  return [LABELS[a], LABELS[b]];
}

// ---- panels ------------------------------------------------------------------------------------

function Card(p: { card: AnimalCard; children?: preact.ComponentChildren }) {
  return (
    <div class="moon-animal" data-animal={p.card.animal}>
      <h4>{m.animals[p.card.animal]}</h4>
      <ul class="moon-abilities">
        {p.card.abilities.map((a) => (
          <li key={a.ability}>
            <strong>{m.abilities[a.ability]}</strong>{" "}
            <span class="cost">
              {a.costs.map((c) => m.cost(c)).join(" / ")}
              <span class="sr-only"> ({a.costs.map((c) => m.costLong(c)).join(" / ")})</span>
            </span>
            <br />
            <small class="muted">{m.abilityHelp[a.ability]}</small>
          </li>
        ))}
      </ul>
      {p.children}
    </div>
  );
}

/**
 * Choosing the animal you keep from your deal (the Moonlight's setup), each card with its button:
 * the dock shows it from the state (./model.ts `dealChoices`) from the page's first paint; a choice
 * made before the rules a turn is planned with have come is made once they come (../game/ctrl.ts).
 */
export function MoonChoose({ state, seat, add }: { state: GameState; seat: number; add: (a: Action) => void }) {
  const choose = dealChoices(state, seat);
  if (!choose.length) return null;
  return (
    <section class="moon-controls moon-choose" aria-labelledby="moon-choose-h" data-step="choose">
      <h3 id="moon-choose-h">{m.chooseTitle}</h3>
      <p class="moon-step">{m.chooseStep}</p>
      <div class="moon-deal">
        {choose.map((a) => (
          <Card card={animalCard(a.animal)} key={a.animal}>
            <button type="button" class="choice moon-keep" data-animal={a.animal} onClick={() => add(a)}>
              {m.keep(m.animals[a.animal])}
            </button>
          </Card>
        ))}
      </div>
    </section>
  );
}

const HIDE_KEY = "canopy.moonlight.hide";

/** The moon, moonlight toggle, and every player's animal, moon points and babies. */
export function MoonInfo(p: { state: GameState; names: readonly string[]; seat: number; myTurn: boolean }) {
  const [hide, setHide] = useState(() => {
    try {
      return localStorage.getItem(HIDE_KEY) === "1";
    } catch {
      return false;
    }
  });
  const s = moonSummary(p.state);
  if (!s) return null;
  const setup = moonSetup(p.state, p.seat);
  const phase = (full: boolean) => (full ? m.fullMoon : m.halfMoon);
  return (
    <section
      class="card moon-info"
      aria-labelledby="moon-h"
      data-moon-position={s.position}
      data-moon-full={s.full ? "1" : "0"}
    >
      {hide && <style>{"#board .moonbeam,#board .moonlit,#board .moonglow{display:none}"}</style>}
      <h2 id="moon-h">☾ {m.title}</h2>
      <p class="moon-rules">
        <Link href="/how-to-play#moonlight">{m.rules}</Link>
      </p>
      {setup && <p class="moon-stage">{m.stageOf(m.stages[setup.stage])}</p>}
      <p class="moon-now">{m.moonNow(phase(s.full), ...s.cells)}</p>
      <p class="moon-next muted">{m.moonNext(phase(s.next.full), ...s.next.cells)}</p>
      <label class="check">
        <input
          type="checkbox"
          name="moonlight"
          checked={!hide}
          onChange={(e) => {
            const h = !(e.target as HTMLInputElement).checked;
            setHide(h);
            try {
              localStorage.setItem(HIDE_KEY, h ? "1" : "0");
            } catch {
              /* storage blocked */
            }
          }}
        />
        <span>{m.showMoonlight}</span>
      </label>
      {setup && setup.deal.length > 0 && !p.myTurn && (
        <div class="moon-deal moon-own-deal">
          <h3>{m.chooseTitle}</h3>
          {setup.deal.map((c) => (
            <Card card={c} key={c.animal} />
          ))}
        </div>
      )}
      <h3>{m.moonPoints}</h3>
      <ul class="moon-seats">
        {s.seats.map((x, i) => (
          <li key={i} data-seat={i} data-points={x.points}>
            <strong>{p.names[i] ?? `#${i + 1}`}</strong>:{" "}
            {setup?.stage === "choose" && !x.animal
              ? setup.choosing[i] === "chosen"
                ? m.chosen
                : setup.choosing[i] === "choosing"
                  ? m.choosing
                  : m.waiting
              : x.animal
                ? x.cell
                  ? m.animalAt(m.animals[x.animal], x.cell)
                  : `${m.animals[x.animal]} (${m.notPlaced})`
                : m.hidden}
            {" · "}
            <span class="moon-points">{m.pointsOf(x.points)}</span>
            {x.cell && p.state.phase !== "ended" && <span class="muted"> · {m.gainNext(x.gain)}</span>}
            {(x.babies.length > 0 || x.spent.length > 0) && (
              <div class="moon-babies">
                {x.babies.length > 0 && (
                  <small>
                    {m.babiesHatched}: {x.babies.map((b) => m.babies[b]).join(", ")}
                  </small>
                )}
                {x.spent.length > 0 && (
                  <small class="muted">
                    {" "}
                    · {m.babiesUsed}: {x.spent.map((b) => m.babies[b]).join(", ")}
                  </small>
                )}
              </div>
            )}
          </li>
        ))}
      </ul>
      <p class="muted moon-pieces">
        {[
          s.greatTree && m.greatTreeAt(s.greatTree),
          s.stones.length > 0 && m.stonesAt(s.stones.join(" ")),
          s.dam.length > 0 && m.damAt(s.dam.join(" ")),
          s.nests > 0 && m.nestsLeft(s.nests),
        ]
          .filter(Boolean)
          .join(" · ")}
      </p>
    </section>
  );
}
