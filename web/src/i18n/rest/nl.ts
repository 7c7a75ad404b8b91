import type { RestMessages } from "./en";
import { plurals } from "../plural";

const p = plurals("nl");

const nl: RestMessages = {
  createProfileIntro:
    "Kies een naam die de andere spelers zien. Geen e-mail, geen wachtwoord: je sleutel wordt in deze browser bewaard.",
  nameLabel: "Je naam",
  createProfile: "Profiel aanmaken",
  useKey: "Bestaande sleutel gebruiken",
  keyLabel: "Profielsleutel",
  useKeyButton: "Deze sleutel gebruiken",
  badKey: "Die sleutel is niet geldig.",
  playersLabel: "Spelers",
  moveTime: "Tijd per zet",
  moveTimeNone: "Geen limiet",
  copy: "Kopiëren",
  copied: "Gekopieerd",
  share: "Delen",
  finalScores: "Eindstand",
  tokensPoints: "penningen",
  lightPointsScore: (per) => `licht ÷ ${per}`,
  total: "totaal",
  awayTitle: "Even weg?",
  awayHelp: (days) =>
    `Zolang je weg bent, staat je klok stil en zien de anderen dat. In dit spel in totaal ${p(days, "# dag", "# dagen")}.`,
  awayNone: "In dit spel is geen afwezigheid mogelijk.",
  awayFor: "Weg voor",
  awayUnit: "Eenheid",
  unitHours: "uur",
  unitDays: "dagen",
  goAway: "Ik ben weg",
  imBack: "Ik ben terug",
  legendShadow: "schaduw deze ronde",
  legendNext: "schaduw volgende ronde",
  legendLit: "krijgt licht (een stip per punt)",
  legendTarget: "mogelijk doel",
  legendRings: "grond: 4, 3, 2 en 1 blad van het midden naar buiten",
  keyboardHelp: "Met de pijltjestoetsen ga je van vak naar vak, met Enter of spatie kies je.",
  // The turn refused (game/refused.ts, with the parts below the first paint); the language's name.
  signedOut: (name: string) =>
    `Dit apparaat is vanaf een ander apparaat afgemeld bij het profiel ${name}. Meld je opnieuw aan om te spelen: je geplande beurt blijft bewaard.`,
  signInAgain: "Opnieuw aanmelden",
  // Said after a turn or a click (game/ctrl.ts), when these texts have come.
  noActionsHere: "Op dit vak kun je nu niets doen.",
  cellTitle: (label) => `Vak ${label}`,
  plantFrom: (from) => `Hier een zaadje planten vanaf ${from}`,
  plantHint: (n) => `Deze boom kan een zaadje planten op ${n} gemarkeerde ${p(n, "vak", "vakken")}: kies er een.`,
  // A turn refused, and what a chosen cell offers (game/refused.ts, game/view/choices.tsx: after a click).
  planKept: "Je geplande acties zijn nog geldig en blijven staan.",
  conflict: "Het spel is veranderd terwijl je plande (een andere actie was eerst). Het bord toont nu het actuele spel.",
  refused: (msg) => `De server weigerde deze beurt: ${msg}`,
  notYourTurn: "Je bent niet meer aan de beurt.",
  place: "Hier een kleine boom plaatsen",
  grow: (from, to) => `Laten groeien: ${from} → ${to}`,
  collect: (value) =>
    value === null ? "Verzamelen (geen penning meer)" : `Verzamelen: een penning van ${value} punten`,
};

export default nl;
