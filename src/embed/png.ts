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
      return img.asPng() as Uint8Array<ArrayBuffer>;
    } finally {
      img.free();
    }
  } finally {
    r.free();
  }
}
