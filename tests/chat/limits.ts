/**
 * The platforms' documented limits, checked on every body Canopy sends or answers (the fake
 * platform runs these on what it receives; the endpoint tests on what the Worker answers). Written
 * from the platforms' documentation, not from Canopy's constants, so a wrong constant fails here:
 *
 * - Discord: message content 2000 characters; 10 embeds; an embed's title 256, description 4096,
 *   25 fields (name 256, value 1024), footer 2048, 6000 characters in all; 5 action rows of at most
 *   5 buttons; a button's label 80, custom_id 100 (unique in the message); a link button has a url
 *   and no custom_id, any other a custom_id and no url; `allowed_mentions` always set, parsing nothing.
 *   (discord.com/developers/docs/resources/message, /components/reference)
 * - Slack: 50 blocks; `text` 40,000; a header's plain text 150; a section's text 3000; 25 elements
 *   in an actions block; a button's text 75, action_id 255 (unique in the message), value 2000,
 *   url 3000; an image's alt_text 2000; 10 elements in a context block; block_id 255, unique.
 *   (docs.slack.dev/reference/block-kit/blocks, /block-elements)
 */

type Any = any;

const len = (s: unknown) => (typeof s === "string" ? [...s].length : 0);

export function discordProblems(body: Any, opts: { ephemeral?: boolean } = {}): string[] {
  const p: string[] = [];
  if (!body || typeof body !== "object") return ["not an object"];
  if (len(body.content) > 2000) p.push(`content ${len(body.content)} > 2000`);
  if (!body.allowed_mentions) p.push("no allowed_mentions");
  else {
    const am = body.allowed_mentions;
    if (!Array.isArray(am.parse) || am.parse.length) p.push("allowed_mentions.parse is not []");
    if (am.users && (!Array.isArray(am.users) || am.users.length > 100)) p.push("allowed_mentions.users");
    if (am.roles?.length) p.push("allowed_mentions.roles");
  }
  const embeds = body.embeds ?? [];
  if (embeds.length > 10) p.push("more than 10 embeds");
  let total = 0;
  for (const e of embeds) {
    if (len(e.title) > 256) p.push("embed title > 256");
    if (len(e.description) > 4096) p.push("embed description > 4096");
    if ((e.fields ?? []).length > 25) p.push("more than 25 fields");
    for (const f of e.fields ?? []) {
      if (!len(f.name) || len(f.name) > 256) p.push("field name empty or > 256");
      if (!len(f.value) || len(f.value) > 1024) p.push("field value empty or > 1024");
      total += len(f.name) + len(f.value);
    }
    if (len(e.footer?.text) > 2048) p.push("footer > 2048");
    total += len(e.title) + len(e.description) + len(e.footer?.text) + len(e.author?.name);
  }
  if (total > 6000) p.push(`embeds total ${total} > 6000`);
  const rows = body.components ?? [];
  if (rows.length > 5) p.push("more than 5 action rows");
  const ids = new Set<string>();
  for (const row of rows) {
    if (row.type !== 1) p.push("a top-level component is not an action row");
    const buttons = row.components ?? [];
    if (!buttons.length || buttons.length > 5) p.push(`an action row with ${buttons.length} buttons`);
    for (const b of buttons) {
      if (b.type !== 2) p.push("not a button");
      if (!len(b.label) || len(b.label) > 80) p.push("button label empty or > 80");
      if (b.style === 5) {
        if (!b.url || b.custom_id !== undefined) p.push("link button without url or with custom_id");
        if (len(b.url) > 512) p.push("button url > 512");
      } else {
        if (!b.custom_id || b.url !== undefined) p.push("button without custom_id or with url");
        if (len(b.custom_id) > 100) p.push("custom_id > 100");
        if (ids.has(b.custom_id)) p.push(`custom_id ${b.custom_id} twice`);
        ids.add(b.custom_id);
      }
    }
  }
  if (opts.ephemeral && !((body.flags ?? 0) & 64)) p.push("not ephemeral");
  if (!len(body.content) && !embeds.length && !opts.ephemeral && body.content !== "") p.push("empty message");
  return p;
}

export function slackProblems(body: Any): string[] {
  const p: string[] = [];
  if (!body || typeof body !== "object") return ["not an object"];
  if (typeof body.text !== "string" || !body.text.length) p.push("no text fallback");
  if (len(body.text) > 40_000) p.push("text > 40000");
  const blocks = body.blocks ?? [];
  if (blocks.length > 50) p.push("more than 50 blocks");
  const actionIds = new Set<string>();
  const blockIds = new Set<string>();
  for (const b of blocks) {
    if (b.block_id !== undefined) {
      if (len(b.block_id) > 255) p.push("block_id > 255");
      if (blockIds.has(b.block_id)) p.push("block_id twice");
      blockIds.add(b.block_id);
    }
    if (b.type === "header") {
      if (b.text?.type !== "plain_text" || !len(b.text.text) || len(b.text.text) > 150) p.push("header text");
    } else if (b.type === "section") {
      if (b.text && (!len(b.text.text) || len(b.text.text) > 3000)) p.push("section text empty or > 3000");
      if ((b.fields ?? []).length > 10) p.push("more than 10 fields");
      for (const f of b.fields ?? []) if (len(f.text) > 2000) p.push("field > 2000");
    } else if (b.type === "image") {
      if (!len(b.alt_text) || len(b.alt_text) > 2000) p.push("image alt_text");
      if (len(b.image_url) > 3000) p.push("image_url > 3000");
    } else if (b.type === "actions") {
      const els = b.elements ?? [];
      if (!els.length || els.length > 25) p.push(`actions block with ${els.length} elements`);
      for (const e of els) {
        if (e.type !== "button") continue;
        if (e.text?.type !== "plain_text" || !len(e.text.text) || len(e.text.text) > 75) p.push("button text");
        if (!e.action_id || len(e.action_id) > 255) p.push("action_id");
        if (actionIds.has(e.action_id)) p.push(`action_id ${e.action_id} twice`);
        actionIds.add(e.action_id);
        if (len(e.value) > 2000) p.push("button value > 2000");
        if (len(e.url) > 3000) p.push("button url > 3000");
      }
    } else if (b.type === "context") {
      if (!(b.elements ?? []).length || b.elements.length > 10) p.push("context elements");
    } else p.push(`unexpected block ${b.type}`);
  }
  return p;
}
