/** Au clair de lune : les textes de la partie de la page de jeu qui prépare un tour, français. */
import { plural } from "../../../i18n/plural";
import type { MoonPlayMessages } from "./en";

const fr: MoonPlayMessages = {
  placeAnimal: (animal, n) =>
    plural("fr", n, {
      one: `Placez votre animal (${animal}) : choisissez la case à 3 feuilles en surbrillance.`,
      other: `Placez votre animal (${animal}) : choisissez l’une des # cases à 3 feuilles en surbrillance.`,
    }),
  placeGreatTree: (n) =>
    plural("fr", n, {
      one: "Placez le Grand Arbre : choisissez la case en surbrillance.",
      other: "Placez le Grand Arbre : choisissez l’une des # cases libres en surbrillance.",
    }),
  placeMoonstone: (n) =>
    plural("fr", n, {
      one: "Posez une pierre de lune : choisissez la case en surbrillance.",
      other: "Posez une pierre de lune : choisissez l’une des # cases libres en surbrillance.",
    }),
  yourAnimal: (animal, cell) => `Votre animal (${animal}) en ${cell}`,
  movePlay: (n) =>
    plural("fr", n, {
      one: "Déplacez-le : choisissez la case en surbrillance.",
      other: "Déplacez-le : choisissez l’une des # cases en surbrillance.",
    }),
  moved: "Votre animal s’est déplacé ce tour-ci.",
  moveNow: "Déplacer l’animal",
  moveHere: (animal) => `Déplacer votre animal (${animal}) ici`,
  pickCell: (n) =>
    plural("fr", n, {
      one: "Choisissez la case en surbrillance.",
      other: "Choisissez l’une des # cases en surbrillance.",
    }),
  pickAnimal: "Cliquez l’animal à effrayer.",
  pickScareTo: "Cliquez où il va.",
  pickDam: "Cliquez la première case du barrage.",
  pickDam2: "Cliquez la seconde case du barrage.",
  cancel: "Annuler",
  stealFrom: (name) => `Voler ${name}`,
  used: "utilisé ce tour-ci",
  notNow: "impossible maintenant",
};

export default fr;
