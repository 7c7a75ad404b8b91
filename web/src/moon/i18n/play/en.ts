/**
 * Under the Moonlight, the texts of the part of the game page a turn is planned with (../../play.tsx):
 * each setup placement, the animal's move, aiming an ability. English (the reference; every language
 * has exactly these keys). The rest of the expansion's texts: ../en.ts.
 */
import { plural } from "../../../i18n/plural";

const en = {
  placeAnimal: (animal: string, n: number) =>
    plural("en", n, {
      one: `Place your ${animal}: choose the highlighted 3-leaf cell.`,
      other: `Place your ${animal}: choose one of the # highlighted 3-leaf cells.`,
    }),
  placeGreatTree: (n: number) =>
    plural("en", n, {
      one: "Place the Great Tree: choose the highlighted cell.",
      other: "Place the Great Tree: choose one of the # highlighted free cells.",
    }),
  placeMoonstone: (n: number) =>
    plural("en", n, {
      one: "Place a moonstone: choose the highlighted cell.",
      other: "Place a moonstone: choose one of the # highlighted free cells.",
    }),
  yourAnimal: (animal: string, cell: string) => `Your ${animal} on ${cell}`,
  movePlay: (n: number) =>
    plural("en", n, {
      one: "Move it: choose the highlighted cell.",
      other: "Move it: choose one of the # highlighted cells.",
    }),
  moved: "Your animal has moved this turn.",
  moveNow: "Move the animal",
  moveHere: (animal: string) => `Move your ${animal} here`,
  pickCell: (n: number) =>
    plural("en", n, { one: "Choose the highlighted cell.", other: "Choose one of the # highlighted cells." }),
  pickAnimal: "Click the animal to scare.",
  pickScareTo: "Click where it goes.",
  pickDam: "Click the first dam cell.",
  pickDam2: "Click the second dam cell.",
  cancel: "Cancel",
  stealFrom: (name: string) => `Steal from ${name}`,
  used: "used this turn",
  notNow: "not possible now",
};

export type MoonPlayMessages = typeof en;
export default en;
