/**
 * Under the Moonlight, the part of the game page a turn is planned with (a chunk loaded when the
 * page is first touched, a planned turn is kept for the seat, or the history is replayed: ../game/ctrl.ts,
 * ./load.ts): the expansion's engine, plugged into the engine's reading (the engine's
 * MOONLIGHT_PLAY completes the MOONLIGHT_SEEN that ./ui.tsx registered), the animals' abilities
 * (a chunk each), the rules (../game/rules), and the controls: each setup placement, the animal's
 * move and its abilities with levels and moon-point costs, aimed at cells. Everything offered comes
 * from the engine's legal actions (./aim.ts). Its words: ./ui.tsx's texts, which it hands over, and
 * its own (./i18n/play/), a chunk a language.
 */
import { registerExpansion, type Action, type GameState } from "../../../src/engine/play";
import {
  MOONLIGHT_PLAY,
  MOONLIGHT_SEEN,
  hasAbilities,
  registerAbilities,
  type Ability as AbilityCode,
  type AnimalName,
} from "../../../src/engine/moonlight";
// (the game page plans a Moonlight game with the rules this chunk already carries: its
// controller takes them from here rather than fetch the rules' own small chunk: web/src/game/ctrl.ts)
export * as rules from "../game/rules";
import type { Lang } from "../i18n";
import type { MoonMessages } from "./i18n/en";
import type { MoonPlayMessages } from "./i18n/play/en";
import {
  moonPlay,
  moonStep,
  moonTap,
  moonTargets,
  moveTo,
  type AbilityOption,
  type MoonPick,
  type MoonStep,
} from "./aim";

// The expansion's play, in the object the engine looks the expansion up by (./ui.tsx registered it).
registerExpansion(Object.assign(MOONLIGHT_SEEN, MOONLIGHT_PLAY));

/**
 * Its texts in each language, English too, a chunk each (what only planning a turn says: each
 * placement, the move, aiming); the rest are ./ui.tsx's, which it hands over with the page's
 * language as they change.
 */
const TEXTS: Record<Lang, () => Promise<{ default: MoonPlayMessages }>> = {
  en: () => import("./i18n/play/en"),
  nl: () => import("./i18n/play/nl"),
  fr: () => import("./i18n/play/fr"),
  de: () => import("./i18n/play/de"),
  ja: () => import("./i18n/play/ja"),
};
let m: MoonMessages & MoonPlayMessages;

/** The texts in `lang`: `view`, ./ui.tsx's, and this part's own (English if they cannot be loaded). */
export async function setPlayTexts(view: MoonMessages, lang: string): Promise<void> {
  const own = (await (TEXTS[lang as Lang] ?? TEXTS.en)().catch(() => TEXTS.en())).default;
  m = { ...view, ...own };
}

const ROMAN = ["I", "II", "III", "IV"];

// ---- the board ---------------------------------------------------------------------------------

// The board's hooks are the model's own functions, under the names the game page's controller
// calls this chunk by: the cells to mark as targets (`selected`: a base-game cell chosen), and a
// tap's expansion action, the pick it continues, or null (the base game's turn).
export { moonTargets as moonHighlights, moonTap as moonClick };

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
 * The expansion's part of your turn, in the turn panel (on a phone, docked under the board): each
 * step in words — place your animal, the Great Tree,
 * the moonstones; then in a round, your animal, where it may move (the highlighted cells: a tap
 * moves it) and its abilities, each button naming the ability and its cost. What a step's words
 * name is what the board highlights (aim.ts's moonStep gives both).
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
      // (the choice is offered from the state: ./ui.tsx MoonChoose)
      return null;
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
      const play = step.play;
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
