/**
 * The notifications panel's texts, English (the reference: every other language implements exactly
 * these keys). Loaded with the panel, not with the page.
 */
import { plurals } from "../../i18n/plural";
import type { Widen } from "../../i18n/widen";

const p = plurals("en");

const en = {
  gameHooksTitle: "This game's channels",
  gameHooksHelp:
    "Every notification of this game goes to these webhooks (a group's Discord or Slack channel, or any server taking signed JSON). Every player sees them and their delivery log; only the player who added one, or the game's creator, can change or remove it.",
  myHooksTitle: "Your webhooks",
  myHooksHelp:
    "What concerns you in any of your games goes here: your turn, reminders, timeouts, games starting and ending, players joining or resigning.",
  noHooks: "No webhooks yet.",
  count: (n: number, max: number) => `${n} of ${max}`,
  kindNames: { discord: "Discord", slack: "Slack", json: "Signed JSON" } as Readonly<
    Record<"discord" | "slack" | "json", string>
  >,
  on: "on",
  off: "off",
  offByPlayer: "Switched off by a player.",
  offAfter: (answer: string) =>
    `Switched off: it answered ${answer} again and again (the address is probably gone). Check it, then switch it on again.`,
  offNoAnswer: "Switched off: it did not answer again and again.",
  offRefused:
    "Switched off: its address is not on the public internet, so nothing is sent there. Point it at a public address, then switch it on again.",
  addedBy: (name: string) => `Added by ${name}: only they, or the game's creator, can change, switch off or remove it.`,
  allEvents: "all notifications",
  someEvents: (names: string) => `only: ${names}`,
  lastAnswer: (status: number, when: string) => `last answer HTTP ${status}, ${when}`,
  lastNoAnswer: (when: string) => `no answer last time, ${when}`,
  neverUsed: "nothing sent yet",
  sendTest: "Send test",
  testing: "Sending…",
  switchOff: "Switch off",
  switchOn: "Switch on",
  rotateSecret: "New secret",
  rotateConfirm: "Make a new signing secret? The current one stops working at once.",
  remove: "Delete",
  removeConfirm: (name: string) => `Delete the webhook “${name}”? Nothing more is sent to it.`,
  testDelivered: (status: number | null, ms: number) => `Test delivered: HTTP ${status ?? "?"} in ${ms} ms.`,
  testFailed: (status: number | null, ms: number) =>
    status === null
      ? `Test not delivered: no answer (after ${ms} ms).`
      : `Test not delivered: HTTP ${status} in ${ms} ms.`,
  secretTitle: "Signing secret",
  secretHelp:
    "Shown only this once: copy it now into the receiving server. It verifies the webhook-signature header (Standard Webhooks).",
  secretDone: "I have copied it",

  addTitle: "Add a webhook",
  urlLabel: "Webhook address (URL)",
  urlHelp:
    "Discord: channel settings → Integrations → Webhooks → Copy Webhook URL. Slack: an incoming webhook. Anything else gets signed JSON.",
  detected: (kind: string) => `Recognised: ${kind}`,
  kindLabel: "Format",
  kindAuto: "Detect from the address",
  labelLabel: "Name (optional)",
  labelPlaceholder: "#photosynthesis",
  eventsLabel: "Send",
  eventsNone: "Choose at least one notification.",
  add: "Add webhook",
  adding: "Adding…",
  added: "Webhook added.",
  limitReached: (max: number) => `That is the most there can be (${max}): delete one to add another.`,

  eventNames: {
    "game.started": "game started",
    "turn.started": "turn to play",
    "turn.reminder": "reminders before the deadline",
    "turn.timeout": "time ran out",
    "player.joined": "player joined",
    "player.left": "player left",
    "player.resigned": "player resigned",
    "player.away": "player away or back",
    "game.ended": "game over, with the scores",
    "game.rematch": "a player asks to play again",
    "message.written": "messages at the table",
    "webhook.disabled": "webhook switched off",
    "webhook.test": "test",
  } as Readonly<Record<string, string>>,

  deliveriesTitle: "Delivery log",
  deliveriesHelp:
    "Every notification sent from this game, newest first, with each attempt. Failed ones are retried by themselves for a while; Resend sends one again now.",
  noDeliveries: "Nothing sent yet.",
  refresh: "Refresh",
  older: "Older",
  to: (target: string) => `to ${target}`,
  someonesOwn: "a player's own webhook",
  states: { pending: "waiting", delivered: "delivered", failed: "failed", dropped: "dropped" } as Readonly<
    Record<string, string>
  >,
  attempts: (n: number) => (n === 0 ? "not tried yet" : p(n, "# attempt", "# attempts")),
  attemptLine: (n: number, status: number | null, ms: number, outcome: string) =>
    `#${n}: ${status === null ? "no answer" : `HTTP ${status}`}, ${ms} ms, ${outcome}`,
  connectFailed: "could not connect to the address (no answer came)",
  outcomes: {
    delivered: "delivered",
    retry: "will retry",
    rate_limited: "rate limited, waiting",
    gone: "address gone",
    rejected: "refused",
  } as Readonly<Record<string, string>>,
  nextAttempt: (when: string) => `next attempt ${when}`,
  resend: "Resend",
  resent: "Queued: it will be sent again in a moment.",

  discordTitle: "Discord pings",
  discordLabel: "Your Discord user id",
  discordHelp:
    "With it, notifications on Discord mention you when it is your turn. Discord: Settings → Advanced → Developer Mode, then right-click your name → Copy User ID. Only you see it.",
  discordInvalid: "A Discord user id is a number of 15 to 21 digits.",
  pushTitle: "Push on this device",
  pushHelp:
    "Your turn, reminders and results appear on this device even when Canopy is closed; tapping one opens the game. On iPhone and iPad, first add Canopy to the Home Screen (Share → Add to Home Screen).",
  pushOn: "Turn on",
  pushOff: "Turn off",
  pushIsOn: "On: this device gets your notifications.",
  pushIsOff: "Off on this device.",
  pushUnsupported: "This browser cannot receive push notifications.",
  pushDenied: "Notifications are blocked for this site: allow them in the browser's site settings, then come back.",
  pushNotConfigured: "Push notifications are not set up on this server yet.",
  pushRefused: "The server refused this browser's push service",
  pushFailed: "The browser could not turn push on",
  pushTest: "Send a test",
  pushTestSent: "Sent: it should appear on this device in a moment.",
  pushTestFailed: (error: string) => `The push service did not take it: ${error}`,

  // The API's refusals of a webhook, explained
  errNotConfigured: "Notifications are not set up on this server yet: its administrator has to set WEBHOOK_KEY.",
  errBadUrl:
    "That address cannot receive notifications. Paste the https:// address of a webhook (Discord: channel settings → Integrations → Webhooks; Slack: an incoming webhook).",
  errBadKind:
    "That kind does not fit this address: a Discord or Slack webhook only takes its own kind. Choose “detect from the address”.",
  errTooMany: "There are already 5 webhooks here: delete one first.",
  errNotOwner: "Only the player who added this webhook, or the game's creator, can change, switch off or remove it.",
  save: "Save",
  saved: "Saved.",
};

export type NotifyMessages = { [K in keyof typeof en]: Widen<(typeof en)[K]> };

export default en as NotifyMessages;
