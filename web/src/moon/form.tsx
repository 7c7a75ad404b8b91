/**
 * Under the Moonlight on the create-game form: off, or the main mode (moon and animals) with the
 * Great Tree and/or the moonstones. Its few words in all five languages live here (the page's
 * dictionaries stay as they are; the game page's Moonlight texts are a chunk of their own).
 */
import { lang, type Lang } from "../i18n";

export type MoonMode = false | { greatTree: boolean; moonstones: boolean };

const TEXT: Record<
  Lang,
  { on: string; onHelp: string; greatTree: string; greatTreeHelp: string; stones: string; stonesHelp: string }
> = {
  en: {
    on: "Under the Moonlight",
    onHelp:
      "The moon circles the board; each player keeps one of two animals, gathers moon points in its light and spends them on the animal's abilities.",
    greatTree: "+ the Great Tree",
    greatTreeHelp: "A huge tree that stops moonlight and casts a shadow to the board's edge.",
    stones: "+ moonstones",
    stonesHelp: "Stones that glow in moonlight and light their neighbours.",
  },
  nl: {
    on: "Onder het maanlicht",
    onHelp:
      "De maan draait rond het bord; iedereen houdt één van twee dieren, verzamelt maanpunten in het maanlicht en besteedt ze aan de krachten van het dier.",
    greatTree: "+ de Grote Boom",
    greatTreeHelp: "Een reusachtige boom die het maanlicht tegenhoudt en schaduw werpt tot de rand van het bord.",
    stones: "+ maanstenen",
    stonesHelp: "Stenen die in het maanlicht gloeien en hun buren verlichten.",
  },
  fr: {
    on: "Au clair de lune",
    onHelp:
      "La lune tourne autour du plateau ; chacun garde un animal parmi deux, gagne des points de lune dans sa lumière et les dépense pour les pouvoirs de l’animal.",
    greatTree: "+ le Grand Arbre",
    greatTreeHelp: "Un arbre immense qui arrête le clair de lune et projette son ombre jusqu’au bord du plateau.",
    stones: "+ pierres de lune",
    stonesHelp: "Des pierres qui brillent au clair de lune et éclairent leurs voisines.",
  },
  de: {
    on: "Unter dem Mondlicht",
    onHelp:
      "Der Mond wandert um das Spielbrett; jeder behält eines von zwei Tieren, sammelt in seinem Licht Mondpunkte und gibt sie für die Fähigkeiten des Tiers aus.",
    greatTree: "+ der Große Baum",
    greatTreeHelp: "Ein riesiger Baum, der das Mondlicht aufhält und Schatten bis zum Rand wirft.",
    stones: "+ Mondsteine",
    stonesHelp: "Steine, die im Mondlicht leuchten und ihre Nachbarn erhellen.",
  },
  ja: {
    on: "月明かりの下で",
    onHelp: "月がボードの周りを巡ります。各自2匹の動物から1匹を選び、月光で月ポイントを集めて動物の能力に使います。",
    greatTree: "＋ 大樹",
    greatTreeHelp: "月光をさえぎり、ボードの端まで影を落とす巨大な木。",
    stones: "＋ 月の石",
    stonesHelp: "月光で輝き、隣のマスを照らす石。",
  },
};

export function moonFormText(l: Lang = lang) {
  return TEXT[l] ?? TEXT.en;
}
export const MOON_FORM_TEXT = TEXT;

export function MoonlightFields(p: { value: MoonMode; onChange: (v: MoonMode) => void }) {
  const x = moonFormText();
  const on = p.value !== false;
  const v = p.value || { greatTree: false, moonstones: false };
  const box = (name: string, checked: boolean, label: string, help: string, set: (b: boolean) => void, id: string) => (
    <label class="check moon-opt" key={name}>
      <input
        type="checkbox"
        name={name}
        checked={checked}
        aria-describedby={id}
        onChange={(e) => set((e.target as HTMLInputElement).checked)}
      />
      <span>
        {label}
        <small class="muted hint" id={id} style="display:block">
          {help}
        </small>
      </span>
    </label>
  );
  return (
    <fieldset class="moonlight" style="border:0;padding:0;margin:0">
      {box(
        "moonlight",
        on,
        x.on,
        x.onHelp,
        (b) => p.onChange(b ? { greatTree: false, moonstones: false } : false),
        "moon-help",
      )}
      {on && (
        <div style="margin-left:1.6em">
          {box(
            "greatTree",
            v.greatTree,
            x.greatTree,
            x.greatTreeHelp,
            (b) => p.onChange({ ...v, greatTree: b }),
            "moon-gt-help",
          )}
          {box(
            "moonstones",
            v.moonstones,
            x.stones,
            x.stonesHelp,
            (b) => p.onChange({ ...v, moonstones: b }),
            "moon-st-help",
          )}
        </div>
      )}
    </fieldset>
  );
}
