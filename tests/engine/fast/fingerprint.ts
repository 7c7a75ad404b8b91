/**
 * A fingerprint of the fast core's answers (not a test file itself; fingerprint.test.ts): seeded
 * games of the base game and every Under the Moonlight mode, 2–4 players, with and without the
 * long game and heavy shade, moves drawn uniformly or weighted toward growth and abilities; hashed
 * at every step: the legal moves listed (count, codes, order), the whole position (every word of
 * `pos.a`), the light each seat would collect at every sun, the moon points it would gain; at each
 * game's end the totals and winners; and uniform random playouts (`restart` then `playout`, as the
 * bench plays them, and from the middle of games).
 *
 * The engine-parity tests (agreement.test.ts, moonlight.test.ts) prove the fast core right move
 * for move against the public engine; this one is cheap enough to cover many more listings and
 * says at once whether a change meant only for speed changed any answer at all.
 */
import type { GameOptionsInput } from "../../../src/engine";
import type { FastPosition } from "../../../src/engine/fast";
import { nextInt } from "../../../src/engine/rng";

/** Weight of a move by its type (codes.ts order), an ability 8: as support.ts's weighted policy. */
const WEIGHTS = [1, 3, 0.3, 4, 4, 1, 1, 1];
const weight = (code: number) => ((code & 7) === 7 && ((code >> 15) & 15) !== 0 ? 8 : WEIGHTS[code & 7]);

const MODES: (GameOptionsInput["moonlight"] | undefined)[] = [
  undefined,
  {},
  { greatTree: true },
  { moonstones: true },
  { greatTree: true, moonstones: true },
];

/** The fingerprint (uint32) of `games` games per case, with this core's `createFast`. */
export function fingerprint(
  createFast: (options: GameOptionsInput) => FastPosition,
  maxMoves: number,
  games: number,
): { hash: number; listings: number } {
  const moves = new Int32Array(maxMoves);
  const out = new Int32Array(4);
  let h = 0x811c9dc5;
  const mix = (w: number) => {
    h = Math.imul(h ^ w, 0x01000193);
  };
  let rng = 7;
  const draw = (n: number) => {
    const d = nextInt(rng, n);
    rng = d.rng;
    return d.value;
  };
  let listings = 0;
  for (const moonlight of MODES)
    for (const players of [2, 3, 4])
      for (let variant = 0; variant < 4; variant++)
        for (let g = 0; g < games; g++) {
          const options: GameOptionsInput = {
            players,
            seed: 1000 * variant + g,
            longGame: (variant & 1) !== 0,
            heavyShade: (variant & 2) !== 0,
            ...(moonlight ? { moonlight } : {}),
          };
          const pos = createFast(options);
          const weighted = g % 2 === 1;
          while (!pos.ended) {
            const n = pos.legalMoves(moves);
            listings++;
            mix(n);
            for (let i = 0; i < n; i++) mix(moves[i]);
            for (let i = 0; i < pos.a.length; i++) mix(pos.a[i]);
            if (pos.phase !== 0) {
              for (let sun = 0; sun < 6; sun++) {
                pos.lightGains(sun, out);
                for (let s = 0; s < players; s++) mix(out[s]);
              }
              pos.moonGains(out);
              for (let s = 0; s < players; s++) mix(out[s]);
            }
            let k = draw(n);
            if (weighted) {
              let total = 0;
              for (let i = 0; i < n; i++) total += weight(moves[i]);
              let x = (draw(1 << 20) / (1 << 20)) * total;
              for (k = 0; k < n - 1; k++) {
                x -= weight(moves[k]);
                if (x < 0) break;
              }
            }
            if (draw(64) === 0) {
              // a uniform random playout from here
              const copy = pos.clone();
              mix(copy.playout(draw(1 << 30), moves));
              for (let i = 0; i < copy.a.length; i++) mix(copy.a[i]);
              pos.legalMoves(moves);
            }
            pos.play(moves[k]);
          }
          pos.totals(out);
          for (let s = 0; s < players; s++) mix(out[s]);
          mix(pos.winners());
          // the bench's loop: new games restarted over one position, each played out
          for (let i = 0; i < 4; i++) {
            mix(pos.restart(g * 4 + i).playout(i, moves));
            for (let j = 0; j < pos.a.length; j++) mix(pos.a[j]);
          }
        }
  return { hash: h >>> 0, listings };
}
