/**
 * What Slack sends, after the signature is checked: a slash command (a form) or a click on a
 * button (a form whose `payload` field is the block_actions JSON). Both name the team, the channel,
 * the user and a `trigger_id`, unique per invocation (the replay key). Checked with zod: a signed
 * body of another shape is a 400.
 */
import { z } from "zod";
import { BUTTON_ACTIONS, type ButtonAction } from "../model";

const Id = z.string().regex(/^[A-Z0-9]{2,30}$/);
const Trigger = z.string().min(1).max(200);
/** Where Slack takes answers to one invocation: its own hooks host only (nothing else is ever fetched). */
const ResponseUrl = z
  .string()
  .max(1000)
  .refine((u) => {
    try {
      const url = new URL(u);
      return url.protocol === "https:" && url.hostname === "hooks.slack.com" && !url.username && !url.password;
    } catch {
      return false;
    }
  });

const Command = z.object({
  team_id: Id,
  channel_id: Id,
  user_id: Id,
  user_name: z.string().max(100).default(""),
  command: z.string().max(40),
  text: z.string().max(4000).default(""),
  api_app_id: Id.optional(),
  response_url: ResponseUrl,
  trigger_id: Trigger,
});

const Actions = z.object({
  type: z.literal("block_actions"),
  trigger_id: Trigger,
  team: z.object({ id: Id }),
  user: z.object({ id: Id, username: z.string().max(100).optional(), name: z.string().max(100).optional() }),
  channel: z.object({ id: Id }).optional(),
  container: z.object({
    type: z.string(),
    message_ts: z
      .string()
      .regex(/^\d{1,12}\.\d{1,9}$/)
      .optional(),
  }),
  response_url: ResponseUrl.optional(),
  actions: z
    .array(z.object({ action_id: z.string().max(255), value: z.string().max(2000).optional(), type: z.string() }))
    .min(1)
    .max(25),
});

interface Common {
  trigger: string;
  team: string;
  channel: string | null;
  user: { id: string; name: string };
  responseUrl: string | null;
}

export type SlackRequest =
  | (Common & { kind: "command"; command: string; text: string })
  | (Common & { kind: "button"; action: ButtonAction | "open" | null; gameId: string | null; message: string | null })
  | { kind: "other"; trigger: string };

/** The request in a signed form body, or null when Slack never sends that shape (a 400). */
export function parseSlack(body: string): SlackRequest | null {
  let form: URLSearchParams;
  try {
    form = new URLSearchParams(body);
  } catch {
    return null;
  }
  const payload = form.get("payload");
  if (payload === null) {
    const r = Command.safeParse(Object.fromEntries(form));
    if (!r.success) return null;
    const c = r.data;
    return {
      kind: "command",
      trigger: c.trigger_id,
      team: c.team_id,
      channel: c.channel_id,
      user: { id: c.user_id, name: c.user_name },
      responseUrl: c.response_url,
      command: c.command,
      text: c.text,
    };
  }
  let json: unknown;
  try {
    json = JSON.parse(payload);
  } catch {
    return null;
  }
  const type = (json as { type?: unknown })?.type;
  const trigger = (json as { trigger_id?: unknown })?.trigger_id;
  // Other kinds of interactivity (shortcuts, views) are not Canopy's: acknowledged, nothing done.
  if (type !== "block_actions")
    return typeof trigger === "string" && trigger.length <= 200 ? { kind: "other", trigger } : null;
  const r = Actions.safeParse(json);
  if (!r.success) return null;
  const a = r.data;
  const first = a.actions[0];
  const m = /^cnp_([a-z]+)$/.exec(first.action_id);
  const action =
    m && (m[1] === "open" || (BUTTON_ACTIONS as readonly string[]).includes(m[1]))
      ? (m[1] as ButtonAction | "open")
      : null;
  const gameId = first.value && /^[0-9a-z]{12}$/.test(first.value) ? first.value : null;
  return {
    kind: "button",
    trigger: a.trigger_id,
    team: a.team.id,
    channel: a.channel?.id ?? null,
    user: { id: a.user.id, name: a.user.name ?? a.user.username ?? "" },
    responseUrl: a.response_url ?? null,
    action,
    gameId,
    message: a.container.message_ts ?? null,
  };
}
