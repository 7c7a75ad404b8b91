import type { Messages } from "./en";
import parts from "./parts/fr";
import { plurals, plural } from "./plural";

const p = plurals("fr");

const piece = ["graine", "petit arbre", "arbre moyen", "grand arbre"];
const pieces = ["graines", "petits arbres", "arbres moyens", "grands arbres"];
const article = ["une", "un", "un", "un"];
/** "au nord-est", "à l’est". */
const au = (dir: string) => (/^[eo]/.test(dir) ? `à l’${dir}` : `au ${dir}`);

const fr: Messages = {
  appTagline: "Photosynthesis, en ligne",
  howToPlay: "Comment jouer",
  openTables: "Tables ouvertes",
  language: "Langue",
  home: "Accueil",
  loading: "Chargement…",
  retry: "Réessayer",
  notFound: "Cette partie n’existe pas.",
  networkError: "Le serveur est injoignable. Vérifiez votre connexion et réessayez.",
  close: "Fermer",
  offline: {
    offline: "Vous êtes hors ligne.",
    saved: (w) => `Ce que vous voyez a été enregistré ${w}.`,
    readOnly: "Lecture seule : un tour envoyé est gardé et partira dès votre retour en ligne.",
    kept: "Votre tour est gardé sur cet appareil : il partira dès votre retour en ligne.",
    played: "De retour en ligne : le tour envoyé hors ligne a été joué.",
    stale:
      "Le tour envoyé hors ligne n’a pas été joué : la partie a avancé pendant que vous étiez hors ligne (un autre appareil a joué, ou votre temps s’est écoulé). Préparez de nouveau votre tour.",
    refused: (c) => `Le tour envoyé hors ligne a été refusé (${c}).`,
    online: "De retour en ligne.",
    close: "Fermer",
  },
  skipToBoard: "Aller au plateau",

  signInHere: "Se connecter",

  longGame: "Partie longue : 4 tours du Soleil (24 tours de jeu)",
  heavyShade: "Ombre dense : une pièce à l’ombre ne peut ni grandir ni planter",
  hours: (n) => p(n, "# heure", "# heures"),
  days: (n) => p(n, "# jour", "# jours"),

  roundOf: (r, n) => `Tour ${r} sur ${n}`,
  revolution: (i, n) => `révolution du Soleil ${i} sur ${n}`,
  setupStatus: (done, total) => `Mise en place : petits arbres sur la bordure (${done} sur ${total} placés)`,
  lastRound: "Dernier tour",
  gameOver: "Partie terminée",
  yourTurn: "À vous de jouer",
  turnOf: (name) => `Au tour de ${name}`,
  watching: "Vous regardez cette partie.",
  deadline: (when) => `Échéance ${when}`,
  winnerIs: (names) => `Victoire : ${names}`,
  winnersAre: (names) => `Victoire partagée : ${names}`,
  sunIn: (dir) => `Soleil ${au(dir)}`,
  sunNext: (dir) => `tour suivant : ${dir}`,
  dirs: ["nord-est", "est", "sud-est", "sud-ouest", "ouest", "nord-ouest"],
  liveOn: "En direct",
  liveOff: "Reconnexion…",

  boardTitle: "Plateau",
  showNext: "Ombres du tour suivant",
  showLabels: "Noms des cases",
  legend: "Légende",
  boardLabel: (round, rounds, dir) => `Plateau, tour ${round} sur ${rounds}, Soleil ${au(dir)}`,
  boardLabelSetup: (dir) => `Plateau pendant la mise en place, Soleil ${au(dir)}`,
  cellLeaves: (n) => p(n, "# feuille", "# feuilles"),
  cellEmpty: "vide",
  pieceOf: (p, name) => `${p} de ${name}`,
  collects: (n) => `reçoit ${n} de lumière`,
  shaded: "à l’ombre, ne reçoit rien",
  inShadow: "à l’ombre",
  shadedNext: "à l’ombre au tour suivant",
  aTarget: "cible possible",
  isSelected: "choisie",
  usedThisTurn: "déjà utilisée ce tour-ci",

  piece,
  pieceCount: (size, n) => p(n, `# ${piece[size]}`, `# ${pieces[size]}`),
  shapeNames: ["cercles", "triangles", "losanges", "étoiles"],

  yourActions: "À vous de jouer",
  chooseCell: "Choisissez une de vos pièces, ou une case.",
  chooseEdge: "Choisissez une case vide de la bordure pour un petit arbre.",
  cost: (n) => `${n} ☀`,
  costLong: (n) => p(n, "# point de lumière", "# points de lumière"),
  buyTitle: "Acheter sur votre plateau individuel",
  buy: (p) => `Acheter : ${p}`,
  columnEmpty: "vide",
  planTitle: "Ce tour-ci",
  planEmpty: "Aucune action prévue pour l’instant.",
  undo: "Annuler",
  hint: "Conseil",
  redo: "Rétablir",
  startOver: "Recommencer",
  endTurn: "Finir le tour",
  confirmPlacement: "Confirmer",
  sending: "Envoi…",
  resign: "Abandonner",

  playersTitle: "Joueurs",
  you: "vous",
  lightPoints: "Lumière",
  lightOf: (n, cap) => `${n} points de lumière sur ${cap}`,
  nextLight: (n) => `+${n} au tour suivant`,
  playerBoard: "Plateau individuel",
  availableArea: "Disponibles",
  nextPrice: (p) => `prochain ${p} ☀`,
  tokens: "Jetons",
  score: "Score",
  scoreHelp:
    "Le score si la partie s’arrêtait maintenant : les jetons gagnés, plus 1 point par tranche de 3 points de lumière restants.",
  scoreSum: (tokens, light, points, per) => `= ${tokens} en jetons + ${points} pour ${light} ☀ (1 pour ${per})`,
  scoreMore: (n) => `+ ${n} de la lune`,
  firstPlayer: "premier joueur",
  resigned: "a abandonné",
  toAct: "doit jouer",
  rank: (n) => plural("fr", n, { one: "#er", other: "#e" }, true),

  stackLeaves: (n) => p(n, "# feuille", "# feuilles"),

  replayLive: "Maintenant",
  replaying: "Vous regardez un moment passé de la partie.",
  evPlaced: (who, cell) => `${who} a placé un petit arbre sur ${cell}`,
  evBought: (who, p, cost) => `${who} a acheté ${article[piece.indexOf(p)] ?? "un"} ${p} (${cost} ☀)`,
  evPlanted: (who, from, to) => `${who} a planté une graine sur ${to} depuis ${from} (1 ☀)`,
  evGrew: (who, cell, from, to, cost) => `${who} a fait grandir sur ${cell} : ${from} → ${to} (${cost} ☀)`,
  evCollected: (who, cell, value) =>
    value === null
      ? `${who} a collecté l’arbre de ${cell} (plus de jeton) (4 ☀)`
      : `${who} a collecté l’arbre de ${cell} : ${value} points (4 ☀)`,

  // Notifications, délais et absences
  notificationsTitle: "Notifications",
  errRateLimited: "Trop d’essais en peu de temps : attendez une minute et réessayez.",
  errGameOver: "La partie est terminée.",
  loadFailed: "Cette partie de la page n’a pas pu être chargée.",
  clockPaused: (name, until) => `${name} est absent jusqu’à ${until} : l’horloge est arrêtée`,
  youAreAway: (until) => `Vous êtes absent jusqu’à ${until}. Votre horloge est arrêtée.`,
  awayBadge: (until) => `absent jusqu’à ${until}`,
  timeoutsBadge: (n, max) =>
    max === null ? p(n, "# dépassement", "# dépassements") : `${p(n, "# dépassement", "# dépassements")} sur ${max}`,
  timeoutsLong: (n) => p(n, "a dépassé son temps au dernier tour", "a dépassé son temps aux # derniers tours"),
};

// (with the later parts' texts: one chunk a language, docs/web.md "Weights")
export default { ...parts, ...fr };
