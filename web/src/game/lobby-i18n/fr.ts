/** The lobby's French texts (a game gathering players: game/lobby.tsx), a chunk of their own: ./index.ts. */
import { plurals } from "../../i18n/plural";
import type { LobbyMessages } from "./en";

const p = plurals("fr");

const fr: LobbyMessages = {
  timeoutRule: (n) =>
    n === null
      ? "jamais d’abandon pour dépassement"
      : p(n, "abandon après # dépassement", "abandon après # dépassements d’affilée"),
  /** The lobby's settings line: the result moves the players' ratings (issue 16). */
  ratedGame: "Partie classée",
  vacationRule: (n) => (n === 0 ? "pas d’absence" : p(n, "# jour d’absence chacun", "# jours d’absence chacun")),
  waitingTitle: (seated, seats) => `En attente de joueurs (${seated} places prises sur ${seats})`,
  inviteTitle: "Lien d’invitation",
  inviteHelp:
    "Envoyez ce lien aux autres joueurs. La partie commence quand toutes les places sont prises, ou quand son créateur la lance.",
  freeSeat: "place libre",
  takeSeat: "Prendre une place",
  needProfileToJoin: "Créez un profil pour prendre place dans cette partie.",
  tableListed: (d: string) =>
    `Sur les tables ouvertes jusqu’au ${d} : tout joueur connecté peut prendre une place libre.`,
  tableExpired: "Personne ne s’est assis en 7 jours : la table a quitté les tables ouvertes.",
  tableNotListed: "Pas sur les tables ouvertes : seuls les joueurs invités peuvent rejoindre.",
  tableList: "Mettre sur les tables ouvertes",
  tableUnlist: "Retirer des tables ouvertes",
  needInviteToJoin: "Pour rejoindre la partie, ouvrez le lien d’invitation envoyé par un autre joueur.",
  startConfirm: (seated, free) =>
    `Lancer à ${seated} joueurs ? ${p(free, "La place libre sera fermée", "Les # places libres seront fermées")} : les personnes invitées ne pourront plus que regarder.`,
  startWith: (n) => `Lancer à ${n} joueurs`,
  keepWaiting: "Continuer d’attendre",
  startNow: "Lancer maintenant",
  leave: "Quitter cette partie",
  host: "organise la partie",
};

export default fr;
