/**
 * What `/photosynthesis` and the game message's buttons do, the same for Discord and Slack (./routes.ts
 * reads the platform's request and draws the answer): every
 * answer here is ephemeral, seen by the person who typed or clicked only (./routes.ts sends it
 * through the interaction's follow-up webhook or response_url); the game's message
 * itself changes only through the game's outbox (src/game/outbox.ts), in order.
 *
 * A chat user acts only as the profile they linked (src/db/chat.ts: a device of that profile),
 * through the same Durable Object methods as the API, so channel games are ordinary games.
 */
import { totalRounds } from "../../engine";
import { userText } from "../../notify/escape";
import { CreateGameBody } from "../../contract/schemas/games";
import { botName } from "../../contract/views";
import {
  formatPairingCode,
  normalizePairingCode,
  PAIRING_ALPHABET,
  PAIRING_CODE_LENGTH,
  PAIRING_TTL_MS,
} from "../../contract/identity";
import { newGameParams } from "../../api/games";
import { hashToken, randomId } from "../../api/auth";
import { chatDeviceRow, chatLinkHash } from "../../api/chat-links";
import { db } from "../../db/queries";
import {
  addChannelGame,
  channelGames,
  insertLinkCode,
  linkedProfile,
  linkWithPairing,
  unlinkAccount,
} from "../../db/chat";
import type { Env } from "../../env";
import { roomStub } from "../../game/stub";
import type { NewSeat } from "../../game/lobby";
import type { Caller } from "../../game/tokens";
import type { RoomReply } from "../../game/outcome";
import type { Command, NewOptions } from "../commands";
import { CLOCKS, SLACK_USAGE, USAGE } from "../commands";
import { cardOf, type ButtonAction, type Card, type ChannelRef, type Platform } from "../model";
import type { DeviceRow, PlayerRow } from "../../db/schema";

/** Who typed or clicked, where. `account`: the id the link is kept under (Discord user id; Slack `team:user`). */
export interface Asker {
  platform: Platform;
  workspace: string | null;
  channel: string | null;
  user: { id: string; name: string };
  account: string;
}

/** An ephemeral answer, with at most one link button. */
export interface Reply {
  text: string;
  link?: { label: string; url: string };
}

export interface Service {
  env: Env;
  /** Where links point (PUBLIC_ORIGIN, else the address the request came to). */
  origin: string;
  now: number;
}

/** Posting and un-posting the game's message, by the platform's route. */
export interface Poster {
  post(card: Card): Promise<{ ok: true; message: string } | { ok: false; text: string }>;
  /** The game could not be created after its message was posted: the message says so. */
  withdraw(message: string, text: string): Promise<void>;
}

/** A name as the platform's markup shows it, inert (no formatting, no mention). */
const shown = (a: Asker, name: string) => userText(name, a.platform) || "Someone";

const PLATFORM_NAME: Record<Platform, string> = { discord: "Discord", slack: "Slack" };

function newCode(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(PAIRING_CODE_LENGTH));
  let out = "";
  for (const b of bytes) out += PAIRING_ALPHABET[b & 31];
  return out;
}

/** The chat account's profile, if linked (and its device not revoked). */
async function profileOf(s: Service, a: Asker): Promise<{ player: PlayerRow; device: DeviceRow } | null> {
  return linkedProfile(db(s.env.DB), a.platform, a.account);
}

/** The Caller the game sees for a linked account: its profile, through its chat device's key. */
function callerOf(p: { player: PlayerRow; device: DeviceRow }): Caller {
  return { playerId: p.player.id, tokenHash: p.player.tokenHash, deviceId: p.device.id, keyHash: p.device.tokenHash };
}

function seatTaker(p: { player: PlayerRow; device: DeviceRow }): NewSeat {
  return {
    id: p.player.id,
    name: p.player.name,
    tokenHash: p.player.tokenHash,
    key: { hash: p.device.tokenHash, device: p.device.id },
  };
}

/**
 * A one-time link that links this chat account: opened in a browser, it links the profile signed in
 * there, or makes a new profile (named as in the chat) and signs the browser in to it. A code like
 * a pairing code (same alphabet, length, lifetime, page); only its hash is stored.
 */
export async function linkPrompt(s: Service, a: Asker, after: string): Promise<Reply> {
  const code = newCode();
  await insertLinkCode(db(s.env.DB), {
    codeHash: await chatLinkHash(code),
    platform: a.platform,
    account: a.account,
    name: a.user.name.slice(0, 100) || "Player",
    createdAt: s.now,
    expiresAt: s.now + PAIRING_TTL_MS,
  });
  const url = `${s.origin}/pair/${formatPairingCode(code)}?chat=${a.platform}`;
  return {
    text: `Link your ${PLATFORM_NAME[a.platform]} account to a Canopy profile, once: open the link below (valid ${PAIRING_TTL_MS / 60_000} minutes, for one use). It links the profile your browser is signed in to, or makes you a new one. ${after}`,
    link: { label: "Link my account", url },
  };
}

/** A refusal of the game, in words for the chat (the game's own messages are written for people). */
function refusal(r: { ok: boolean; error?: { code: string; message: string } }): Reply {
  const e = r.error!;
  if (e.code === "NOT_SEATED") return { text: "You do not sit in this game: only its players can do that." };
  if (e.code === "NOT_CREATOR") return { text: `Only the game's host can do that. ${e.message}` };
  return { text: e.message };
}

// ---- commands -------------------------------------------------------------------------------

export async function command(s: Service, a: Asker, c: Command, poster: Poster): Promise<Reply> {
  switch (c.name) {
    case "help":
      return { text: a.platform === "slack" ? SLACK_USAGE : USAGE };
    case "new":
      return newGame(s, a, c.options, poster);
    case "games":
      return games(s, a);
    case "link":
      return link(s, a, c.code);
    case "unlink": {
      const was = await unlinkAccount(db(s.env.DB), a.platform, a.account, s.now);
      return {
        text: was
          ? "Unlinked: this account no longer acts for your Canopy profile. Your seats stay yours; play them on the game page."
          : "This account is not linked to a Canopy profile.",
      };
    }
  }
}

async function link(s: Service, a: Asker, code: string | null): Promise<Reply> {
  const linked = await profileOf(s, a);
  if (linked)
    return {
      text: `This account is linked to the Canopy profile ${shown(a, linked.player.name)}. To link another one, \`/photosynthesis unlink\` first.`,
    };
  if (code === null) return linkPrompt(s, a, "Then come back here.");
  const canonical = normalizePairingCode(code);
  if (!canonical) return { text: "A code from Canopy's Add a device is 8 letters and digits, like 7KQ2-M9XD." };
  const device = await chatDeviceRow(a.platform, a.user.name, s.now);
  const r = await linkWithPairing(s.env.DB, await hashToken(`pairing:${canonical}`), device, a, s.now);
  if (r === "linked") return { text: "Linked: from now on this account acts for that Canopy profile here." };
  if (r === "expired") return { text: "That code has expired; make a new one under Devices on Canopy." };
  if (r === "used") return { text: "That code was already used; make a new one under Devices on Canopy." };
  return { text: "No such code; check it, or make a new one under Devices on Canopy." };
}

/** The card of a game about to be created (its message is posted before the game exists, so the game knows it from the start). */
function newCard(s: Service, id: string, creator: string, o: NewOptions): Card {
  return cardOf({
    id: "new",
    type: "player.joined",
    at: s.now,
    game: {
      id,
      url: `${s.origin}/g/${id}`,
      status: "waiting",
      round: 0,
      totalRounds: totalRounds({ longGame: false }),
      phase: "lobby",
      players: [
        { seat: 0, id: "creator", name: creator, resigned: false },
        ...Array.from({ length: o.bots }, (_, i) => ({
          seat: i + 1,
          id: `bot-${i + 1}-medium`,
          name: botName(i + 1, "medium"),
          resigned: false,
          bot: "medium" as const,
        })),
      ],
      seats: o.players,
      imageUrl: null,
      ...(o.moonlight ? { moon: { stage: null, full: false, nextFull: false, players: [] } } : {}),
    },
  });
}

async function newGame(s: Service, a: Asker, o: NewOptions, poster: Poster): Promise<Reply> {
  if (!a.channel || !a.workspace)
    return { text: "Games are started in a channel of a server, not in direct messages." };
  const linked = await profileOf(s, a);
  if (!linked) return linkPrompt(s, a, "Then run `/photosynthesis new` again.");
  const id = randomId();
  const posted = await poster.post(newCard(s, id, linked.player.name, o));
  if (!posted.ok) return { text: posted.text };
  const channel: ChannelRef = {
    platform: a.platform,
    workspace: a.workspace,
    channel: a.channel,
    message: posted.message,
    members: { [linked.player.id]: a.user.id },
  };
  const body = CreateGameBody.parse({
    seats: o.players,
    moonlight: o.moonlight,
    moveTimeSeconds: CLOCKS[o.clock],
    bots: Array.from({ length: o.bots }, () => "medium"),
  });
  const reply = (await roomStub(s.env.GAME, id).create({
    ...newGameParams(id, body, seatTaker(linked), s.env, s.origin),
    channel,
  })) as RoomReply;
  if (!reply.ok) {
    await poster.withdraw(posted.message, "This game could not be created.");
    return refusal(reply);
  }
  await addChannelGame(db(s.env.DB), { platform: a.platform, channel: a.channel, gameId: id, createdAt: s.now });
  return {
    text: `Your game is open in this channel: the others click Join, you click Start when everyone is in${o.bots === o.players - 1 ? " (with every other seat a bot, it has started)" : ""}.`,
    link: { label: "Open the game", url: `${s.origin}/g/${id}` },
  };
}

async function games(s: Service, a: Asker): Promise<Reply> {
  if (!a.channel) return { text: "This lists a channel's games: use it in the channel." };
  const d = db(s.env.DB);
  const [ids, linked] = await Promise.all([channelGames(d, a.platform, a.channel, 10), profileOf(s, a)]);
  if (!ids.length) return { text: "No game was started in this channel yet: `/photosynthesis new` starts one." };
  const rows = await Promise.all(ids.map((id) => roomStub(s.env.GAME, id).channelSummary()));
  const lines: string[] = [];
  let mine = 0;
  rows.forEach((g, i) => {
    if (!g) return;
    const url = `${s.origin}/g/${ids[i]}`;
    const names = g.seats.map((x) => shown(a, x.name)).join(", ");
    const seated = linked ? g.seats.some((x) => x.id === linked.player.id) : false;
    let state: string;
    if (g.status === "waiting") state = "waiting for players";
    else if (g.status === "finished") state = "over";
    else {
      const acting = g.toAct === null ? null : g.seats[g.toAct];
      const yours = !!linked && acting?.id === linked.player.id;
      if (yours) mine++;
      state = yours
        ? a.platform === "slack"
          ? "*your turn*"
          : "**your turn**"
        : acting
          ? `${shown(a, acting.name)} to play`
          : "in play";
    }
    lines.push(`• ${url} — ${state}${seated ? " (you play)" : ""} · ${names}`);
  });
  const head = linked
    ? mine
      ? `It is your turn in ${mine} of this channel's games.`
      : "It is not your turn in any of this channel's games."
    : "Link your account (`/photosynthesis link`) to see your turns.";
  return { text: `${head}\n${lines.join("\n")}` };
}

// ---- buttons --------------------------------------------------------------------------------

export async function button(s: Service, a: Asker, action: ButtonAction, gameId: string): Promise<Reply> {
  const linked = await profileOf(s, a);
  if (!linked)
    return linkPrompt(
      s,
      a,
      action === "join" ? "Then click Join again." : `Then click ${action === "bot" ? "Add a bot" : "Start"} again.`,
    );
  const room = roomStub(s.env.GAME, gameId);
  if (action === "join") {
    if (!a.channel) return { text: "Join from the game's channel." };
    const r = (await room.channelJoin(
      seatTaker(linked),
      { platform: a.platform, channel: a.channel, user: a.user.id },
      s.origin,
    )) as RoomReply;
    if (!r.ok) return refusal(r);
    const seat = (r.value as { seat?: number })?.seat;
    return {
      text: `You sit at the table${typeof seat === "number" ? ` (seat ${seat + 1})` : ""}. Play your turns on the game page.`,
      link: { label: "Open the game", url: `${s.origin}/g/${gameId}` },
    };
  }
  if (action === "bot") {
    const r = (await room.seatBot(callerOf(linked), "medium", null, s.origin)) as RoomReply;
    return r.ok ? { text: "A bot sits down." } : refusal(r);
  }
  const r = (await room.start(callerOf(linked), s.origin)) as RoomReply;
  return r.ok
    ? { text: "The game has started.", link: { label: "Open the game", url: `${s.origin}/g/${gameId}` } }
    : refusal(r);
}
