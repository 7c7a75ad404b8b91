// Makes the home-screen icons (web/public/icon-*.png) from the favicon's drawing, on a full square
// background so that "maskable" crops (Android) keep the hexagon whole. Run once; the PNGs are committed.
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { initWasm, Resvg } from "@resvg/resvg-wasm";

const require = createRequire(import.meta.url);
await initWasm(readFileSync(require.resolve("@resvg/resvg-wasm/index_bg.wasm")));
const svg = (size) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="-20 -20 40 40">` +
  `<rect x="-20" y="-20" width="40" height="40" fill="#f4f1e6"/>` +
  `<polygon points="0,-11 9.5,-5.5 9.5,5.5 0,11 -9.5,5.5 -9.5,-5.5" fill="#4f8a3a"/>` +
  `<circle cx="0" cy="-1" r="5.5" fill="#ffc20a"/><rect x="-1" y="2" width="2" height="6" fill="#5a3a1a"/></svg>`;
for (const [name, size] of [
  ["icon-192.png", 192],
  ["icon-512.png", 512],
  ["apple-touch-icon.png", 180],
]) {
  const png = new Resvg(svg(size)).render().asPng();
  writeFileSync(`web/public/${name}`, png);
  console.log(name, png.length);
}
