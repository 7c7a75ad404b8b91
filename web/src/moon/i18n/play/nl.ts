/** Onder het maanlicht: de teksten van het deel van de spelpagina waarmee een beurt wordt gepland, Nederlands. */
import { plural } from "../../../i18n/plural";
import type { MoonPlayMessages } from "./en";

const nl: MoonPlayMessages = {
  placeAnimal: (animal, n) =>
    plural("nl", n, {
      one: `Zet je dier (${animal}) neer: kies het gemarkeerde vak met 3 blaadjes.`,
      other: `Zet je dier (${animal}) neer: kies een van de # gemarkeerde vakken met 3 blaadjes.`,
    }),
  placeGreatTree: (n) =>
    plural("nl", n, {
      one: "Zet de Grote Boom neer: kies het gemarkeerde vak.",
      other: "Zet de Grote Boom neer: kies een van de # gemarkeerde vrije vakken.",
    }),
  placeMoonstone: (n) =>
    plural("nl", n, {
      one: "Leg een maansteen: kies het gemarkeerde vak.",
      other: "Leg een maansteen: kies een van de # gemarkeerde vrije vakken.",
    }),
  yourAnimal: (animal, cell) => `Je ${animal} op ${cell}`,
  movePlay: (n) =>
    plural("nl", n, {
      one: "Verplaats het: kies het gemarkeerde vak.",
      other: "Verplaats het: kies een van de # gemarkeerde vakken.",
    }),
  moved: "Je dier is deze beurt al verplaatst.",
  moveNow: "Dier verplaatsen",
  moveHere: (animal) => `Je dier (${animal}) hierheen verplaatsen`,
  pickCell: (n) =>
    plural("nl", n, { one: "Kies het gemarkeerde vak.", other: "Kies een van de # gemarkeerde vakken." }),
  pickAnimal: "Klik het dier dat moet schrikken.",
  pickScareTo: "Klik waar het heen gaat.",
  pickDam: "Klik het eerste damveld.",
  pickDam2: "Klik het tweede damveld.",
  cancel: "Annuleren",
  stealFrom: (name) => `Stelen van ${name}`,
  used: "deze beurt gebruikt",
  notNow: "nu niet mogelijk",
};

export default nl;
