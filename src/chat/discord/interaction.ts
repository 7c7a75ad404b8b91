/**
 * The parts of a Discord interaction Canopy reads, checked with zod after the signature (a signed
 * payload of another shape is a 400, never half-read). Names follow discord-api-types'
 * APIInteraction; only what is used is required.
 */
import type { InteractionType } from "discord-api-types/v10";
import { z } from "zod";
import type { ButtonAction } from "../model";
import { BUTTON_ACTIONS } from "../model";

export const INTERACTION = {
  ping: 1 as InteractionType.Ping,
  command: 2 as InteractionType.ApplicationCommand,
  component: 3 as InteractionType.MessageComponent,
  autocomplete: 4 as InteractionType.ApplicationCommandAutocomplete,
  modal: 5 as InteractionType.ModalSubmit,
} as const;

const Snowflake = z.string().regex(/^\d{15,21}$/);

const User = z.object({
  id: Snowflake,
  username: z.string().max(64),
  global_name: z.string().max(64).nullish(),
});

export interface CommandOption {
  name: string;
  type: number;
  value?: string | number | boolean;
  options?: CommandOption[];
}

const Option: z.ZodType<CommandOption> = z.lazy(() =>
  z.object({
    name: z.string().max(32),
    type: z.number().int(),
    value: z.union([z.string().max(6000), z.number(), z.boolean()]).optional(),
    options: z.array(Option).max(25).optional(),
  }),
);

const Base = z.object({
  id: Snowflake,
  application_id: Snowflake,
  token: z.string().min(1).max(500),
  version: z.literal(1),
  guild_id: Snowflake.optional(),
  channel_id: Snowflake.optional(),
  member: z.object({ user: User }).optional(),
  user: User.optional(),
});

const Payload = z.discriminatedUnion("type", [
  z.object({ type: z.literal(INTERACTION.ping), id: Snowflake, application_id: Snowflake }),
  Base.extend({
    type: z.literal(INTERACTION.command),
    data: z.object({ name: z.string().max(32), type: z.number().int(), options: z.array(Option).max(25).optional() }),
  }),
  Base.extend({
    type: z.literal(INTERACTION.component),
    data: z.object({ custom_id: z.string().max(100), component_type: z.number().int() }),
    message: z.object({ id: Snowflake }),
  }),
  Base.extend({ type: z.literal(INTERACTION.autocomplete) }),
  Base.extend({ type: z.literal(INTERACTION.modal) }),
]);

export interface Who {
  id: string;
  /** The name people see in the server (global display name, else the user name). */
  name: string;
}

interface Common {
  id: string;
  appId: string;
  token: string;
  /** Guild and channel: absent when the command was used in a DM (refused with an answer). */
  guild: string | null;
  channel: string | null;
  user: Who | null;
}

export type Interaction =
  | { kind: "ping"; id: string; appId: string }
  | (Common & { kind: "command"; name: string; options: CommandOption[] | undefined })
  | (Common & { kind: "button"; action: ButtonAction | null; gameId: string | null; message: string })
  | (Common & { kind: "other" });

/** The interaction in a signed body, or null when it is not one Canopy can read (a 400). */
export function parseInteraction(body: string): Interaction | null {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return null;
  }
  const r = Payload.safeParse(json);
  if (!r.success) return null;
  const p = r.data;
  if (p.type === INTERACTION.ping) return { kind: "ping", id: p.id, appId: p.application_id };
  const u = p.member?.user ?? p.user ?? null;
  const common: Common = {
    id: p.id,
    appId: p.application_id,
    token: p.token,
    guild: p.guild_id ?? null,
    channel: p.channel_id ?? null,
    user: u ? { id: u.id, name: u.global_name || u.username } : null,
  };
  if (p.type === INTERACTION.command) return { ...common, kind: "command", name: p.data.name, options: p.data.options };
  if (p.type === INTERACTION.component) {
    const m = /^cnp:([a-z]+):([0-9a-z]{12})$/.exec(p.data.custom_id);
    const action = m && (BUTTON_ACTIONS as readonly string[]).includes(m[1]) ? (m[1] as ButtonAction) : null;
    return { ...common, kind: "button", action, gameId: action ? m![2] : null, message: p.message.id };
  }
  return { ...common, kind: "other" };
}
