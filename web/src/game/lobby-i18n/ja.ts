/** The lobby's Japanese texts (a game gathering players: game/lobby.tsx), a chunk of their own: ./index.ts. */
import type { LobbyMessages } from "./en";

const ja: LobbyMessages = {
  timeoutRule: (n) => (n === null ? "時間切れで投了扱いにはならない" : `時間切れが ${n} 回続くと投了扱い`),
  /** The lobby's settings line: the result moves the players' ratings (issue 16). */
  ratedGame: "レーティング対局",
  vacationRule: (n) => (n === 0 ? "休暇なし" : `休暇は各 ${n} 日`),
  waitingTitle: (seated, seats) => `参加者待ち（${seats} 席中 ${seated} 席が埋まっています）`,
  inviteTitle: "招待リンク",
  inviteHelp: "このリンクを他のプレイヤーに送ってください。全席が埋まるか、作成者が開始するとゲームが始まります。",
  freeSeat: "空席",
  takeSeat: "席に着く",
  needProfileToJoin: "このゲームに参加するにはプロフィールを作成してください。",
  tableListed: (d: string) => `${d} まで募集中のテーブルに掲載中：サインインしていれば誰でも空席に座れます。`,
  tableExpired: "7日間だれも座らなかったため、募集中のテーブルから外れました。",
  tableNotListed: "募集中のテーブルには載っていません：招待を受けたプレイヤーだけが参加できます。",
  tableList: "募集中のテーブルに載せる",
  tableUnlist: "募集中のテーブルから外す",
  needInviteToJoin: "参加するには、他のプレイヤーから届いた招待リンクを開いてください。",
  startConfirm: (seated, free) =>
    `${seated} 人で開始しますか？空いている ${free} 席は閉じられ、招待した人は観戦のみになります。`,
  startWith: (n) => `${n} 人で開始`,
  keepWaiting: "待ち続ける",
  startNow: "今すぐ開始",
  leave: "このゲームから抜ける",
  host: "がゲームを主催しています",
};

export default ja;
