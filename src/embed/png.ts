/**
 * SVG → PNG in the Worker with @resvg/resvg-wasm. workerd cannot compile WebAssembly from bytes,
 * so the .wasm is imported as a module (wrangler bundles it as a compiled module) and initialised
 * once per isolate. resvg has no system fonts: the bundled DejaVu Sans files are passed in.
 */
import { Resvg, initWasm } from "@resvg/resvg-wasm";
import wasm from "@resvg/resvg-wasm/index_bg.wasm";
import regular from "./font/DejaVuSans.bin";
import bold from "./font/DejaVuSans-Bold.bin";
import { FONT_FAMILY } from "./card";

let ready: Promise<void> | null = null;

function init(): Promise<void> {
  ready ??= initWasm(wasm).catch((e) => {
    ready = null; // let a later request try again
    throw e;
  });
  return ready;
}

const fonts = [new Uint8Array(regular), new Uint8Array(bold)];

/** Rasterise an SVG string; `width` scales it (height follows the aspect ratio). */
export async function svgToPng(svg: string, width?: number): Promise<Uint8Array<ArrayBuffer>> {
  await init();
  const r = new Resvg(svg, {
    font: { fontBuffers: fonts, defaultFontFamily: FONT_FAMILY, sansSerifFamily: FONT_FAMILY },
    fitTo: width ? { mode: "width", value: width } : { mode: "original" },
    shapeRendering: 2,
    textRendering: 1,
  });
  try {
    const img = r.render();
    try {
      const rgb = opaqueRows(img.pixels, img.width, img.height);
      return rgb ? await encodeRgb(rgb, img.width, img.height) : (img.asPng() as Uint8Array<ArrayBuffer>);
    } finally {
      img.free();
    }
  } finally {
    r.free();
  }
}

/*
 * The PNG file by hand (signature, IHDR, one IDAT, IEND) for an opaque picture — every card is, on
 * its background: 8-bit RGB, unfiltered rows, compressed by the platform's zlib (CompressionStream
 * "deflate" is the zlib stream an IDAT holds). resvg's own encoder (asPng, RGBA, in WebAssembly)
 * took 13 ms of the card's 33 in Node and wrote 143 KB; CompressionStream took 8 ms in workerd and
 * wrote 88 KB (2026-11-27). Unfiltered rows compress best here: the card is mostly flat colour.
 */

/** The picture's rows as PNG scanlines (a filter byte 0, then RGB), or null if a pixel is not opaque. */
function opaqueRows(rgba: Uint8Array, w: number, h: number): Uint8Array<ArrayBuffer> | null {
  const out = new Uint8Array((w * 3 + 1) * h);
  let alpha = 255;
  let o = 0;
  let i = 0;
  for (let y = 0; y < h; y++) {
    out[o++] = 0;
    for (const end = i + w * 4; i < end; i += 4) {
      out[o] = rgba[i];
      out[o + 1] = rgba[i + 1];
      out[o + 2] = rgba[i + 2];
      alpha &= rgba[i + 3];
      o += 3;
    }
  }
  return alpha === 255 ? out : null;
}

const SIGNATURE = [137, 80, 78, 71, 13, 10, 26, 10];

async function encodeRgb(rows: Uint8Array<ArrayBuffer>, w: number, h: number): Promise<Uint8Array<ArrayBuffer>> {
  const zlib = new Response(new Blob([rows]).stream().pipeThrough(new CompressionStream("deflate")));
  const idat = new Uint8Array(await zlib.arrayBuffer());
  const ihdr = new Uint8Array(13);
  const v = new DataView(ihdr.buffer);
  v.setUint32(0, w);
  v.setUint32(4, h);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8 bits a sample, RGB, deflate, adaptive filtering, no interlace
  const chunks: [string, Uint8Array][] = [
    ["IHDR", ihdr],
    ["IDAT", idat],
    ["IEND", new Uint8Array(0)],
  ];
  const out = new Uint8Array(SIGNATURE.length + chunks.reduce((n, [, d]) => n + 12 + d.length, 0));
  out.set(SIGNATURE);
  const view = new DataView(out.buffer);
  let at = SIGNATURE.length;
  for (const [type, data] of chunks) {
    view.setUint32(at, data.length);
    for (let k = 0; k < 4; k++) out[at + 4 + k] = type.charCodeAt(k);
    out.set(data, at + 8);
    view.setUint32(at + 8 + data.length, crc32(out.subarray(at + 4, at + 8 + data.length)));
    at += 12 + data.length;
  }
  return out;
}

let crcTable: Uint32Array | null = null;

/** CRC-32 (ISO 3309, as PNG's chunks use) of `bytes`. */
export function crc32(bytes: Uint8Array): number {
  if (!crcTable) {
    crcTable = new Uint32Array(256);
    for (let n = 0; n < 256; n++) {
      let c = n;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      crcTable[n] = c >>> 0;
    }
  }
  let c = 0xffffffff;
  for (let i = 0; i < bytes.length; i++) c = crcTable[(c ^ bytes[i]) & 255] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
