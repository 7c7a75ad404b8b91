import type { PartMessages } from "./en";

const nl: PartMessages = {
  logTitle: "Spelverloop",
  logEmpty: "Er is nog niets gebeurd.",
  replayTitle: "Terugkijken",
  replayPosition: (i, n) => `Actie ${i} van ${n}`,
  replayStart: "Begin",
  replayPrev: "Terug",
  replayNext: "Verder",
  notificationsGameHint: "Webhooks voor het kanaal van dit spel, en wat er verstuurd is",
  notificationsMeHint: "Je eigen webhooks en Discord-pings, voor al je spellen",
  talkTitle: "Aan tafel",
  talkOpen: "Bericht aan de tafel",
  autoTimeout: "automatisch gespeeld: de tijd was op",
  // The board's legend (web/src/ui/legend.tsx)
  langName: "Nederlands",
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
  planDropped: "Je geplande acties zijn niet meer geldig en zijn geschrapt.",
  planGone:
    "Het spel is verder gegaan (je beurt is elders gespeeld, of de tijd was om): de acties die je had gepland zijn geschrapt.",
  youTimedOut: "Je tijd was op: de server heeft voor je gespeeld (je beurt is beëindigd).",
  resignConfirm: "Dit spel opgeven? Je stukken blijven op het bord, maar je kunt niet meer winnen.",
  turnSent: "Beurt verstuurd.",
};

export default nl;
