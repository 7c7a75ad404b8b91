/** What `cloudflare:workers` exports of this Worker (tests call it through `exports.default`). */
declare namespace Cloudflare {
  interface GlobalProps {
    mainModule: typeof import("./index");
    durableNamespaces: "GameRoom";
  }
}
