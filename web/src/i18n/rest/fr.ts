import type { RestMessages } from "./en";
import { plurals } from "../plural";

const p = plurals("fr");

const fr: RestMessages = {
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
  finalScores: "Scores finaux",
  tokensPoints: "jetons",
  lightPointsScore: (per) => `lumière ÷ ${per}`,
  total: "total",
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
  legendShadow: "ombre de ce tour",
  legendNext: "ombre du tour suivant",
  legendLit: "reçoit de la lumière (un point par point de lumière)",
  legendTarget: "cible possible",
  legendRings: "terrain : 4, 3, 2 et 1 feuilles du centre vers le bord",
  keyboardHelp: "Les flèches passent d’une case à l’autre ; Entrée ou Espace choisit.",
  // The turn refused (game/refused.ts, with the parts below the first paint); the language's name.
  signedOut: (name: string) =>
    `Cet appareil a été déconnecté du profil ${name} depuis un autre appareil. Reconnectez-vous pour jouer : votre tour prévu est conservé.`,
  signInAgain: "Se reconnecter",
  // Said after a turn or a click (game/ctrl.ts), when these texts have come.
  noActionsHere: "Rien à faire sur cette case pour l’instant.",
  cellTitle: (label) => `Case ${label}`,
  plantFrom: (from) => `Planter une graine ici depuis ${from}`,
  plantHint: (n) =>
    `Cet arbre peut planter une graine sur ${n} ${p(n, "case en surbrillance", "cases en surbrillance")} : choisissez-en une.`,
  // A turn refused, and what a chosen cell offers (game/refused.ts, game/view/choices.tsx: after a click).
  planKept: "Vos actions prévues restent valables et ont été gardées.",
  conflict:
    "La partie a changé pendant que vous prépariez votre tour (une autre action est arrivée avant). Le plateau montre la partie actuelle.",
  refused: (msg) => `Le serveur a refusé ce tour : ${msg}`,
  notYourTurn: "Ce n’est plus votre tour.",
  place: "Placer un petit arbre ici",
  grow: (from, to) => `Faire grandir : ${from} → ${to}`,
  collect: (value) => (value === null ? "Collecter (plus de jeton)" : `Collecter : un jeton de ${value} points`),
};

export default fr;
