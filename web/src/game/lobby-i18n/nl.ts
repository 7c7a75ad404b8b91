/** The lobby's Dutch texts (a game gathering players: game/lobby.tsx), a chunk of their own: ./index.ts. */
import { plurals } from "../../i18n/plural";
import type { LobbyMessages } from "./en";

const p = plurals("nl");

const nl: LobbyMessages = {
  timeoutRule: (n) =>
    n === null
      ? "nooit opgeven door tijdsoverschrijding"
      : p(n, "opgeven na # keer te laat", "opgeven na # keer op rij te laat"),
  /** The lobby's settings line: the result moves the players' ratings (issue 16). */
  ratedGame: "Gewaardeerde partij",
  vacationRule: (n) => (n === 0 ? "geen vakantie" : p(n, "# vakantiedag elk", "# vakantiedagen elk")),
  waitingTitle: (seated, seats) => `Wacht op spelers (${seated} van ${seats} plaatsen bezet)`,
  inviteTitle: "Uitnodigingslink",
  inviteHelp:
    "Stuur deze link naar de andere spelers. Het spel begint zodra alle plaatsen bezet zijn, of wanneer de maker het start.",
  freeSeat: "vrije plaats",
  takeSeat: "Plaats nemen",
  needProfileToJoin: "Maak een profiel aan om aan dit spel deel te nemen.",
  tableListed: (d: string) => `Op de open tafels tot ${d}: iedereen met een profiel mag een vrije plaats nemen.`,
  tableExpired: "Niemand nam in 7 dagen een plaats: de tafel staat niet meer bij de open tafels.",
  tableNotListed: "Niet bij de open tafels: alleen spelers met de uitnodiging kunnen meedoen.",
  tableList: "Op de open tafels zetten",
  tableUnlist: "Van de open tafels halen",
  needInviteToJoin: "Open de uitnodigingslink van een andere speler om mee te doen.",
  startConfirm: (seated, free) =>
    `Starten met ${seated} spelers? ${p(free, "De vrije plaats sluit", "De # vrije plaatsen sluiten")}: wie je ervoor uitnodigde, kan dan alleen nog kijken.`,
  startWith: (n) => `Starten met ${n} spelers`,
  keepWaiting: "Blijven wachten",
  startNow: "Nu starten",
  leave: "Dit spel verlaten",
  host: "organiseert het spel",
};

export default nl;
