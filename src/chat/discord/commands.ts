/**
 * The Discord definition of `/photosynthesis` (registered by `npm run discord:register`, see
 * scripts/discord-register.ts and docs/chat-apps.md), and how an interaction's options are read
 * back into the platform-neutral Command of ../commands.ts.
 */
import type {
  ApplicationCommandOptionType,
  ApplicationCommandType,
  ApplicationIntegrationType,
  InteractionContextType,
  RESTPostAPIChatInputApplicationCommandsJSONBody,
} from "discord-api-types/v10";
import { CLOCKS, checkNew, COMMAND, type Parsed } from "../commands";
import type { CommandOption } from "./interaction";

const CHAT_INPUT = 1 as ApplicationCommandType.ChatInput;
const OPTION = {
  subcommand: 1 as ApplicationCommandOptionType.Subcommand,
  string: 3 as ApplicationCommandOptionType.String,
  integer: 4 as ApplicationCommandOptionType.Integer,
  boolean: 5 as ApplicationCommandOptionType.Boolean,
} as const;

/** The command as Discord registers it: guild channels only (a game's message lives in a channel). */
export const DISCORD_COMMAND: RESTPostAPIChatInputApplicationCommandsJSONBody = {
  name: COMMAND,
  type: CHAT_INPUT,
  description: "Play Photosynthesis in this channel",
  integration_types: [0 as ApplicationIntegrationType.GuildInstall],
  contexts: [0 as InteractionContextType.Guild],
  options: [
    {
      type: OPTION.subcommand,
      name: "new",
      description: "Start a game in this channel: everyone here can join",
      options: [
        {
          type: OPTION.integer,
          name: "players",
          description: "Seats at the table (2–4, default 4)",
          min_value: 2,
          max_value: 4,
        },
        { type: OPTION.boolean, name: "moonlight", description: "Play with Under the Moonlight" },
        {
          type: OPTION.integer,
          name: "bots",
          description: "Bots sitting down at once (0–3)",
          min_value: 0,
          max_value: 3,
        },
        {
          type: OPTION.string,
          name: "clock",
          description: "Time per move (default none)",
          choices: Object.keys(CLOCKS).map((c) => ({ name: c, value: c })),
        },
      ],
    },
    { type: OPTION.subcommand, name: "games", description: "This channel's games, and your turns (only you see it)" },
    {
      type: OPTION.subcommand,
      name: "link",
      description: "Link your Discord account to a Canopy profile",
      options: [
        {
          type: OPTION.string,
          name: "code",
          description: "A code from Canopy's Add a device (links to that profile); none: get a link",
          max_length: 20,
        },
      ],
    },
    { type: OPTION.subcommand, name: "unlink", description: "Unlink your Discord account from its Canopy profile" },
  ],
};

/** The subcommand and its options, as the interaction carries them, to a Command (or what is wrong). */
export function commandOf(name: string, options: CommandOption[] | undefined): Parsed {
  if (name !== COMMAND) return { ok: false, message: `There is no \`/${name.slice(0, 32)}\` command here.` };
  const sub = options?.length === 1 && options[0].type === OPTION.subcommand ? options[0] : null;
  if (!sub) return { ok: false, message: "Use one of `/photosynthesis new`, `games`, `link` or `unlink`." };
  const opts = sub.options ?? [];
  const known: Record<string, string[]> = {
    new: ["players", "moonlight", "bots", "clock"],
    games: [],
    link: ["code"],
    unlink: [],
  };
  const allowed = known[sub.name];
  if (!allowed) return { ok: false, message: `There is no \`/photosynthesis ${sub.name.slice(0, 32)}\` command.` };
  const bad = opts.find((o) => !allowed.includes(o.name));
  if (bad) return { ok: false, message: `\`${bad.name.slice(0, 32)}\` is not an option of \`${sub.name}\`.` };
  const value = (n: string) => opts.find((o) => o.name === n)?.value;
  if (sub.name === "new")
    return checkNew({
      players: value("players"),
      moonlight: value("moonlight"),
      bots: value("bots"),
      clock: value("clock"),
    });
  if (sub.name === "link") {
    const code = value("code");
    if (code !== undefined && typeof code !== "string") return { ok: false, message: "`code` is text." };
    return { ok: true, command: { name: "link", code: code ?? null } };
  }
  return { ok: true, command: { name: sub.name as "games" | "unlink" } };
}
