/**
 * What a player name may be. Names are shown to other players, in chat messages and on the board
 * picture, so they must be text a person can see and read the same way everywhere:
 *
 * - normalised to NFC (the same name typed on two keyboards is the same name), trimmed;
 * - no unpaired surrogate, no control character (Cc: NUL, BEL, ESC…), no line or paragraph
 *   separator, no noncharacter;
 * - no format character (Cf: bidi overrides, zero-width space, soft hyphen…) nor any other
 *   default-ignorable code point (Hangul fillers, CGJ…), except where writing needs them: a
 *   zero-width joiner or non-joiner between two visible characters (emoji sequences, Persian,
 *   Indic scripts), variation selectors after a character (❤️), and the tag characters of an
 *   emoji flag (🏴󠁧󠁢󠁳󠁣󠁴󠁿);
 * - at least one visible character (not only spaces, marks, fillers or U+2800 braille blank);
 * - at most NAME_MAX characters as people count them (grapheme clusters), and at most
 *   NAME_MAX_UNITS UTF-16 code units so that stacked combining marks cannot grow a name unbounded.
 *
 * Written by hand: no kept library implements this profile for Workers (PRECIS libraries target
 * Node and do far more); the Unicode properties come from the JavaScript engine's own tables.
 */

export const NAME_MAX = 40;
export const NAME_MAX_UNITS = 200;

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Whether a string holds an unpaired surrogate: broken UTF-16 (a JSON `\ud800` escape), text no
 * UTF-8 can carry, which would be shown as U+FFFD. Names and table talk refuse it.
 */
export function hasLoneSurrogate(s: string): boolean {
  return LONE_SURROGATE.test(s);
}
const CONTROL = /[\p{Cc}\u2028\u2029]/u;
const NONCHARACTER =
  /[\uFDD0-\uFDEF\uFFFE\uFFFF]|[\u{1FFFE}\u{1FFFF}\u{2FFFE}\u{2FFFF}\u{3FFFE}\u{3FFFF}\u{EFFFE}\u{EFFFF}\u{FFFFE}\u{FFFFF}\u{10FFFE}\u{10FFFF}]/u;
const IGNORABLE = /[\p{Cf}\p{Default_Ignorable_Code_Point}]/u;
const JOINER = /[\u200C\u200D]/u;
const VARIATION = /[\uFE00-\uFE0F\u{E0100}-\u{E01EF}]/u;
const TAG = /[\u{E0020}-\u{E007F}]/u;
const BLACK_FLAG = 0x1f3f4;
/** Characters that show nothing by themselves. */
const INVISIBLE = /^[\p{White_Space}\p{Cf}\p{Default_Ignorable_Code_Point}\p{M}\u2800]$/u;

let segmenter: Intl.Segmenter | null = null;

/** User-perceived characters (extended grapheme clusters). */
export function graphemeCount(s: string): number {
  segmenter ??= new Intl.Segmenter(undefined, { granularity: "grapheme" });
  let n = 0;
  for (const _ of segmenter.segment(s)) n++;
  return n;
}

export type NameCheck = { ok: true; name: string } | { ok: false; message: string };

/** Why a (normalised) name is refused, or null when it may be used. */
function refusal(name: string): string | null {
  if (hasLoneSurrogate(name)) return "a name cannot contain an unpaired surrogate (broken UTF-16)";
  const cps = Array.from(name);
  for (let i = 0; i < cps.length; i++) {
    const c = cps[i];
    const hex = `U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0")}`;
    if (CONTROL.test(c)) return `a name cannot contain control characters or line breaks (${hex})`;
    if (NONCHARACTER.test(c)) return `a name cannot contain noncharacters (${hex})`;
    if (!IGNORABLE.test(c)) continue;
    const before = cps[i - 1];
    const after = cps[i + 1];
    const visible = (x: string | undefined) => x !== undefined && !INVISIBLE.test(x);
    if (JOINER.test(c) && visible(before) && visible(after)) continue;
    if (VARIATION.test(c) && visible(before)) continue;
    if (TAG.test(c)) {
      // An emoji tag sequence: U+1F3F4, tags, and the cancel tag U+E007F at its end.
      let j = i;
      while (j > 0 && TAG.test(cps[j - 1])) j--;
      const startsWithFlag = cps[j - 1]?.codePointAt(0) === BLACK_FLAG;
      let k = i;
      while (k < cps.length - 1 && TAG.test(cps[k + 1])) k++;
      if (startsWithFlag && cps[k].codePointAt(0) === 0xe007f) continue;
    }
    return `a name cannot contain invisible or format characters (${hex})`;
  }
  if (!cps.some((c) => !INVISIBLE.test(c))) return "a name needs at least one visible character";
  if (graphemeCount(name) > NAME_MAX) return `a name has at most ${NAME_MAX} characters`;
  if (name.length > NAME_MAX_UNITS)
    return `a name is at most ${NAME_MAX_UNITS} UTF-16 code units long (too many combining marks)`;
  return null;
}

/** Normalise a name (NFC, trimmed) and check it. */
export function checkName(raw: string): NameCheck {
  // A lone surrogate survives normalize() unchanged; it is refused below.
  const name = raw.normalize("NFC").trim();
  if (name === "") return { ok: false, message: "a name needs at least one visible character" };
  const why = refusal(name);
  return why ? { ok: false, message: why } : { ok: true, name };
}
