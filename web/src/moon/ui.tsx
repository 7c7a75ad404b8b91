/**
 * Under the Moonlight on the game page (a chunk loaded only for Moonlight games, see ./load.ts):
 * the setup steps (your own deal with abilities and costs, placements), the animal's move and its
 * abilities with levels and moon-point costs, the moon and each player's moon points, and the
 * expansion's events in words. Everything offered comes from the engine's legal actions (./model.ts).
 */
import { useState } from "preact/hooks";
import {
  LABELS,
  cellIndex,
  registerExpansion,
  type Action,
  type GameEvent,
  type GameState,
} from "../../../src/engine/play";
import {
  MOONLIGHT_PLAY,
  hasAbilities,
  moonGeometry,
  registerAbilities,
  type Ability as AbilityCode,
  type AnimalName,
} from "../../../src/engine/moonlight";
import type { BoardText, MoonPieceInfo } from "../../../src/render/base";
import "./drawing";
// (the game page plans a Moonlight game with the rules this chunk already carries: its
// controller takes them from here rather than fetch the rules' own small chunk: web/src/game/ctrl.ts)
export * as rules from "../game/rules";
import type { MoonEvent } from "../../../src/engine";
import { listOf, type Lang } from "../i18n";
import { Link } from "../nav";
import { seatLabel } from "../text";
import type { MoonMessages } from "./i18n/en";
import {
  animalCard,
  moonPlay,
  moonSetup,
  moonStep,
  moonSummary,
  moonTap,
  moonTargets,
  moveTo,
  type AbilityOption,
  type AnimalCard,
  type MoonPick,
  type MoonStep,
} from "./model";

// Loading this chunk plugs the expansion into the engine and (./drawing) the board drawing (the base page carries neither).
registerExpansion(MOONLIGHT_PLAY);

/**
 * Each animal's abilities, a chunk each (the engine's table, src/engine/moonlight/abilities/index.ts,
 * is filled as they come): a page enters its seat's animal's to plan a turn, every animal's to
 * replay a history (./load.ts), and carries none of the others' (docs/web.md "Weights").
 */
const ANIMAL_ABILITIES: Record<AnimalName, () => Promise<{ abilities: readonly AbilityCode[] }>> = {
  boar: () => import("./animals/boar"),
  hedgehog: () => import("./animals/hedgehog"),
  squirrel: () => import("./animals/squirrel"),
  fox: () => import("./animals/fox"),
  owl: () => import("./animals/owl"),
  badger: () => import("./animals/badger"),
  beaver: () => import("./animals/beaver"),
  turtle: () => import("./animals/turtle"),
};
const entering = new Map<AnimalName, Promise<void>>();

/** Enter `animal`'s abilities in the engine (once; a failed load is tried again on the next call). */
export function enterAnimal(animal: AnimalName): Promise<void> {
  let p = entering.get(animal);
  if (!p) {
    p = ANIMAL_ABILITIES[animal]().then(
      (x) => registerAbilities(x.abilities),
      (e: unknown) => {
        entering.delete(animal);
        throw e;
      },
    );
    entering.set(animal, p);
  }
  return p;
}
/** The animals `state` names (every seat's that this viewer knows). */
const animalsOf = (state: GameState | null | undefined): AnimalName[] =>
  (state?.moon?.players ?? []).flatMap((p) => (p.animal ? [p.animal] : []));

/** Whether every animal `state` names has its abilities entered (its history can be replayed). */
export const animalsEntered = (state: GameState | null | undefined): boolean => animalsOf(state).every(hasAbilities);

/**
 * Whether the abilities of `seat`'s animal (`every`: of every animal `state` names, to replay its
 * history) are entered: if not, they are asked for, and `then` is called once they have come (by
 * the call that asked).
 */
export function animalReady(
  state: GameState | null | undefined,
  seat: number,
  then: () => void,
  every = false,
): boolean {
  const want = every ? animalsOf(state) : [state?.moon?.players[seat]?.animal];
  const missing = want.filter((a): a is AnimalName => !!a && !hasAbilities(a));
  if (!missing.length) return true;
  if (missing.some((a) => !entering.has(a))) Promise.all(missing.map(enterAnimal)).then(then, () => {});
  return false;
}

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

/** Switch the texts to `lang` (English if they cannot be loaded). */
export async function setMoonLang(lang: string): Promise<void> {
  m = (await (TEXTS[lang as Lang] ?? TEXTS.en)().catch(() => TEXTS.en())).default;
}

const ROMAN = ["I", "II", "III", "IV"];

const cellName = (c: { q: number; r: number }) => LABELS[cellIndex(c.q, c.r)];

/** The game status line during the expansion's setup steps: which step, and how far (engine's setupProgress). */
export function moonStageText(stage: string, done: number, total: number): string {
  const name = (m.stages as Record<string, string>)[stage] ?? stage;
  return m.stageStatus(name, done, total);
}

// ---- the board ---------------------------------------------------------------------------------

// The board's hooks are the model's own functions, under the names the game page's controller
// calls this chunk by: the cells to mark as targets (`selected`: a base-game cell chosen), and a
// tap's expansion action, the pick it continues, or null (the base game's turn).
export { moonTargets as moonHighlights, moonTap as moonClick };

// ---- the log -----------------------------------------------------------------------------------

const MOON_EVENTS = new Set<string>([
  "animalChosen",
  "animalsRevealed",
  "babiesLaid",
  "animalPlaced",
  "greatTreePlaced",
  "moonstonePlaced",
  "moonMoved",
  "moonCollected",
  "animalMoved",
  "abilityUsed",
  "seedPlaced",
  "seedEaten",
  "seedMoved",
  "lightGained",
  "lightStolen",
  "damBuilt",
  "babyHatched",
  "babyUsed",
]);

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
  if (!MOON_EVENTS.has(ev.type)) return null;
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
      return m.evAnimalPlaced(who(e.seat), m.animals[e.animal], cellName(e.cell as { q: number; r: number }));
    case "greatTreePlaced":
      return m.evGreatTree(who(e.seat), cellName(e.cell as { q: number; r: number }));
    case "moonstonePlaced":
      return m.evMoonstone(who(e.seat), cellName(e.cell as { q: number; r: number }));
    case "moonMoved": {
      return m.evMoonMoved(phase(e.full), ...gapCells(e.position), e.flipped);
    }
    case "moonCollected":
      return e.amount > 0 ? m.evMoonCollected(who(e.seat), e.amount, e.points) : null;
    case "animalMoved":
      return e.by !== e.seat
        ? m.evScared(who(e.by), who(e.seat), m.animals[e.animal], cellName(e.to as { q: number; r: number }))
        : m.evAnimalMoved(
            who(e.seat),
            m.animals[e.animal],
            cellName(e.from as { q: number; r: number }),
            cellName(e.to as { q: number; r: number }),
          );
    case "abilityUsed":
      return m.evAbility(
        who(e.seat),
        m.abilities[e.ability] +
          (e.ability === "babySteps" || e.level <= 1 ? "" : ` ${["I", "II", "III", "IV"][e.level - 1]}`),
        e.cost,
      );
    case "seedPlaced":
      return m.evSeedPlaced(who(e.seat), cellName(e.cell as { q: number; r: number }));
    case "seedEaten":
      return m.evSeedEaten(who(e.seat), who(e.owner), cellName(e.cell as { q: number; r: number }));
    case "seedMoved":
      return m.evSeedMoved(
        who(e.seat),
        cellName(e.from as { q: number; r: number }),
        cellName(e.to as { q: number; r: number }),
      );
    case "lightGained":
      return m.evLightGained(who(e.seat), e.amount - e.lost);
    case "lightStolen":
      return m.evLightStolen(who(e.seat), who(e.from), e.amount - e.lost);
    case "damBuilt":
      return m.evDam(who(e.seat), e.cells.map((c) => cellName(c as { q: number; r: number })).join(" "));
    case "babyHatched":
      return m.evHatched(who(e.seat), e.baby ? m.babies[e.baby] : "?", cellName(e.cell as { q: number; r: number }));
    case "babyUsed":
      return m.evBabyUsed(who(e.seat), m.babies[e.baby]);
  }
  return null;
}

function gapCells(position: number): [string, string] {
  const [a, b] = moonGeometry.MOON_GAP[position];
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
 * The expansion's part of your turn, in the turn panel (on a phone, docked under the board): each
 * step in words — choose from your deal (the deal right there), place your animal, the Great Tree,
 * the moonstones; then in a round, your animal, where it may move (the highlighted cells: a tap
 * moves it) and its abilities, each button naming the ability and its cost. What a step's words
 * name is what the board highlights (model.ts's moonStep gives both).
 */
export function MoonControls(p: {
  state: GameState;
  legal: readonly Action[];
  seat: number;
  names: readonly string[];
  pick: MoonPick | null;
  setPick: (x: MoonPick | null) => void;
  add: (a: Action) => void;
  complete: boolean;
  /** The base game's cell chosen, if any (its actions are offered instead of the animal's move). */
  selected: string | null;
}) {
  if (p.complete) return null;
  const step = moonStep(p.state, p.legal, p.seat, p.pick, p.selected);
  if (!step) return null;
  switch (step.step) {
    case "choose":
      return <ChooseStep step={step} add={p.add} />;
    case "animals":
    case "greatTree":
    case "moonstones": {
      const n = step.targets.length;
      const text =
        step.step === "animals"
          ? m.placeAnimal(step.animal ? m.animals[step.animal] : "", n)
          : step.step === "greatTree"
            ? m.placeGreatTree(n)
            : m.placeMoonstone(n);
      return (
        <section class="moon-controls" aria-label={m.title} data-step={step.step}>
          <p class="moon-step">{text}</p>
        </section>
      );
    }
    case "aim":
      return <AimStep step={step} setPick={p.setPick} />;
    case "play": {
      const play = moonPlay(p.state, p.legal)!;
      const animal = m.animals[play.animal];
      return (
        <section class="moon-controls" aria-labelledby="moon-play-h" data-step="play">
          <h3 id="moon-play-h">
            <span>{m.yourAnimal(animal, play.cell ?? "–")}</span>{" "}
            <span class="light-now">{m.pointsOf(play.points)}</span>
          </h3>
          <p class="moon-step">{step.moves.length > 0 ? m.movePlay(step.moves.length) : m.moved}</p>
          {play.abilities.map((o) => (
            <Ability o={o} key={o.ability} names={p.names} setPick={p.setPick} add={p.add} legal={p.legal} />
          ))}
        </section>
      );
    }
  }
}

/** Choosing the animal you keep from your deal (the Moonlight's setup), each card with its button. */
function ChooseStep({ step, add }: { step: Extract<MoonStep, { step: "choose" }>; add: (a: Action) => void }) {
  return (
    <section class="moon-controls moon-choose" aria-labelledby="moon-choose-h" data-step="choose">
      <h3 id="moon-choose-h">{m.chooseTitle}</h3>
      <p class="moon-step">{m.chooseStep}</p>
      <div class="moon-deal">
        {step.deal.map((c) => {
          const a = step.choose.find((x) => x.type === "chooseAnimal" && x.animal === c.animal);
          return (
            <Card card={c} key={c.animal}>
              <button
                type="button"
                class="choice moon-keep"
                data-animal={c.animal}
                disabled={!a}
                onClick={() => a && add(a)}
              >
                {m.keep(m.animals[c.animal])}
              </button>
            </Card>
          );
        })}
      </div>
    </section>
  );
}

/** An ability or move being aimed: what to tap next on the board (its cells said for screen readers), and Cancel. */
function AimStep({
  step,
  setPick,
}: {
  step: Extract<MoonStep, { step: "aim" }>;
  setPick: (x: MoonPick | null) => void;
}) {
  const x = step.pick;
  const what =
    x.ability === "scare"
      ? x.first
        ? m.pickScareTo
        : m.pickAnimal
      : x.ability === "dam"
        ? x.first
          ? m.pickDam2
          : m.pickDam
        : m.pickCell(step.targets.length);
  return (
    <section class="moon-controls" aria-label={m.title} data-step="aim">
      <div class="moon-pick" aria-live="polite">
        <p class="moon-step">
          <strong>{x.ability === "move" ? m.moveNow : m.abilities[x.ability]}</strong>: {what}
          <span class="sr-only"> ({step.targets.join(" ")})</span>
        </p>
        <button type="button" class="moon-cancel" onClick={() => setPick(null)}>
          {m.cancel}
        </button>
      </div>
    </section>
  );
}

/** A chosen cell of the base game that is also where the animal may move: that move, offered beside its actions. */
export function MoonCellChoice(p: {
  state: GameState;
  legal: readonly Action[];
  label: string;
  add: (a: Action) => void;
}) {
  const a = moveTo(p.legal, p.label);
  const play = a && moonPlay(p.state, p.legal);
  if (!a || !play) return null;
  return (
    <button type="button" class="choice" data-kind="moveAnimal" onClick={() => p.add(a)}>
      <span>{m.moveHere(m.animals[play.animal])}</span>
    </button>
  );
}

function Ability(p: {
  o: AbilityOption;
  names: readonly string[];
  legal: readonly Action[];
  setPick: (x: MoonPick | null) => void;
  add: (a: Action) => void;
}) {
  const o = p.o;
  const name = m.abilities[o.ability];
  const status = o.used ? m.used : !o.legal ? m.notNow : null;
  return (
    <div class="moon-ability" data-ability={o.ability} data-legal={o.legal ? "1" : "0"}>
      <div>
        <strong>{name}</strong> {status && <small class="muted">({status})</small>}
        <br />
        <small class="muted">{m.abilityHelp[o.ability]}</small>
      </div>
      {/* (Each button says the ability, its level and its cost, "Night hunt II 9 ☾": on a phone the words above are hidden.) */}
      {/* biome-ignore lint/a11y/useSemanticElements: the ability's level buttons, not a form's fieldset; ARIA's group names them after the ability */}
      <div class="moon-levels" role="group" aria-label={name}>
        {o.kind === "direct" &&
          o.levels.map((l) => (
            <Choice
              key={l.level}
              data={{ "data-level": l.level }}
              disabled={!l.action}
              onClick={() => l.action && p.add(l.action)}
              label={o.levels.length > 1 ? `${name} ${ROMAN[l.level - 1] ?? l.level}` : name}
              costLong={m.costLong(l.cost)}
              cost={m.cost(l.cost)}
            />
          ))}
        {(o.kind === "cell" || o.kind === "scare" || o.kind === "dam") && (
          <Choice
            data={{ "data-level": 1 }}
            disabled={!o.legal}
            onClick={() => p.setPick({ ability: o.ability })}
            label={name}
            costLong={m.costLong(o.levels[0].cost)}
            cost={m.cost(o.levels[0].cost)}
          />
        )}
        {o.kind === "seat" &&
          o.seats.map((s) => (
            <Choice
              key={s.seat}
              data={{ "data-target": s.seat }}
              onClick={() => p.add(s.action)}
              label={m.stealFrom(p.names[s.seat] ?? "?")}
              costLong={m.costLong(o.levels[0].cost)}
              cost={m.cost(o.levels[0].cost)}
            />
          ))}
        {o.kind === "baby" &&
          o.babies.map((b) => (
            <Choice
              key={b.baby}
              data={{ "data-baby": b.baby }}
              disabled={!b.legal}
              onClick={() => (b.action ? p.add(b.action) : p.setPick({ ability: "babySteps", baby: b.baby }))}
              label={m.babies[b.baby]}
              costLong={m.costLong(o.levels[0].cost)}
              cost={m.cost(o.levels[0].cost)}
            />
          ))}
      </div>
    </div>
  );
}

/** One ability button: what it does, and its moon-point cost (in words too, for screen readers). */
function Choice(c: {
  label: string;
  cost: string;
  costLong: string;
  onClick: () => void;
  disabled?: boolean;
  data: Record<string, string | number>;
}) {
  return (
    <button type="button" class="choice" {...c.data} disabled={c.disabled} onClick={c.onClick}>
      <span>{c.label}</span> <span class="cost">{c.cost}</span>
      <span class="sr-only"> ({c.costLong})</span>
    </button>
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
  const mo = p.state.moon!;
  const setup = moonSetup(p.state, [], p.seat);
  const myDeal = p.seat >= 0 ? mo.players[p.seat]?.deal : null;
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
      {myDeal && myDeal.length > 0 && !p.myTurn && (
        <div class="moon-deal moon-own-deal">
          <h3>{m.chooseTitle}</h3>
          {myDeal.map((a) => (
            <Card card={animalCard(a)} key={a} />
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
