import type { RestMessages } from "./en";
import { plurals } from "../plural";

const p = plurals("de");

const de: RestMessages = {
  createProfileIntro:
    "Wähle einen Namen, den die anderen sehen. Keine E-Mail, kein Passwort: Dein Schlüssel bleibt in diesem Browser.",
  nameLabel: "Dein Name",
  createProfile: "Profil anlegen",
  useKey: "Vorhandenen Schlüssel verwenden",
  keyLabel: "Profilschlüssel",
  useKeyButton: "Diesen Schlüssel verwenden",
  badKey: "Dieser Schlüssel ist ungültig.",
  playersLabel: "Spieler",
  moveTime: "Zeit pro Zug",
  moveTimeNone: "Unbegrenzt",
  copy: "Kopieren",
  copied: "Kopiert",
  share: "Teilen",
  finalScores: "Endwertung",
  tokensPoints: "Chips",
  lightPointsScore: (per) => `Sonne ÷ ${per}`,
  total: "gesamt",
  awayTitle: "Bist du weg?",
  awayHelp: (days) =>
    `Solange du weg bist, steht deine Uhr still und die anderen sehen es. In dieser Partie insgesamt ${p(days, "# Tag", "# Tage")}.`,
  awayNone: "In dieser Partie gibt es keinen Urlaub.",
  awayFor: "Weg für",
  awayUnit: "Einheit",
  unitHours: "Stunden",
  unitDays: "Tage",
  goAway: "Ich bin weg",
  imBack: "Ich bin zurück",
  legendShadow: "Schatten in dieser Runde",
  legendNext: "Schatten in der nächsten Runde",
  legendLit: "bekommt Licht (ein Punkt je Sonnenpunkt)",
  legendTarget: "mögliches Ziel",
  legendRings: "Boden: 4, 3, 2 und 1 Blatt von der Mitte nach außen",
  keyboardHelp: "Mit den Pfeiltasten von Feld zu Feld, mit Eingabe oder Leertaste wählen.",
  // The turn refused (game/refused.ts, with the parts below the first paint); the language's name.
  signedOut: (name: string) =>
    `Dieses Gerät wurde von einem anderen Gerät aus vom Profil ${name} abgemeldet. Melde dich wieder an, um zu spielen: dein geplanter Zug bleibt erhalten.`,
  signInAgain: "Wieder anmelden",
  // Said after a turn or a click (game/ctrl.ts), when these texts have come.
  noActionsHere: "Auf diesem Feld ist gerade nichts zu tun.",
  cellTitle: (label) => `Feld ${label}`,
  plantFrom: (from) => `Hier einen Samen von ${from} aus einpflanzen`,
  plantHint: (n) =>
    `Dieser Baum kann einen Samen auf ${n} markierte${p(n, "s Feld", " Felder")} einpflanzen: wähle eines.`,
  // A turn refused, and what a chosen cell offers (game/refused.ts, game/view/choices.tsx: after a click).
  planKept: "Deine geplanten Aktionen gelten weiter und bleiben erhalten.",
  conflict:
    "Das Spiel hat sich geändert, während du geplant hast (eine andere Aktion kam zuerst an). Der Plan zeigt jetzt das aktuelle Spiel.",
  refused: (msg) => `Der Server hat diesen Zug abgelehnt: ${msg}`,
  notYourTurn: "Du bist nicht mehr am Zug.",
  place: "Hier einen kleinen Baum setzen",
  grow: (from, to) => `Wachsen lassen: ${from} → ${to}`,
  collect: (value) => (value === null ? "Sammeln (kein Punktechip mehr)" : `Sammeln: Punktechip mit ${value} Punkten`),
};

export default de;
