import type { PartMessages } from "./en";
import { plurals } from "../plural";

const p = plurals("nl");

const nl: PartMessages = {
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
  logTitle: "Spelverloop",
  logEmpty: "Er is nog niets gebeurd.",
  replayTitle: "Terugkijken",
  replayPosition: (i, n) => `Actie ${i} van ${n}`,
  replayStart: "Begin",
  replayPrev: "Terug",
  replayNext: "Verder",
  finalScores: "Eindstand",
  tokensPoints: "penningen",
  lightPointsScore: (per) => `licht ÷ ${per}`,
  total: "totaal",
  notificationsGameHint: "Webhooks voor het kanaal van dit spel, en wat er verstuurd is",
  notificationsMeHint: "Je eigen webhooks en Discord-pings, voor al je spellen",
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
  autoTimeout: "automatisch gespeeld: de tijd was op",
  // The board's legend (web/src/ui/legend.tsx)
  legendShadow: "schaduw deze ronde",
  legendNext: "schaduw volgende ronde",
  legendLit: "krijgt licht (een stip per punt)",
  legendTarget: "mogelijk doel",
  legendRings: "grond: 4, 3, 2 en 1 blad van het midden naar buiten",
  keyboardHelp: "Met de pijltjestoetsen ga je van vak naar vak, met Enter of spatie kies je.",
  // The turn refused (game/refused.ts, with the parts below the first paint); the language's name.
  langName: "Nederlands",
  planKept: "Je geplande acties zijn nog geldig en blijven staan.",
  conflict: "Het spel is veranderd terwijl je plande (een andere actie was eerst). Het bord toont nu het actuele spel.",
  refused: (msg) => `De server weigerde deze beurt: ${msg}`,
  notYourTurn: "Je bent niet meer aan de beurt.",
  // The log's lines of what no planned turn shows (the plan's own are the page's), and going away's refusals.
  evTurnEnded: (who) => `${who} beëindigde de beurt`,
  evTurnSkipped: (who) => `De beurt van ${who} werd overgeslagen`,
  evResigned: (who) => `${who} gaf op`,
  evSetupEnded: "De opstelling is klaar",
  evRoundStarted: (r, dir) =>
    r === 1 ? `Ronde 1 begint; de zon komt op in het ${dir}` : `Ronde ${r} begint; de zon gaat naar het ${dir}`,
  evLight: (who, n, lost) => (lost > 0 ? `${who} krijgt ${n} ☀ (${lost} verloren boven 20)` : `${who} krijgt ${n} ☀`),
  evGameEnded: (winners) => `Het spel is afgelopen. ${winners}`,
  errVacationExhausted: (hours) =>
    hours <= 0
      ? "Je hebt in dit spel geen afwezigheid meer over."
      : `Zo lang kan niet: je hebt in dit spel nog ${`${hours} uur`} afwezigheid over.`,
  errNotAway: "Je bent in dit spel niet afwezig.",
  // The scoring stacks (game/view/stacks.tsx).
  stacksTitle: "Scorepenningen",
  stackLeft: (n) => `nog ${n}`,
  stackOut: "op",
  // A device signed out from another one; a turn planned in two tabs (game/ctrl.ts).
  planPlayed: "Je geplande beurt is in een ander tabblad gespeeld.",
  signedOut: (name: string) =>
    `Dit apparaat is vanaf een ander apparaat afgemeld bij het profiel ${name}. Meld je opnieuw aan om te spelen: je geplande beurt blijft bewaard.`,
  signInAgain: "Opnieuw aanmelden",
  // Said after a turn or a click (game/ctrl.ts), when these texts have come.
  planDropped: "Je geplande acties zijn niet meer geldig en zijn geschrapt.",
  planGone:
    "Het spel is verder gegaan (je beurt is elders gespeeld, of de tijd was om): de acties die je had gepland zijn geschrapt.",
  youTimedOut: "Je tijd was op: de server heeft voor je gespeeld (je beurt is beëindigd).",
  resignConfirm: "Dit spel opgeven? Je stukken blijven op het bord, maar je kunt niet meer winnen.",
  turnSent: "Beurt verstuurd.",
  // What a chosen cell offers (game/view/choices.tsx, after a tap on the board).
  noActionsHere: "Op dit vak kun je nu niets doen.",
  cellTitle: (label) => `Vak ${label}`,
  place: "Hier een kleine boom plaatsen",
  grow: (from, to) => `Laten groeien: ${from} → ${to}`,
  collect: (value) =>
    value === null ? "Verzamelen (geen penning meer)" : `Verzamelen: een penning van ${value} punten`,
  plantFrom: (from) => `Hier een zaadje planten vanaf ${from}`,
  plantHint: (n) => `Deze boom kan een zaadje planten op ${n} gemarkeerde ${p(n, "vak", "vakken")}: kies er een.`,
};

export default nl;
