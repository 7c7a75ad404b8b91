/** The lobby's English texts (a game gathering players: game/lobby.tsx), a chunk of their own: ./index.ts. */
import { plurals } from "../../i18n/plural";

const p = plurals("en");

const en = {
  timeoutRule: (n: number | null) =>
    n === null ? "never resigned for timeouts" : p(n, "resigned after # timeout", "resigned after # timeouts in a row"),
  /** The lobby's settings line: the result moves the players' ratings (issue 16). */
  ratedGame: "Rated game",
  vacationRule: (n: number) => (n === 0 ? "no vacation" : p(n, "# vacation day each", "# vacation days each")),
  waitingTitle: (seated: number, seats: number) => `Waiting for players (${seated} of ${seats} seats taken)`,
  inviteTitle: "Invite link",
  inviteHelp:
    "Send this link to the other players. The game starts when every seat is taken, or when its creator starts it.",
  freeSeat: "free seat",
  takeSeat: "Take a seat",
  needProfileToJoin: "Create a profile to take a seat in this game.",
  tableListed: (d: string) => `On the open tables until ${d}: anyone signed in may take a free seat.`,
  tableExpired: "Nobody took a seat in 7 days: the table has left the open tables.",
  tableNotListed: "Not on the open tables: only players with the invite can join.",
  tableList: "List on the open tables",
  tableUnlist: "Take off the open tables",
  needInviteToJoin: "To join, open the invite link another player sent you.",
  startConfirm: (seated: number, free: number) =>
    `Start with ${seated} players? ${p(free, "The free seat closes", "The # free seats close")}: whoever you invited to ${p(free, "it", "them")} can then only watch.`,
  startWith: (n: number) => `Start with ${n} players`,
  keepWaiting: "Keep waiting",
  startNow: "Start now",
  leave: "Leave this game",
  host: "hosts the game",
};
export type LobbyMessages = typeof en;

export default en;
