/**
 * The card's PNG encoder (src/embed/png.ts): resvg's picture written as 8-bit RGB with the
 * platform's zlib — the same pixels resvg drew, in a well-formed file.
 */
import { Resvg } from "@resvg/resvg-wasm";
import { describe, expect, it } from "vitest";
import { crc32, svgToPng } from "../../src/embed/png";
import { pngChunks, pngSize } from "./helpers";

const SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="301" height="157">' +
  '<rect width="301" height="157" fill="#15191b"/><circle cx="80" cy="70" r="50" fill="#D55E00" stroke="#fff" stroke-width="3"/>' +
  '<polygon points="150,20 290,140 160,150" fill="#0072B2" fill-opacity="0.6"/></svg>';

/** The chunks of a PNG file with their data, each CRC checked. */
function chunks(bytes: Uint8Array): { type: string; data: Uint8Array }[] {
  const v = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const out: { type: string; data: Uint8Array }[] = [];
  for (let at = 8; at < bytes.length; ) {
    const len = v.getUint32(at);
    const type = String.fromCharCode(...bytes.subarray(at + 4, at + 8));
    expect(v.getUint32(at + 8 + len), `${type}'s CRC`).toBe(crc32(bytes.subarray(at + 4, at + 8 + len)));
    out.push({ type, data: bytes.subarray(at + 8, at + 8 + len) });
    at += 12 + len;
  }
  return out;
}

async function inflate(data: Uint8Array): Promise<Uint8Array> {
  const s = new Blob([data.slice()]).stream().pipeThrough(new DecompressionStream("deflate"));
  return new Uint8Array(await new Response(s).arrayBuffer());
}

describe("svgToPng", () => {
  it("computes PNG's CRC-32 (the standard check values)", () => {
    expect(crc32(new TextEncoder().encode("123456789"))).toBe(0xcbf43926);
    expect(crc32(new TextEncoder().encode("IEND"))).toBe(0xae426082);
    expect(crc32(new Uint8Array(0))).toBe(0);
  });

  it("writes an opaque picture as 8-bit RGB with exactly resvg's pixels", async () => {
    const png = await svgToPng(SVG);
    expect(pngSize(png)).toEqual({ width: 301, height: 157 });
    expect(pngChunks(png)).toEqual(["IHDR", "IDAT", "IEND"]);
    const [ihdr, idat] = chunks(png);
    expect([...ihdr.data.subarray(8)]).toEqual([8, 2, 0, 0, 0]);
    const rows = await inflate(idat.data);
    expect(rows.length).toBe((301 * 3 + 1) * 157);
    const r = new Resvg(SVG, { fitTo: { mode: "original" }, shapeRendering: 2 });
    const img = r.render();
    const rgba = img.pixels;
    img.free();
    r.free();
    let differing = 0;
    for (let y = 0; y < 157; y++) {
      expect(rows[y * (301 * 3 + 1)], `filter of row ${y}`).toBe(0);
      for (let x = 0; x < 301; x++)
        for (let c = 0; c < 3; c++)
          if (rows[y * (301 * 3 + 1) + 1 + x * 3 + c] !== rgba[(y * 301 + x) * 4 + c]) differing++;
    }
    expect(differing).toBe(0);
  });

  it("keeps resvg's own RGBA encoding for a picture that is not opaque", async () => {
    const png = await svgToPng(
      '<svg xmlns="http://www.w3.org/2000/svg" width="20" height="10"><circle cx="5" cy="5" r="4"/></svg>',
    );
    const [ihdr] = chunks(png);
    expect(ihdr.data[9]).toBe(6); // colour type RGBA
  });

  it("scales to a width", async () => {
    expect(pngSize(await svgToPng(SVG, 602))).toEqual({ width: 602, height: 314 });
  });
});
