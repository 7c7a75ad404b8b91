/**
 * The embed page `/embed/<id>`: a read-only board for iframes on other sites. The board, scores,
 * round and whose turn are rendered into the HTML by the shared renderer; a tiny inline script
 * follows the game over the live WebSocket and, on a change, swaps in the server-rendered frame of
 * the new ply (`/embed/<id>/frame?ply=N`, cached for good since a past ply never changes). With
 * `?controls=1` it steps and scrubs through the plies. No tokens, no secrets: it is a spectator.
 */
import { encodeBase64 } from "hono/utils/encode";
import { THEMES, animalIcon, escapeHtml, pieceIcon, renderBoard, type Theme } from "../render";
import type { Summary } from "./moment";

export interface EmbedOptions {
  theme: Theme;
  controls: boolean;
  /** Show the player list (default true; `?scores=0` hides it). */
  scores: boolean;
  /** Fixed content size in CSS pixels (else the page fills its frame). */
  width: number | null;
  height: number | null;
}

/** Read the embed's query parameters; anything unknown falls back to the default. */
export function embedOptions(q: (name: string) => string | undefined): EmbedOptions {
  const size = (v: string | undefined) => (v && /^\d{2,4}$/.test(v) ? Math.min(4000, Math.max(120, Number(v))) : null);
  return {
    theme: q("theme") === "dark" ? "dark" : "light",
    controls: q("controls") === "1" || q("controls") === "true",
    scores: !(q("scores") === "0" || q("scores") === "false"),
    width: size(q("width")),
    height: size(q("height")),
  };
}

/** The part of the page that changes from one ply to another (also the frame endpoint's html). */
export function renderView(s: Summary, o: Pick<EmbedOptions, "theme" | "scores">): string {
  const board = renderBoard(s.board, {
    theme: o.theme,
    highlights: s.highlights,
    idPrefix: `e${s.ply}`,
    rounds: s.totalRounds,
  });
  const players = o.scores
    ? `<ol class="players">${s.players
        .map((p) => {
          const cls = [
            p.toAct ? "to-act" : "",
            p.winner ? "winner" : "",
            p.resigned ? "resigned" : "",
            p.seated ? "" : "free",
          ]
            .filter(Boolean)
            .join(" ");
          const status = p.toAct ? ", to play" : p.winner ? ", winner" : p.resigned ? ", resigned" : "";
          // Under the Moonlight: the animal (once revealed) and the moon points
          const moon =
            p.moon && p.seated
              ? `<span class="moonpts" title="moon points">${p.moon.points}<i aria-hidden="true">☾</i></span>`
              : "";
          const score = p.score
            ? `${moon}<span class="light" title="light points">${p.light}<i aria-hidden="true">☀</i></span><span class="score" title="points">${p.score.total}</span>`
            : "";
          const animal = p.moon?.animal ? animalIcon(p.moon.animal, p.seat, 20, THEMES[o.theme]) : "";
          const moonWords =
            p.moon && p.score
              ? `, ${p.moon.points} moon point${p.moon.points === 1 ? "" : "s"}${p.moon.animal ? `, the ${p.moon.animal}` : ""}`
              : "";
          const words = `${p.name}${status}${p.score ? `: ${p.score.total} points, ${p.light} light${moonWords}` : ""}`;
          return (
            `<li${cls ? ` class="${cls}"` : ""} aria-label="${escapeHtml(words)}">` +
            `${pieceIcon(p.seat, 2, 20, o.theme)}${animal}` +
            `<span class="name">${escapeHtml(p.seated ? p.name : "free seat")}</span>${score}</li>`
          );
        })
        .join("")}</ol>`
    : "";
  const last = s.lastMove ? `<p class="last">${escapeHtml(s.lastMove)}</p>` : "";
  return (
    `<div class="view" data-ply="${s.ply}" data-status="${s.status}">` +
    // (the game's title is the page's heading: its one h1, as on every page)
    `<header class="head"><h1 class="title"><a href="/g/${s.id}" target="_blank" rel="noopener">${escapeHtml(s.title)}</a></h1>` +
    `<p class="stage">${escapeHtml(s.stage)} · ` +
    (s.moon && s.status !== "waiting"
      ? `<span class="moon" title="${escapeHtml(s.moon.text)}">${s.moon.full ? "Full moon" : "Half moon"}</span> · `
      : "") +
    `<strong>${escapeHtml(s.headline)}</strong></p></header>` +
    `<div class="board">${board}</div>${players}${last}</div>`
  );
}

const ICONS: Record<string, string> = {
  first: "M5 4h2v12H5zM16 4v12L8 10z",
  prev: "M14 4v12L6 10z",
  play: "M6 4v12l9-6z",
  next: "M6 4v12l8-6z",
  last: "M13 4h2v12h-2zM4 4v12l8-6z",
};

function button(go: string, label: string): string {
  return `<button type="button" data-go="${go}" aria-label="${label}" title="${label}"><svg viewBox="0 0 20 20" width="16" height="16" aria-hidden="true"><path d="${ICONS[go]}"/></svg></button>`;
}

function controls(s: Summary): string {
  return (
    `<nav class="controls" aria-label="Replay">` +
    button("first", "Start") +
    button("prev", "Previous move") +
    button("play", "Play") +
    button("next", "Next move") +
    button("last", "Latest") +
    `<input type="range" min="0" max="${s.total}" value="${s.ply}" aria-label="Move">` +
    `<output aria-live="polite">${s.ply} / ${s.total}</output></nav>`
  );
}

function css(theme: Theme, o: EmbedOptions, moon: boolean): string {
  const t = THEMES[theme];
  const ink =
    theme === "dark"
      ? { text: "#eef3e6", muted: "#a5b09d", chip: "#20272a", accent: "#86c46a", line: "#2c3436" }
      : { text: "#1f2a1c", muted: "#5b6356", chip: "#ebe4cf", accent: "#2f6b2c", line: "#d8d0b8" };
  const box = `${o.width ? `max-width:${o.width}px;` : ""}height:${o.height ? `${o.height}px` : "100vh"}`;
  return (
    [
      `*{box-sizing:border-box}html,body{margin:0;height:100%}body{background:${t.background};`,
      `color:${ink.text};font:14px/1.35 system-ui,-apple-system,"Segoe UI",`,
      `Roboto,sans-serif}\n`,
      `main{display:grid;${box};padding:8px 10px;gap:4px 14px;grid-template-columns:minmax(0,`,
      `1fr);grid-template-rows:auto minmax(0,1fr) auto auto auto auto;`,
      `grid-template-areas:"head" "board" "players" "last" "controls" "foot";`,
      `overflow:hidden}\n`,
      `.view{display:contents}.head{grid-area:head;min-width:0}.board{grid-area:board;`,
      `min-height:0;display:flex;justify-content:center}.board svg{width:100%;`,
      `height:100%;display:block}\n`,
      `.players{grid-area:players}.last{grid-area:last}.controls{grid-area:controls}`,
      `footer{grid-area:foot}\n`,
      `.title{margin:0;font-weight:700;font-size:16px;line-height:inherit;`,
      `white-space:nowrap;overflow:hidden;text-overflow:ellipsis}.title a{color:inherit;`,
      `text-decoration:none}.title a:hover{text-decoration:underline}\n`,
      `.stage,.last{margin:0;color:${ink.muted};white-space:nowrap;overflow:hidden;`,
      `text-overflow:ellipsis}.stage strong{color:${ink.accent}}.last{font-size:13px}`,
      `\n`,
      `.players{list-style:none;margin:0;padding:0;display:flex;flex-wrap:wrap;`,
      `gap:2px 6px}.players li{display:flex;align-items:center;gap:6px;`,
      `padding:2px 8px;border-radius:8px;flex:1 1 40%;min-width:0}\n`,
      `.players li.to-act,.players li.winner{background:${ink.chip};font-weight:700}`,
      `.players .name{flex:1;min-width:0;overflow:hidden;text-overflow:ellipsis;`,
      `white-space:nowrap}.resigned .name{text-decoration:line-through;`,
      `color:${ink.muted}}.free .name{color:${ink.muted};font-style:italic}`,
      `\n`,
      `.light{color:${ink.muted};font-size:12px}.light i{font-style:normal;`,
      `color:${t.sunStroke}}.score{font-weight:700;min-width:2ch;text-align:right;`,
      `font-variant-numeric:tabular-nums}.winner .score{color:${t.sunStroke}}`,
      `\n`,
      `.controls{display:flex;align-items:center;gap:4px}.controls button{display:grid;`,
      `place-items:center;width:30px;height:28px;border:1px solid ${ink.line};`,
      `border-radius:6px;background:${ink.chip};color:${ink.text};cursor:pointer;`,
      `padding:0}.controls button svg{fill:currentColor}\n`,
      `.controls button[aria-pressed=true]{background:${ink.accent};color:${t.background}}`,
      `.controls input{flex:1;min-width:40px;accent-color:${ink.accent}}`,
      `.controls output{font-size:12px;color:${ink.muted};min-width:7ch;`,
      `text-align:right;font-variant-numeric:tabular-nums}\n`,
      `footer{display:flex;justify-content:space-between;gap:8px;font-size:12px;`,
      `color:${ink.muted}}footer a{color:inherit}.dot{display:none}.dot[data-state]{display:inline}`,
      `.dot::before{content:"";display:inline-block;width:7px;height:7px;`,
      `border-radius:50%;margin-right:4px;background:${ink.muted}}.dot[data-state=open]::before{background:#2ecc40}`,
      `\n`,
      `:focus-visible{outline:2px solid ${ink.accent};outline-offset:2px}`,
      `\n`,
      `@media (min-aspect-ratio:5/4) and (min-width:460px){main{grid-template-columns:minmax(0,`,
      `1.5fr) minmax(170px,1fr);grid-template-rows:auto auto auto minmax(0,`,
      `1fr) auto auto;grid-template-areas:"board head" "board players" "board last" "board ." "board controls" "board `,
      `foot"}.players{flex-direction:column}.players li{flex:none}.last{white-space:normal}`,
      `}`,
    ].join("") +
    // Under the Moonlight: moon points beside the light, the moon's phase in the stage line
    (moon
      ? `\n.moonpts{color:${ink.muted};font-size:12px}.moonpts i{font-style:normal;margin-left:1px}.players li>svg{flex:none}`
      : "")
  );
}

/**
 * The client script (kept small and dependency-free; it is inlined, and its hash is in the
 * page's Content-Security-Policy). It reads everything from data attributes of <main>.
 */
export const EMBED_SCRIPT = [
  `(()=>{const m=document.querySelector("main"),d=m.dataset,id=d.id,`,
  `R=m.querySelector("input[type=range]"),O=m.querySelector("output"),`,
  `dot=m.querySelector(".dot"),B=g=>m.querySelector('[data-go="'+g+'"]');`,
  `\n`,
  `let ply=+d.ply,total=+d.total,version=+d.version,status=d.gameStatus,`,
  `follow=d.follow==="1",seq=0,timer=0,ws=null,att=0,ping=0,deb=0;`,
  `\n`,
  `const sync=()=>{d.ply=ply;d.total=total;d.follow=follow?"1":"0";`,
  `if(R){R.max=total;R.value=ply;O.textContent=ply+" / "+total;B("last").setAttribute("aria-pressed",`,
  `follow);B("play").setAttribute("aria-pressed",!!timer)}};\n`,
  `const show=async(n,latest)=>{const my=++seq;try{const r=await fetch(d.frame+(latest?"":"&ply="+n));`,
  `if(!r.ok||my!==seq)return;const f=await r.json();if(my!==seq)return;`,
  `m.querySelector(".view").outerHTML=f.html;ply=f.ply;if(ply>total)total=ply;`,
  `sync()}catch(e){}};\n`,
  `const stop=()=>{clearInterval(timer);timer=0;sync()};\n`,
  `const go=n=>{n=Math.max(0,Math.min(total,n));follow=false;show(n)}`,
  `;\n`,
  `if(R){m.addEventListener("click",e=>{const b=e.target.closest("[data-go]");`,
  `if(!b)return;const k=b.dataset.go;if(k==="play"){if(timer)return stop();`,
  `follow=false;if(ply>=total)ply=-1;timer=setInterval(()=>{if(ply>=total)return stop();`,
  `go(ply+1)},700);go(ply+1);return}stop();if(k==="last"){follow=true;`,
  `show(total,status==="waiting");return}go(k==="first"?0:k==="prev"?ply-1:ply+1)}`,
  `);\n`,
  `R.addEventListener("input",()=>{const n=+R.value;clearInterval(timer);`,
  `timer=0;clearTimeout(deb);O.textContent=n+" / "+total;deb=setTimeout(()=>go(n),`,
  `60)})}\n`,
  `const connect=()=>{if(status==="finished")return;clearInterval(ping);`,
  `dot.dataset.state="connecting";ws=new WebSocket((location.protocol==="https:"?"wss:":"ws:")+"//"+location.host+"/api/games/"+id+"/live")`,
  `;\n`,
  `ws.onopen=()=>{att=0;dot.dataset.state="open";ping=setInterval(()=>{try{ws.send('{"type":"ping"}`,
  `')}catch(e){}},25e3)};\n`,
  `ws.onmessage=e=>{let x;try{x=JSON.parse(e.data)}catch(_){return}`,
  `if(x.type!=="game"||!x.game)return;const g=x.game;status=g.status;`,
  `if(g.version===version)return;version=g.version;d.version=version;`,
  `total=g.actionCount;if(follow)show(total,status==="waiting");else sync();`,
  `if(status==="finished")ws.close()};\n`,
  `ws.onclose=()=>{clearInterval(ping);dot.dataset.state="closed";`,
  `if(status!=="finished")setTimeout(connect,Math.min(3e4,1e3*2**att++)*(.5+Math.random()/2))}`,
  `};\n`,
  `if(d.live==="1"){connect();document.addEventListener("visibilitychange",`,
  `()=>{if(!document.hidden&&ws&&ws.readyState===3){att=0;connect()}`,
  `})}sync()})()`,
].join("");

let scriptHash: Promise<string> | null = null;

/** The CSP source of the inline script ('sha256-…'). */
export function scriptSource(): Promise<string> {
  scriptHash ??= crypto.subtle
    .digest("SHA-256", new TextEncoder().encode(EMBED_SCRIPT))
    .then((h) => `'sha256-${encodeBase64(h)}'`);
  return scriptHash;
}

/** The Content-Security-Policy of embed pages: framable by anyone, nothing else allowed in. */
export async function embedCsp(): Promise<string> {
  return [
    "default-src 'none'",
    `script-src ${await scriptSource()}`,
    "style-src 'unsafe-inline'",
    "img-src 'self' data:",
    "connect-src 'self'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors *",
  ].join("; ");
}

export interface PageInput {
  summary: Summary;
  /** The game's current status and version (live following). */
  gameStatus: "waiting" | "active" | "finished";
  version: number;
  /** Whether the page shows the latest moment and follows new ones. */
  follow: boolean;
  options: EmbedOptions;
  /** The canonical game page. */
  gameUrl: string;
}

export function renderEmbedPage(p: PageInput): string {
  const s = p.summary;
  const o = p.options;
  const frame = `/embed/${s.id}/frame?theme=${o.theme}${o.scores ? "" : "&scores=0"}`;
  const live = p.gameStatus !== "finished" && (p.follow || o.controls);
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">` +
    `<meta name="robots" content="noindex"><meta name="referrer" content="strict-origin-when-cross-origin">` +
    `<title>${escapeHtml(`${s.title} · ${s.stage} · Canopy`)}</title><link rel="canonical" href="${escapeHtml(p.gameUrl)}">` +
    `<style>${css(o.theme, o, s.moon !== null)}</style></head><body>` +
    `<main data-id="${s.id}" data-ply="${s.ply}" data-total="${s.total}" data-version="${p.version}"` +
    ` data-game-status="${p.gameStatus}" data-follow="${p.follow ? 1 : 0}" data-live="${live ? 1 : 0}"` +
    ` data-frame="${escapeHtml(frame)}" data-theme="${o.theme}">` +
    renderView(s, o) +
    (o.controls ? controls(s) : "") +
    `<footer><span class="dot" aria-label="live">${live ? "live" : ""}</span><a href="${escapeHtml(p.gameUrl)}" target="_blank" rel="noopener">Open in Canopy ↗</a></footer>` +
    `</main><script>${EMBED_SCRIPT}</script></body></html>`
  );
}

/** A small page for an unknown game or moment (still framable, so the iframe says what is wrong). */
export function renderEmbedError(message: string, theme: Theme): string {
  const t = THEMES[theme];
  const ink = theme === "dark" ? "#eef3e6" : "#1f2a1c";
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="robots" content="noindex"><title>Canopy</title>` +
    `<style>body{margin:0;display:grid;place-items:center;height:100vh;background:${t.background};color:${ink};` +
    `font:15px system-ui,sans-serif}</style></head><body><p>${escapeHtml(message)}</p></body></html>`
  );
}
