import type { Messages } from "./en";
import parts from "./parts/nl";
import { plurals } from "./plural";

const p = plurals("nl");

const piece = ["zaadje", "kleine boom", "middelgrote boom", "grote boom"];
const pieces = ["zaadjes", "kleine bomen", "middelgrote bomen", "grote bomen"];

const nl: Messages = {
  appTagline: "Photosynthesis, online gespeeld",
  howToPlay: "Spelregels",
  openTables: "Open tafels",
  language: "Taal",
  home: "Start",
  loading: "Laden…",
  retry: "Opnieuw proberen",
  notFound: "Dit spel bestaat niet.",
  networkError: "De server is niet bereikbaar. Controleer je verbinding en probeer het opnieuw.",
  close: "Sluiten",
  offline: {
    offline: "Je bent offline.",
    saved: (w) => `Wat je ziet is ${w} bewaard.`,
    readOnly: "Alleen lezen: een beurt die je stuurt wordt bewaard en verstuurd zodra je weer online bent.",
    kept: "Je beurt is op dit apparaat bewaard: hij wordt verstuurd zodra je weer online bent.",
    played: "Weer online: de beurt die je offline stuurde is gespeeld.",
    stale:
      "De beurt die je offline stuurde is niet gespeeld: het spel ging verder terwijl je offline was (een ander apparaat speelde, of je tijd was om). Plan je beurt opnieuw.",
    refused: (c) => `De beurt die je offline stuurde is geweigerd (${c}).`,
    online: "Weer online.",
    close: "Sluiten",
  },
  skipToBoard: "Naar het speelbord",

  signInHere: "Aanmelden",

  longGame: "Lang spel: de zon draait 4 keer rond (24 rondes)",
  heavyShade: "Diepe schaduw: stukken in de schaduw kunnen niet groeien of planten",
  hours: (n) => `${n} uur`,
  days: (n) => p(n, "# dag", "# dagen"),

  roundOf: (r, n) => `Ronde ${r} van ${n}`,
  revolution: (i, n) => `zonnerondgang ${i} van ${n}`,
  setupStatus: (done, total) => `Opstelling: kleine bomen op de rand (${done} van ${total} geplaatst)`,
  lastRound: "Laatste ronde",
  gameOver: "Het spel is afgelopen",
  yourTurn: "Jij bent aan de beurt",
  turnOf: (name) => `${name} is aan de beurt`,
  watching: "Je kijkt naar dit spel.",
  deadline: (when) => `Uiterlijk ${when}`,
  winnerIs: (names) => `Winnaar: ${names}`,
  winnersAre: (names) => `Gedeelde overwinning: ${names}`,
  sunIn: (dir) => `Zon in het ${dir}`,
  sunNext: (dir) => `volgende ronde: ${dir}`,
  dirs: ["noordoosten", "oosten", "zuidoosten", "zuidwesten", "westen", "noordwesten"],
  liveOn: "Live",
  liveOff: "Opnieuw verbinden…",

  boardTitle: "Speelbord",
  showNext: "Schaduw van de volgende ronde",
  showLabels: "Vaknamen",
  legend: "Legenda",
  boardLabel: (round, rounds, dir) => `Speelbord, ronde ${round} van ${rounds}, zon in het ${dir}`,
  boardLabelSetup: (dir) => `Speelbord tijdens de opstelling, zon in het ${dir}`,
  cellLeaves: (n) => p(n, "# blad", "# bladeren"),
  cellEmpty: "leeg",
  pieceOf: (p, name) => `${p} van ${name}`,
  collects: (n) => `krijgt ${n} licht`,
  shaded: "in de schaduw, krijgt niets",
  inShadow: "in de schaduw",
  shadedNext: "volgende ronde in de schaduw",
  aTarget: "mogelijk doel",
  isSelected: "gekozen",
  usedThisTurn: "deze beurt al gebruikt",

  piece,
  pieceCount: (size, n) => p(n, `# ${piece[size]}`, `# ${pieces[size]}`),
  shapeNames: ["cirkels", "driehoeken", "ruiten", "sterren"],

  yourActions: "Jouw beurt",
  chooseCell: "Kies een van je stukken, of een vak.",
  chooseEdge: "Kies een leeg randvak voor een kleine boom.",
  cost: (n) => `${n} ☀`,
  costLong: (n) => p(n, "# lichtpunt", "# lichtpunten"),
  buyTitle: "Aankopen van je spelersbord",
  buy: (p) => `${p} aankopen`,
  columnEmpty: "leeg",
  planTitle: "Deze beurt",
  planEmpty: "Nog geen acties gepland.",
  undo: "Ongedaan maken",
  hint: "Tip",
  redo: "Opnieuw",
  startOver: "Opnieuw beginnen",
  endTurn: "Beurt beëindigen",
  confirmPlacement: "Bevestigen",
  sending: "Versturen…",
  resign: "Opgeven",

  playersTitle: "Spelers",
  you: "jij",
  lightPoints: "Licht",
  lightOf: (n, cap) => `${n} van ${cap} lichtpunten`,
  nextLight: (n) => `+${n} volgende ronde`,
  playerBoard: "Spelersbord",
  availableArea: "Beschikbaar",
  nextPrice: (p) => `volgende ${p} ☀`,
  tokens: "Penningen",
  score: "Score",
  scoreHelp:
    "De score als het spel nu zou eindigen: de gewonnen penningen, plus 1 punt per 3 overgebleven lichtpunten.",
  scoreSum: (tokens, light, points, per) => `= ${tokens} uit penningen + ${points} voor ${light} ☀ (1 per ${per})`,
  scoreMore: (n) => `+ ${n} van de maan`,
  firstPlayer: "eerste speler",
  resigned: "opgegeven",
  toAct: "aan zet",
  rank: (n) => `#${n}`,

  stackLeaves: (n) => p(n, "# blad", "# bladeren"),

  replayLive: "Nu",
  replaying: "Je bekijkt een eerder moment van het spel.",
  evPlaced: (who, cell) => `${who} plaatste een kleine boom op ${cell}`,
  evBought: (who, p, cost) => `${who} kocht een ${p} (${cost} ☀)`,
  evPlanted: (who, from, to) => `${who} plantte een zaadje op ${to} vanaf ${from} (1 ☀)`,
  evGrew: (who, cell, from, to, cost) => `${who} liet op ${cell} een ${from} groeien tot ${to} (${cost} ☀)`,
  evCollected: (who, cell, value) =>
    value === null
      ? `${who} verzamelde de boom op ${cell} (geen penning meer) (4 ☀)`
      : `${who} verzamelde de boom op ${cell}: ${value} punten (4 ☀)`,

  // Meldingen, deadlines en afwezigheid
  notificationsTitle: "Meldingen",
  errRateLimited: "Te veel pogingen kort na elkaar: wacht een minuut en probeer het opnieuw.",
  errGameOver: "Het spel is afgelopen.",
  loadFailed: "Dit deel van de pagina kon niet worden geladen.",
  clockPaused: (name, until) => `${name} is afwezig tot ${until}: de klok staat stil`,
  youAreAway: (until) => `Je bent weg tot ${until}. Je klok staat stil.`,
  awayBadge: (until) => `weg tot ${until}`,
  timeoutsBadge: (n, max) => (max === null ? `${n} keer te laat` : `${n} van ${max} keer te laat`),
  timeoutsLong: (n) => p(n, "was bij de laatste beurt te laat", "was bij de laatste # beurten te laat"),
};

// (with the later parts' texts: one chunk a language, docs/web.md "Weights")
export default { ...parts, ...nl };
