import type { PartMessages } from "./en";
import { plurals } from "../plural";

const p = plurals("de");

const de: PartMessages = {
  logTitle: "Spielverlauf",
  logEmpty: "Noch ist nichts passiert.",
  replayTitle: "Wiederholung",
  replayPosition: (i, n) => `Aktion ${i} von ${n}`,
  replayStart: "Anfang",
  replayPrev: "Zurück",
  replayNext: "Weiter",
  notificationsGameHint: "Webhooks für den Kanal dieser Partie, und was gesendet wurde",
  notificationsMeHint: "Deine eigenen Webhooks und Discord-Erwähnungen, für alle Partien",
  talkTitle: "Am Tisch",
  talkOpen: "Nachricht an den Tisch",
  autoTimeout: "automatisch gespielt: Zeit abgelaufen",
  // The board's legend (web/src/ui/legend.tsx)
  langName: "Deutsch",
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
  planDropped: "Deine geplanten Aktionen gelten nicht mehr und wurden verworfen.",
  planGone:
    "Das Spiel ist weitergegangen (dein Zug wurde anderswo gespielt oder seine Zeit ist abgelaufen): deine geplanten Aktionen wurden verworfen.",
  youTimedOut: "Deine Zeit war um: Der Dienst hat für dich gespielt (dein Zug ist beendet).",
  resignConfirm: "Dieses Spiel aufgeben? Deine Teile bleiben auf dem Plan, aber du kannst nicht mehr gewinnen.",
  turnSent: "Zug gesendet.",
};

export default de;
