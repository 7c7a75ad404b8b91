/**
 * `npm run discord:register`: registers `/photosynthesis` (src/chat/discord/commands.ts) with
 * Discord, replacing the application's commands (PUT, so running it again changes nothing).
 *
 *   DISCORD_APPLICATION_ID=… DISCORD_BOT_TOKEN=… npm run discord:register
 *   DISCORD_GUILD_ID=…   (optional) register in that server only: shows at once, for trying it out
 *
 * Reads the token from the environment only and never prints it. Never run by the tests (it calls
 * discord.com); see docs/chat-apps.md.
 */
import { DISCORD_COMMAND } from "../src/chat/discord/commands";
import { DISCORD_API } from "../src/chat/rest";

const appId = process.env.DISCORD_APPLICATION_ID?.trim();
const token = process.env.DISCORD_BOT_TOKEN?.trim();
const guild = process.env.DISCORD_GUILD_ID?.trim();

if (!appId || !/^\d{15,21}$/.test(appId) || !token) {
  console.error("Set DISCORD_APPLICATION_ID (the application's id) and DISCORD_BOT_TOKEN (its bot token).");
  process.exit(2);
}
if (guild && !/^\d{15,21}$/.test(guild)) {
  console.error("DISCORD_GUILD_ID is a server's id (a number).");
  process.exit(2);
}

const url = guild
  ? `${DISCORD_API}/applications/${appId}/guilds/${guild}/commands`
  : `${DISCORD_API}/applications/${appId}/commands`;
const body = guild ? [{ ...DISCORD_COMMAND, integration_types: undefined, contexts: undefined }] : [DISCORD_COMMAND];
const res = await fetch(url, {
  method: "PUT",
  headers: { authorization: `Bot ${token}`, "content-type": "application/json" },
  body: JSON.stringify(body),
});
const text = await res.text();
if (!res.ok) {
  console.error(`Discord answered ${res.status}: ${text.split(token).join("[redacted]").slice(0, 500)}`);
  process.exit(1);
}
const names = (JSON.parse(text) as { name: string; id: string }[]).map((c) => `/${c.name} (${c.id})`);
console.log(`Registered ${names.join(", ")} ${guild ? `in server ${guild}` : "globally (may take a while to show)"}.`);
