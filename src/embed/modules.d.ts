// Module types of the non-JS imports the Worker bundles (wrangler's default module rules):
// `.wasm` is a compiled WebAssembly.Module, `.bin` the file's bytes.
declare module "*.wasm" {
  const module: WebAssembly.Module;
  export default module;
}
declare module "*.bin" {
  const bytes: ArrayBuffer;
  export default bytes;
}
