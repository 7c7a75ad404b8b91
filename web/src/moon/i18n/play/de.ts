/** Unter dem Mondlicht: die Texte des Teils der Spielseite, mit dem ein Zug geplant wird, Deutsch. */
import { plural } from "../../../i18n/plural";
import type { MoonPlayMessages } from "./en";

const de: MoonPlayMessages = {
  placeAnimal: (animal, n) =>
    plural("de", n, {
      one: `Stelle dein Tier (${animal}) auf: Wähle das markierte Feld mit 3 Blättern.`,
      other: `Stelle dein Tier (${animal}) auf: Wähle eines der # markierten Felder mit 3 Blättern.`,
    }),
  placeGreatTree: (n) =>
    plural("de", n, {
      one: "Stelle den Großen Baum auf: Wähle das markierte Feld.",
      other: "Stelle den Großen Baum auf: Wähle eines der # markierten freien Felder.",
    }),
  placeMoonstone: (n) =>
    plural("de", n, {
      one: "Lege einen Mondstein: Wähle das markierte Feld.",
      other: "Lege einen Mondstein: Wähle eines der # markierten freien Felder.",
    }),
  yourAnimal: (animal, cell) => `Dein ${animal} auf ${cell}`,
  movePlay: (n) =>
    plural("de", n, {
      one: "Bewege es: Wähle das markierte Feld.",
      other: "Bewege es: Wähle eines der # markierten Felder.",
    }),
  moved: "Dein Tier hat sich in diesem Zug bewegt.",
  moveNow: "Tier bewegen",
  moveHere: (animal) => `Dein Tier (${animal}) hierher bewegen`,
  pickCell: (n) => plural("de", n, { one: "Wähle das markierte Feld.", other: "Wähle eines der # markierten Felder." }),
  pickAnimal: "Klicke das Tier, das du erschrecken willst.",
  pickScareTo: "Klicke, wohin es geht.",
  pickDam: "Klicke das erste Dammfeld.",
  pickDam2: "Klicke das zweite Dammfeld.",
  cancel: "Abbrechen",
  stealFrom: (name) => `Von ${name} stehlen`,
  used: "in diesem Zug genutzt",
  notNow: "jetzt nicht möglich",
};

export default de;
