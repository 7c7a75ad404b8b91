/**
 * Webhook targets: which URLs are accepted, what kind a URL is, and how it is shown once stored
 * (redacted: the URL is a secret, as anyone who has it can post to the channel).
 *
 * Where notifications may be sent is decided here, from the URL alone: a Worker cannot resolve a
 * name before it fetches (there is no DNS lookup API, and a lookup made through DNS over HTTPS
 * could answer differently by the time fetch() connects: DNS rebinding). So every spelling of an
 * address that is not on the public internet is refused, names that only exist on private
 * networks are refused, and names of wildcard DNS services that answer with the address written
 * in the name (127.0.0.1.nip.io) are decoded and refused when that address is not public. What the
 * platform adds on top of this is described in src/notify/README.md.
 */
import { detectKind } from "../contract/notifications";
import type { TargetKind } from "./types";

export { detectKind };

export interface UrlPolicy {
  /** Allow localhost / 127.0.0.1 / [::1] (http:// or https://): development and tests only. */
  allowHttpLocalhost: boolean;
}

const DISCORD_PATH = /^\/api(?:\/v\d+)?\/webhooks\/\d{15,21}\/[A-Za-z0-9_-]{20,200}\/?$/;
const SLACK_PATH = /^\/services\/[A-Za-z0-9]+\/[A-Za-z0-9]+\/[A-Za-z0-9]+\/?$/;
/** The development escape hatch: exactly these hosts, as the URL parser writes them. */
const LOCAL_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

export type UrlCheck = { ok: true; url: URL; detected: TargetKind } | { ok: false; message: string };
export type PublicUrlCheck = { ok: true; url: URL } | { ok: false; message: string };

// ---- addresses ------------------------------------------------------------------------------
//
// Written by hand rather than with an address library: the check must see through IPv4 written
// inside IPv6 (mapped, compatible, 6to4, NAT64, Teredo), which the libraries classify but do not
// decode, and the tables below are short. They follow the IANA IPv4 and IPv6 Special-Purpose
// Address Registries (and the multicast and reserved blocks), refusing every entry, whether the
// registry marks it globally reachable or not: no webhook lives at an anycast relay or a
// benchmarking address.

/** [first address, prefix length, what it is] */
const V4_SPECIAL: [string, number, string][] = [
  ["0.0.0.0", 8, '"this network"'],
  ["10.0.0.0", 8, "a private network"],
  ["100.64.0.0", 10, "shared address space (carrier-grade NAT)"],
  ["127.0.0.0", 8, "loopback"],
  ["169.254.0.0", 16, "link-local (cloud metadata)"],
  ["172.16.0.0", 12, "a private network"],
  ["192.0.0.0", 24, "IETF protocol assignments"],
  ["192.0.2.0", 24, "documentation (TEST-NET-1)"],
  ["192.31.196.0", 24, "AS112"],
  ["192.52.193.0", 24, "AMT"],
  ["192.88.99.0", 24, "the deprecated 6to4 relay anycast"],
  ["192.168.0.0", 16, "a private network"],
  ["192.175.48.0", 24, "AS112 direct delegation"],
  ["198.18.0.0", 15, "benchmarking"],
  ["198.51.100.0", 24, "documentation (TEST-NET-2)"],
  ["203.0.113.0", 24, "documentation (TEST-NET-3)"],
  ["224.0.0.0", 4, "multicast"],
  ["240.0.0.0", 4, "reserved (and broadcast)"],
];

/** [first address, prefix length, what it is]; everything outside 2000::/3 is refused as well. */
const V6_SPECIAL: [string, number, string][] = [
  ["2001::", 23, "IETF protocol assignments (Teredo, benchmarking, ORCHIDv2, AMT, AS112…)"],
  ["2001:db8::", 32, "documentation"],
  ["2002::", 16, "6to4"],
  ["2620:4f:8000::", 48, "AS112 direct delegation"],
  ["3fff::", 20, "documentation"],
];

const v4Number = (a: string) => a.split(".").reduce((n, p) => n * 256 + Number(p), 0);
const V4_TABLE = V4_SPECIAL.map(([a, len, what]) => ({ base: v4Number(a), len, what }));

function inV4(n: number, base: number, len: number): boolean {
  const size = 2 ** (32 - len);
  return n >= base && n < base + size;
}

/** Why an IPv4 address (as a 32-bit number) is not public, or null when it is. */
function v4Refusal(n: number): string | null {
  for (const r of V4_TABLE) if (inV4(n, r.base, r.len)) return r.what;
  return null;
}

const v4Text = (n: number) => [24, 16, 8, 0].map((s) => (n >>> s) & 255).join(".");

/** A dotted-quad (as the URL parser writes every IPv4 spelling) to a number, or null. */
function parseV4(s: string): number | null {
  const m = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(s);
  if (!m) return null;
  const parts = m.slice(1).map(Number);
  if (parts.some((p) => p > 255)) return null;
  return ((parts[0] * 256 + parts[1]) * 256 + parts[2]) * 256 + parts[3];
}

/** An IPv6 address (no brackets, no zone) to its eight 16-bit groups, or null. */
function parseV6(s: string): number[] | null {
  let text = s.toLowerCase();
  // A trailing dotted IPv4 (::ffff:1.2.3.4) as two groups.
  const dotted = /^(.*:)(\d{1,3}(?:\.\d{1,3}){3})$/.exec(text);
  if (dotted) {
    const n = parseV4(dotted[2]);
    if (n === null) return null;
    text = `${dotted[1]}${(n >>> 16).toString(16)}:${(n & 0xffff).toString(16)}`;
  }
  const halves = text.split("::");
  if (halves.length > 2) return null;
  const groups = (h: string) => (h === "" ? [] : h.split(":"));
  const head = groups(halves[0]);
  const tail = halves.length === 2 ? groups(halves[1]) : [];
  const missing = 8 - head.length - tail.length;
  if (halves.length === 2 ? missing < 1 : missing !== 0) return null;
  const all = [...head, ...Array(halves.length === 2 ? missing : 0).fill("0"), ...tail];
  if (!all.every((g) => /^[0-9a-f]{1,4}$/.test(g))) return null;
  return all.map((g) => parseInt(g, 16));
}

const V6_TABLE = V6_SPECIAL.map(([a, len, what]) => ({ base: parseV6(a)!, len, what }));

function inV6(g: number[], base: number[], len: number): boolean {
  for (let bit = 0; bit < len; bit += 16) {
    const take = Math.min(16, len - bit);
    const mask = (0xffff << (16 - take)) & 0xffff;
    const i = bit / 16;
    if ((g[i] & mask) !== (base[i] & mask)) return false;
  }
  return true;
}

const low32 = (g: number[]) => g[6] * 65536 + g[7];

/** Why an IPv6 address is not public, or null when it is; IPv4 written inside it is decoded. */
function v6Refusal(g: number[]): string | null {
  const zeros = (from: number, to: number) => g.slice(from, to).every((x) => x === 0);
  const embedded = (form: string, v4: number, alwaysRefused: string | null) => {
    const why = v4Refusal(v4);
    if (why) return `${form} of ${v4Text(v4)}, ${why}`;
    return alwaysRefused;
  };
  // ::/128, ::1/128, and the rest of ::/8 (IPv4-compatible ::a.b.c.d, ::7f00:1; IPv4-mapped).
  if (zeros(0, 8)) return "the unspecified address";
  if (zeros(0, 7) && g[7] === 1) return "loopback";
  if (zeros(0, 5) && g[5] === 0xffff) return embedded("an IPv4-mapped address", low32(g), null);
  if (zeros(0, 4) && g[4] === 0xffff && g[5] === 0)
    return embedded("an IPv4-translated address", low32(g), "an IPv4-translated address");
  if (zeros(0, 6)) return embedded("an IPv4-compatible address", low32(g), "a deprecated IPv4-compatible address");
  // NAT64: the well-known prefix 64:ff9b::/96 (public when the IPv4 is), the local-use 64:ff9b:1::/48.
  if (g[0] === 0x64 && g[1] === 0xff9b && zeros(2, 6)) return embedded("a NAT64 address", low32(g), null);
  if (g[0] === 0x64 && g[1] === 0xff9b && g[2] === 1) {
    // Always refused; the IPv4 address is named when it is a private one. RFC 6052 puts it after
    // a /48 prefix in bits 48..87 (skipping bits 64..71); some write it in the last 32 bits.
    const after48 = g[3] * 65536 + (g[4] & 255) * 256 + (g[5] >> 8);
    for (const v4 of [after48, low32(g)])
      if (v4 !== 0 && v4Refusal(v4)) return embedded("a local-use NAT64 address", v4, null);
    return "a local-use NAT64 address (64:ff9b:1::/48)";
  }
  // 6to4: 2002:AABB:CCDD::/48 carries AA.BB.CC.DD.
  if (g[0] === 0x2002) return embedded("a 6to4 address", g[1] * 65536 + g[2], "a 6to4 address");
  // Teredo: 2001:0::/32, server in bits 32..63, the client's address inverted in the last 32 bits.
  if (g[0] === 0x2001 && g[1] === 0) {
    const client = ~low32(g) >>> 0;
    const server = g[2] * 65536 + g[3];
    return embedded("a Teredo address", client, embedded("a Teredo address (server)", server, "a Teredo address"));
  }
  if ((g[0] & 0xe000) !== 0x2000) {
    if ((g[0] & 0xfe00) === 0xfc00) return "a unique local address (fc00::/7)";
    if ((g[0] & 0xffc0) === 0xfe80) return "link-local";
    if ((g[0] & 0xffc0) === 0xfec0) return "site-local";
    if ((g[0] & 0xff00) === 0xff00) return "multicast";
    if (g[0] === 0x100 && zeros(1, 3) && g[3] <= 1) return "discard-only";
    return "not global unicast (outside 2000::/3)";
  }
  for (const r of V6_TABLE) if (inV6(g, r.base, r.len)) return r.what;
  return null;
}

// ---- names ----------------------------------------------------------------------------------

/** Names that only mean something on a private network or this machine (RFC 6761, 6762, 8375, 9476…). */
const PRIVATE_SUFFIXES = [
  "localhost",
  "local",
  "internal",
  "home.arpa",
  "arpa",
  "lan",
  "intranet",
  "corp",
  "private",
  "localdomain",
  "home",
  "test",
  "invalid",
  "example",
  "onion",
  "alt",
];

/** Wildcard DNS services that answer every name with 127.0.0.1. */
const LOOPBACK_SERVICES = [
  "localtest.me",
  "lvh.me",
  "vcap.me",
  "lacolhost.com",
  "localhost.direct",
  "local.gd",
  "fuf.me",
  "localho.st",
  "smackaho.st",
];
/** Wildcard DNS services that answer with the address written in the name (1.2.3.4.nip.io, 1-2-3-4.sslip.io, 01020304.nip.io, --1.sslip.io). */
const EMBEDDING_SERVICES = ["nip.io", "sslip.io", "xip.io", "xip.name", "traefik.me", "nip.direct", "backname.io"];

const under = (host: string, domain: string) => host === domain || host.endsWith(`.${domain}`);

/** The addresses a wildcard DNS name may stand for, decoded from its labels. */
function embeddedAddresses(labels: string[]): { v4: number[]; v6: number[][] } {
  const v4: number[] = [];
  const v6: number[][] = [];
  for (let i = 0; i + 4 <= labels.length; i++) {
    const n = parseV4(labels.slice(i, i + 4).join("."));
    if (n !== null) v4.push(n);
  }
  for (const label of labels) {
    for (const m of label.matchAll(/(?=(?:^|\D)(\d{1,3})-(\d{1,3})-(\d{1,3})-(\d{1,3})(?!\d))/g)) {
      const n = parseV4(m.slice(1, 5).join("."));
      if (n !== null) v4.push(n);
    }
    for (const m of label.matchAll(/(?:^|[^0-9a-f])([0-9a-f]{8})(?![0-9a-f])/g)) v4.push(parseInt(m[1], 16));
    if (label.includes("--") || (label.match(/-/g) ?? []).length >= 2) {
      const g = parseV6(label.replace(/-/g, ":"));
      if (g) v6.push(g);
    }
  }
  return { v4, v6 };
}

/** Why a host name (lower case, no trailing dot) is not a public host, or null when it may be. */
function nameRefusal(host: string): string | null {
  const labels = host.split(".");
  if (labels.some((l) => l === "")) return "the name has an empty label";
  for (const s of PRIVATE_SUFFIXES)
    if (under(host, s)) return `${host === s ? s : `.${s}`} names only exist on a private network or this machine`;
  if (labels.length < 2) return "a single-label name only exists on a private network";
  for (const s of LOOPBACK_SERVICES) if (under(host, s)) return `every ${s} name points at this machine (127.0.0.1)`;
  for (const s of EMBEDDING_SERVICES) {
    if (!under(host, s)) continue;
    const inner = labels.slice(0, labels.length - s.split(".").length);
    const { v4, v6 } = embeddedAddresses(inner);
    for (const n of v4) {
      const why = v4Refusal(n);
      if (why) return `${s} answers it with ${v4Text(n)}, ${why}`;
    }
    for (const g of v6) {
      const why = v6Refusal(g);
      if (why) return `${s} answers it with an address that is ${why}`;
    }
    if (!v4.length && !v6.length) return `${s} names stand for the address written in them, and this one has none`;
  }
  return null;
}

/** Why a URL's host (as the URL parser wrote it) is not public, or null when it is. */
export function hostRefusal(hostname: string): string | null {
  let host = hostname.toLowerCase();
  if (host.startsWith("[") && host.endsWith("]")) {
    const g = parseV6(host.slice(1, -1));
    if (!g) return "the IPv6 address cannot be read";
    return v6Refusal(g);
  }
  // "localhost." and "localhost" are the same name: every trailing dot goes.
  host = host.replace(/\.+$/, "");
  if (host === "") return "the host is empty";
  const n = parseV4(host);
  if (n !== null) return v4Refusal(n);
  // Any other all-numeric-looking host was already turned into dotted decimal by the URL parser
  // (0x7f.1, 2130706433, 0177.0.0.1 → 127.0.0.1); a name that still ends in a number is not a name.
  if (/^[0-9.]+$/.test(host) || /^0x[0-9a-f]*$/.test(host.split(".").at(-1)!))
    return "the host is neither an address nor a name";
  return nameRefusal(host);
}

/**
 * Check a URL the service will send requests to (webhooks, and later push subscriptions):
 * https:// only (http:// and https:// to exactly localhost, 127.0.0.1 or [::1] when the policy
 * allows it, for development), no credentials, no fragment, and a host on the public internet.
 */
export function checkPublicUrl(raw: string, policy: UrlPolicy, what = "Webhook URLs"): PublicUrlCheck {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return { ok: false, message: "That is not a URL." };
  }
  const devLocal = policy.allowHttpLocalhost && LOCAL_HOSTS.has(url.hostname);
  if (url.protocol === "http:") {
    if (!devLocal)
      return {
        ok: false,
        message: `${what} must use https:// (plain http:// only to localhost, in development).`,
      };
  } else if (url.protocol !== "https:") {
    return { ok: false, message: `${what} must use https://.` };
  }
  if (url.username || url.password) return { ok: false, message: `${what} cannot carry a user name or password.` };
  if (url.hash) return { ok: false, message: `${what} cannot have a #fragment.` };
  if (!devLocal) {
    const why = hostRefusal(url.hostname);
    if (why) return { ok: false, message: `${what} must point at a public host: ${url.hostname} is not one (${why}).` };
  }
  return { ok: true, url };
}

/** Check a URL someone wants notifications sent to. */
export function checkUrl(raw: string, policy: UrlPolicy): UrlCheck {
  const checked = checkPublicUrl(raw, policy);
  if (!checked.ok) return checked;
  const url = checked.url;
  const detected = detectKind(url);
  if (detected === "discord" && !DISCORD_PATH.test(url.pathname))
    return {
      ok: false,
      message: "That Discord webhook URL is incomplete: copy it again from the channel's Integrations → Webhooks.",
    };
  if (detected === "slack" && !SLACK_PATH.test(url.pathname))
    return {
      ok: false,
      message: "That Slack webhook URL is incomplete: copy it again from the app's Incoming Webhooks page.",
    };
  return { ok: true, url, detected };
}

/**
 * The kind to use: the one asked for, else the one detected. A Discord or Slack URL only takes
 * its own format (anything else would be refused there); other URLs may take any format (for
 * example a Slack-compatible chat server).
 */
export function chooseKind(
  detected: TargetKind,
  asked: TargetKind | undefined,
): { ok: true; kind: TargetKind } | { ok: false; message: string } {
  if (!asked) return { ok: true, kind: detected };
  if (detected !== "json" && asked !== detected)
    return {
      ok: false,
      message: `That is a ${detected === "discord" ? "Discord" : "Slack"} webhook URL: its kind must be "${detected}".`,
    };
  return { ok: true, kind: asked };
}

/** How a stored URL is shown: scheme, host and the fixed start of the path, then the last 4 characters. */
export function redactUrl(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return "…";
  }
  // The last 4 characters of the path and query, when there is enough of it to keep most hidden.
  const rest = (url.pathname + url.search).replace(/[/?#=&]+$/, "");
  const tail = rest.length > 8 ? rest.slice(-4).replace(/^.*[/?#=&]/, "") : "";
  const kind = detectKind(url);
  const prefix = kind === "discord" ? "/api/webhooks" : kind === "slack" ? "/services" : "";
  const port = url.port ? `:${url.port}` : "";
  return `${url.protocol}//${url.hostname}${port}${prefix}/…${tail ? `/${tail}` : ""}`;
}

/** Remove a secret URL (and its parts) from a message before it is logged or shown. */
export function scrub(message: string, secrets: (string | null | undefined)[]): string {
  let out = message;
  for (const s of secrets) {
    if (!s || s.length < 8) continue;
    out = out.split(s).join("[redacted]");
    try {
      const u = new URL(s);
      if (u.pathname.length > 8) out = out.split(u.pathname).join("/[redacted]");
    } catch {
      /* not a URL */
    }
  }
  return out;
}
