import type { PartMessages } from "./en";
import { plurals } from "../plural";

const p = plurals("fr");

/** "au nord-est", "à l’est" (as in ../fr.ts: each dictionary is a chunk of its own). */
const au = (dir: string) => (/^[eo]/.test(dir) ? `à l’${dir}` : `au ${dir}`);

const fr: PartMessages = {
  logTitle: "Journal de la partie",
  logEmpty: "Rien ne s’est encore passé.",
  replayTitle: "Revoir",
  replayPosition: (i, n) => `Action ${i} sur ${n}`,
  replayStart: "Début",
  replayPrev: "Reculer",
  replayNext: "Avancer",
  notificationsGameHint: "Webhooks du salon de cette partie, et ce qui a été envoyé",
  notificationsMeHint: "Vos propres webhooks et mentions Discord, pour toutes vos parties",
  talkTitle: "À la table",
  talkOpen: "Parler à la table",
  autoTimeout: "joué automatiquement : temps écoulé",
  // The board's legend (web/src/ui/legend.tsx)
  langName: "Français",
  // The log's lines of what no planned turn shows (the plan's own are the page's), and going away's refusals.
  evTurnEnded: (who) => `${who} a fini son tour`,
  evTurnSkipped: (who) => `Le tour de ${who} a été passé`,
  evResigned: (who) => `${who} a abandonné`,
  evSetupEnded: "La mise en place est terminée",
  evRoundStarted: (r, dir) =>
    r === 1
      ? `Le tour 1 commence ; le Soleil se lève ${au(dir)}`
      : `Le tour ${r} commence ; le Soleil passe ${au(dir)}`,
  evLight: (who, n, lost) =>
    lost > 0 ? `${who} reçoit ${n} ☀ (${lost} perdus au-delà de 20)` : `${who} reçoit ${n} ☀`,
  evGameEnded: (winners) => `La partie est terminée. ${winners}`,
  errVacationExhausted: (hours) =>
    hours <= 0
      ? "Il ne vous reste plus d’absence dans cette partie."
      : `Pas si longtemps : il vous reste ${p(hours, "# heure", "# heures")} d’absence dans cette partie.`,
  errNotAway: "Vous n’êtes pas absent dans cette partie.",
  // The scoring stacks (game/view/stacks.tsx).
  stacksTitle: "Jetons de score",
  stackLeft: (n) => `${n} restants`,
  stackOut: "épuisée",
  // A device signed out from another one; a turn planned in two tabs (game/ctrl.ts).
  planPlayed: "Le tour que vous aviez prévu a été joué dans un autre onglet.",
  planDropped: "Vos actions prévues ne sont plus valables et ont été abandonnées.",
  planGone:
    "La partie a avancé (votre tour a été joué ailleurs, ou son temps était écoulé) : les actions que vous aviez prévues ont été abandonnées.",
  youTimedOut: "Votre temps était écoulé : le service a joué pour vous (votre tour est terminé).",
  resignConfirm: "Abandonner cette partie ? Vos pièces restent sur le plateau, mais vous ne pourrez plus gagner.",
  turnSent: "Tour envoyé.",
};

export default fr;
