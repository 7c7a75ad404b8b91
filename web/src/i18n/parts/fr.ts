import type { PartMessages } from "./en";
import { plurals } from "../plural";

const p = plurals("fr");

/** "au nord-est", "à l’est" (as in ../fr.ts: each dictionary is a chunk of its own). */
const au = (dir: string) => (/^[eo]/.test(dir) ? `à l’${dir}` : `au ${dir}`);

const fr: PartMessages = {
  createProfileIntro:
    "Choisissez le nom que verront les autres joueurs. Ni e-mail ni mot de passe : votre clé est gardée dans ce navigateur.",
  nameLabel: "Votre nom",
  createProfile: "Créer le profil",
  useKey: "Utiliser une clé existante",
  keyLabel: "Clé du profil",
  useKeyButton: "Utiliser cette clé",
  badKey: "Cette clé n’est pas valide.",
  playersLabel: "Joueurs",
  moveTime: "Temps par coup",
  moveTimeNone: "Sans limite",
  copy: "Copier",
  copied: "Copié",
  share: "Partager",
  logTitle: "Journal de la partie",
  logEmpty: "Rien ne s’est encore passé.",
  replayTitle: "Revoir",
  replayPosition: (i, n) => `Action ${i} sur ${n}`,
  replayStart: "Début",
  replayPrev: "Reculer",
  replayNext: "Avancer",
  finalScores: "Scores finaux",
  tokensPoints: "jetons",
  lightPointsScore: (per) => `lumière ÷ ${per}`,
  total: "total",
  notificationsGameHint: "Webhooks du salon de cette partie, et ce qui a été envoyé",
  notificationsMeHint: "Vos propres webhooks et mentions Discord, pour toutes vos parties",
  awayTitle: "Vous partez ?",
  awayHelp: (days) =>
    `Pendant votre absence, votre horloge est arrêtée et les autres le voient. ${p(days, "# jour", "# jours")} en tout dans cette partie.`,
  awayNone: "Cette partie ne permet aucune absence.",
  awayFor: "Absent pendant",
  awayUnit: "Unité",
  unitHours: "heures",
  unitDays: "jours",
  goAway: "Je m’absente",
  imBack: "Je suis de retour",
  autoTimeout: "joué automatiquement : temps écoulé",
  // The board's legend (web/src/ui/legend.tsx)
  legendShadow: "ombre de ce tour",
  legendNext: "ombre du tour suivant",
  legendLit: "reçoit de la lumière (un point par point de lumière)",
  legendTarget: "cible possible",
  legendRings: "terrain : 4, 3, 2 et 1 feuilles du centre vers le bord",
  keyboardHelp: "Les flèches passent d’une case à l’autre ; Entrée ou Espace choisit.",
  // The turn refused (game/refused.ts, with the parts below the first paint); the language's name.
  langName: "Français",
  planKept: "Vos actions prévues restent valables et ont été gardées.",
  conflict:
    "La partie a changé pendant que vous prépariez votre tour (une autre action est arrivée avant). Le plateau montre la partie actuelle.",
  refused: (msg) => `Le serveur a refusé ce tour : ${msg}`,
  notYourTurn: "Ce n’est plus votre tour.",
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
  signedOut: (name: string) =>
    `Cet appareil a été déconnecté du profil ${name} depuis un autre appareil. Reconnectez-vous pour jouer : votre tour prévu est conservé.`,
  signInAgain: "Se reconnecter",
  // Said after a turn or a click (game/ctrl.ts), when these texts have come.
  planDropped: "Vos actions prévues ne sont plus valables et ont été abandonnées.",
  planGone:
    "La partie a avancé (votre tour a été joué ailleurs, ou son temps était écoulé) : les actions que vous aviez prévues ont été abandonnées.",
  youTimedOut: "Votre temps était écoulé : le service a joué pour vous (votre tour est terminé).",
  resignConfirm: "Abandonner cette partie ? Vos pièces restent sur le plateau, mais vous ne pourrez plus gagner.",
  turnSent: "Tour envoyé.",
  // What a chosen cell offers (game/view/choices.tsx, after a tap on the board).
  noActionsHere: "Rien à faire sur cette case pour l’instant.",
  cellTitle: (label) => `Case ${label}`,
  place: "Placer un petit arbre ici",
  grow: (from, to) => `Faire grandir : ${from} → ${to}`,
  collect: (value) => (value === null ? "Collecter (plus de jeton)" : `Collecter : un jeton de ${value} points`),
  plantFrom: (from) => `Planter une graine ici depuis ${from}`,
  plantHint: (n) =>
    `Cet arbre peut planter une graine sur ${n} ${p(n, "case en surbrillance", "cases en surbrillance")} : choisissez-en une.`,
};

export default fr;
