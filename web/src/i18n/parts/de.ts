import type { PartMessages } from "./en";
import { plurals } from "../plural";

const p = plurals("de");

const de: PartMessages = {
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
  logTitle: "Spielverlauf",
  logEmpty: "Noch ist nichts passiert.",
  replayTitle: "Wiederholung",
  replayPosition: (i, n) => `Aktion ${i} von ${n}`,
  replayStart: "Anfang",
  replayPrev: "Zurück",
  replayNext: "Weiter",
  finalScores: "Endwertung",
  tokensPoints: "Chips",
  lightPointsScore: (per) => `Sonne ÷ ${per}`,
  total: "gesamt",
  notificationsGameHint: "Webhooks für den Kanal dieser Partie, und was gesendet wurde",
  notificationsMeHint: "Deine eigenen Webhooks und Discord-Erwähnungen, für alle Partien",
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
  autoTimeout: "automatisch gespielt: Zeit abgelaufen",
  // The board's legend (web/src/ui/legend.tsx)
  legendShadow: "Schatten in dieser Runde",
  legendNext: "Schatten in der nächsten Runde",
  legendLit: "bekommt Licht (ein Punkt je Sonnenpunkt)",
  legendTarget: "mögliches Ziel",
  legendRings: "Boden: 4, 3, 2 und 1 Blatt von der Mitte nach außen",
  keyboardHelp: "Mit den Pfeiltasten von Feld zu Feld, mit Eingabe oder Leertaste wählen.",
  // The turn refused (game/refused.ts, with the parts below the first paint); the language's name.
  langName: "Deutsch",
  planKept: "Deine geplanten Aktionen gelten weiter und bleiben erhalten.",
  conflict:
    "Das Spiel hat sich geändert, während du geplant hast (eine andere Aktion kam zuerst an). Der Plan zeigt jetzt das aktuelle Spiel.",
  refused: (msg) => `Der Server hat diesen Zug abgelehnt: ${msg}`,
  notYourTurn: "Du bist nicht mehr am Zug.",
  // The log's lines of what no planned turn shows (the plan's own are the page's), and going away's refusals.
  evTurnEnded: (who) => `${who} beendet den Zug`,
  evTurnSkipped: (who) => `Der Zug von ${who} wurde übersprungen`,
  evResigned: (who) => `${who} gibt auf`,
  evSetupEnded: "Der Spielaufbau ist fertig",
  evRoundStarted: (r, dir) =>
    r === 1 ? `Runde 1 beginnt; die Sonne geht im ${dir} auf` : `Runde ${r} beginnt; die Sonne wandert in den ${dir}`,
  evLight: (who, n, lost) => (lost > 0 ? `${who} bekommt ${n} ☀ (${lost} über 20 verfallen)` : `${who} bekommt ${n} ☀`),
  evGameEnded: (winners) => `Das Spiel ist vorbei. ${winners}`,
  errVacationExhausted: (hours) =>
    hours <= 0
      ? "Du hast in dieser Partie keine Abwesenheit mehr übrig."
      : `So lange nicht: Du hast in dieser Partie noch ${p(hours, "# Stunde", "# Stunden")} Abwesenheit übrig.`,
  errNotAway: "Du bist in dieser Partie nicht abwesend.",
  // The scoring stacks (game/view/stacks.tsx).
  stacksTitle: "Punktechips",
  stackLeft: (n) => `noch ${n}`,
  stackOut: "leer",
  // A device signed out from another one; a turn planned in two tabs (game/ctrl.ts).
  planPlayed: "Dein geplanter Zug wurde in einem anderen Tab gespielt.",
  signedOut: (name: string) =>
    `Dieses Gerät wurde von einem anderen Gerät aus vom Profil ${name} abgemeldet. Melde dich wieder an, um zu spielen: dein geplanter Zug bleibt erhalten.`,
  signInAgain: "Wieder anmelden",
  // Said after a turn or a click (game/ctrl.ts), when these texts have come.
  planDropped: "Deine geplanten Aktionen gelten nicht mehr und wurden verworfen.",
  planGone:
    "Das Spiel ist weitergegangen (dein Zug wurde anderswo gespielt oder seine Zeit ist abgelaufen): deine geplanten Aktionen wurden verworfen.",
  youTimedOut: "Deine Zeit war um: Der Dienst hat für dich gespielt (dein Zug ist beendet).",
  resignConfirm: "Dieses Spiel aufgeben? Deine Teile bleiben auf dem Plan, aber du kannst nicht mehr gewinnen.",
  turnSent: "Zug gesendet.",
  // What a chosen cell offers (game/view/choices.tsx, after a tap on the board).
  noActionsHere: "Auf diesem Feld ist gerade nichts zu tun.",
  cellTitle: (label) => `Feld ${label}`,
  place: "Hier einen kleinen Baum setzen",
  grow: (from, to) => `Wachsen lassen: ${from} → ${to}`,
  collect: (value) => (value === null ? "Sammeln (kein Punktechip mehr)" : `Sammeln: Punktechip mit ${value} Punkten`),
  plantFrom: (from) => `Hier einen Samen von ${from} aus einpflanzen`,
  plantHint: (n) =>
    `Dieser Baum kann einen Samen auf ${n} markierte${p(n, "s Feld", " Felder")} einpflanzen: wähle eines.`,
};

export default de;
