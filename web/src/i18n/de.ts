import type { Messages } from "./en";
import parts from "./parts/de";
import { plurals } from "./plural";

const p = plurals("de");

const piece = ["Samen", "kleiner Baum", "mittlerer Baum", "großer Baum"];
const pieces = ["Samen", "kleine Bäume", "mittlere Bäume", "große Bäume"];
/** Accusative with the indefinite article: "einen kleinen Baum". */
const pieceAcc = ["einen Samen", "einen kleinen Baum", "einen mittleren Baum", "einen großen Baum"];

const de: Messages = {
  appTagline: "Photosynthese im Browser spielen",
  howToPlay: "Spielanleitung",
  openTables: "Offene Tische",
  language: "Sprache",
  home: "Start",
  loading: "Wird geladen…",
  retry: "Noch einmal versuchen",
  notFound: "Dieses Spiel gibt es nicht.",
  networkError: "Der Server ist nicht erreichbar. Prüfe deine Verbindung und versuche es noch einmal.",
  close: "Schließen",
  offline: {
    offline: "Du bist offline.",
    saved: (w) => `Was du siehst, wurde ${w} gespeichert.`,
    readOnly: "Nur lesen: Ein gesendeter Zug wird aufbewahrt und gesendet, sobald du wieder online bist.",
    kept: "Dein Zug ist auf diesem Gerät aufbewahrt: Er wird gesendet, sobald du wieder online bist.",
    played: "Wieder online: Der offline gesendete Zug wurde gespielt.",
    stale:
      "Der offline gesendete Zug wurde nicht gespielt: Die Partie ging weiter, während du offline warst (ein anderes Gerät hat gespielt, oder deine Zeit ist abgelaufen). Plane deinen Zug neu.",
    refused: (c) => `Der offline gesendete Zug wurde abgelehnt (${c}).`,
    online: "Wieder online.",
    close: "Schließen",
  },
  skipToBoard: "Zum Spielplan springen",

  signInHere: "Anmelden",

  longGame: "Langes Spiel: 4 Sonnenumläufe (24 Runden)",
  heavyShade: "Tiefer Schatten: Teile im Schatten können weder wachsen noch Samen einpflanzen",
  hours: (n) => p(n, "# Stunde", "# Stunden"),
  days: (n) => p(n, "# Tag", "# Tage"),

  roundOf: (r, n) => `Runde ${r} von ${n}`,
  revolution: (i, n) => `Sonnenumlauf ${i} von ${n}`,
  setupStatus: (done, total) => `Spielaufbau: kleine Bäume auf Randfelder (${done} von ${total} gesetzt)`,
  lastRound: "Letzte Runde",
  gameOver: "Spiel beendet",
  yourTurn: "Du bist am Zug",
  turnOf: (name) => `${name} ist am Zug`,
  watching: "Du schaust diesem Spiel zu.",
  deadline: (when) => `Frist ${when}`,
  winnerIs: (names) => `Sieg: ${names}`,
  winnersAre: (names) => `Geteilter Sieg: ${names}`,
  sunIn: (dir) => `Sonne im ${dir}`,
  sunNext: (dir) => `nächste Runde: ${dir}`,
  dirs: ["Nordosten", "Osten", "Südosten", "Südwesten", "Westen", "Nordwesten"],
  liveOn: "Live",
  liveOff: "Verbinde neu…",

  boardTitle: "Spielplan",
  showNext: "Schatten der nächsten Runde",
  showLabels: "Feldnamen",
  legend: "Legende",
  boardLabel: (round, rounds, dir) => `Spielplan, Runde ${round} von ${rounds}, Sonne im ${dir}`,
  boardLabelSetup: (dir) => `Spielplan beim Spielaufbau, Sonne im ${dir}`,
  cellLeaves: (n) => p(n, "# Blatt", "# Blätter"),
  cellEmpty: "leer",
  pieceOf: (p, name) => `${p} von ${name}`,
  collects: (n) => `bekommt ${n} Sonnenpunkte`,
  shaded: "im Schatten, bekommt nichts",
  inShadow: "im Schatten",
  shadedNext: "nächste Runde im Schatten",
  aTarget: "mögliches Ziel",
  isSelected: "gewählt",
  usedThisTurn: "in diesem Zug schon genutzt",

  piece,
  pieceCount: (size, n) => p(n, `# ${piece[size]}`, `# ${pieces[size]}`),
  shapeNames: ["Kreise", "Dreiecke", "Rauten", "Sterne"],

  yourActions: "Dein Zug",
  chooseCell: "Wähle eines deiner Teile oder ein Feld.",
  chooseEdge: "Wähle ein freies Randfeld für einen kleinen Baum.",
  cost: (n) => `${n} ☀`,
  costLong: (n) => p(n, "# Sonnenpunkt", "# Sonnenpunkte"),
  buyTitle: "Von deinem Tableau kaufen",
  buy: (p) => `Kaufen: ${p}`,
  columnEmpty: "leer",
  planTitle: "Dieser Zug",
  planEmpty: "Noch keine Aktionen geplant.",
  undo: "Rückgängig",
  hint: "Tipp",
  redo: "Wiederholen",
  startOver: "Von vorn",
  endTurn: "Zug beenden",
  confirmPlacement: "Bestätigen",
  sending: "Wird gesendet…",
  resign: "Aufgeben",

  playersTitle: "Spieler",
  you: "du",
  lightPoints: "Sonnenpunkte",
  lightOf: (n, cap) => `${n} von ${cap} Sonnenpunkten`,
  nextLight: (n) => `+${n} nächste Runde`,
  playerBoard: "Tableau",
  availableArea: "Pflanzbereit",
  nextPrice: (p) => `nächster ${p} ☀`,
  tokens: "Punktechips",
  score: "Punkte",
  scoreHelp:
    "Die Punkte, wenn das Spiel jetzt endete: die gewonnenen Punktechips, plus 1 Punkt je 3 übrige Sonnenpunkte.",
  scoreSum: (tokens, light, points, per) => `= ${tokens} aus Punktechips + ${points} für ${light} ☀ (1 je ${per})`,
  scoreMore: (n) => `+ ${n} vom Mond`,
  firstPlayer: "Startspieler",
  resigned: "aufgegeben",
  toAct: "am Zug",
  rank: (n) => `${n}.`,

  stackLeaves: (n) => p(n, "# Blatt", "# Blätter"),

  replayLive: "Jetzt",
  replaying: "Du siehst einen früheren Moment des Spiels.",
  evPlaced: (who, cell) => `${who} setzt einen kleinen Baum auf ${cell}`,
  evBought: (who, p, cost) => `${who} kauft ${pieceAcc[piece.indexOf(p)] ?? p} (${cost} ☀)`,
  evPlanted: (who, from, to) => `${who} pflanzt einen Samen von ${from} aus auf ${to} (1 ☀)`,
  evGrew: (who, cell, from, to, cost) => `${who} lässt auf ${cell} wachsen: ${from} → ${to} (${cost} ☀)`,
  evCollected: (who, cell, value) =>
    value === null
      ? `${who} sammelt den Baum auf ${cell} (kein Punktechip mehr) (4 ☀)`
      : `${who} sammelt den Baum auf ${cell}: ${value} Punkte (4 ☀)`,

  // Benachrichtigungen, Fristen und Abwesenheit
  notificationsTitle: "Benachrichtigungen",
  errRateLimited: "Zu viele Versuche in kurzer Zeit: Warte eine Minute und versuche es noch einmal.",
  errGameOver: "Die Partie ist vorbei.",
  loadFailed: "Dieser Teil der Seite konnte nicht geladen werden.",
  clockPaused: (name, until) => `${name} ist bis ${until} abwesend: Die Uhr steht still`,
  youAreAway: (until) => `Du bist bis ${until} weg. Deine Uhr steht still.`,
  awayBadge: (until) => `weg bis ${until}`,
  timeoutsBadge: (n, max) =>
    max === null ? p(n, "# Zeitüberschreitung", "# Zeitüberschreitungen") : `${n} von ${max} Zeitüberschreitungen`,
  timeoutsLong: (n) =>
    p(n, "hat beim letzten Zug die Zeit überschritten", "hat bei den letzten # Zügen die Zeit überschritten"),
};

// (with the later parts' texts: one chunk a language, docs/web.md "Weights")
export default { ...parts, ...de };
