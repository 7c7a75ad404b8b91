/** The owl (German: Eule): hunt ("Nächtliche Jagd" I–III), light points for moon points. */
import { addLight } from "../../draft";
import { HUNT_LIGHT } from "../rules";
import { type Ability, carriesNothing, codeLevel, named, offerLevels } from "./ability";

export const hunt: Ability = {
  ...named("hunt"),
  carries: carriesNothing,
  level: codeLevel,
  moves(state, out, here, points) {
    offerLevels(state, out, hunt, here, points);
  },
  check: () => null,
  apply(d, _code, level, _here, events) {
    const seat = d.s.current;
    const got = addLight(d.player(seat), HUNT_LIGHT[level]);
    events.push({
      type: "lightGained",
      seat,
      amount: HUNT_LIGHT[level],
      ...got,
    });
  },
};

/** The owl's abilities, in ABILITIES' order (what ./index.ts `registerAbilities` enters). */
export const abilities: readonly Ability[] = [hunt];
