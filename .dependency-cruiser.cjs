/**
 * The layers (README: Layout), checked by `npm run lint:layers`:
 *   web -> engine, render, contract;  api (HTTP) -> game -> notify, db -> render -> engine;
 *   embed (HTTP pages and pictures, beside api: api mounts its picture routes) -> game, render, engine;
 *   contract -> engine. Nothing imports upward. The chat apps: src/chat/http (their endpoints) at
 *   api's level; the rest of src/chat beside notify (the game's outbox uses it).
 * Violations that exist today are recorded in .dependency-cruiser-known-violations.json
 * (`npm run lint:layers:baseline` rewrites it); only new ones fail.
 */
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "engine-is-pure",
      comment: "The rules engine imports nothing of the service (no api, game, db, notify, render, embed, contract, web).",
      severity: "error",
      from: { path: "^src/engine/" },
      to: { path: "^(src/(api|game|db|notify|render|embed|contract|env\\.ts|index\\.ts)|web/)" },
    },
    {
      name: "engine-no-io-packages",
      comment: "The engine uses no server packages.",
      severity: "error",
      from: { path: "^src/engine/" },
      to: { dependencyTypes: ["npm", "npm-dev", "npm-peer", "npm-optional", "core"] },
    },
    {
      name: "bots-import-engine-only",
      comment: "The bots (src/bots) import only the rules engine of src/ and no packages; src/game may import them.",
      severity: "error",
      from: { path: "^src/bots/" },
      to: { pathNot: "^src/(engine|bots)/" },
    },
    {
      name: "engine-through-its-entries",
      comment:
        "Outside src/engine, the engine is used through its public entries only: index.ts (base.ts for a client that loads expansions on demand, reading.ts for one that only shows a game, play.ts for one that plans moves without replaying, and an expansion's own index.ts to register it, its reading.ts for a client that only shows its games, with its make.ts for a client that adds making and replaying a game on demand, and under the Moonlight each animal's abilities, abilities/<animal>.ts, for a client that enters them on demand: web/src/moon/animals/) and fast/index.ts for search.",
      severity: "error",
      from: { path: "^(src/(?!engine/)|web/)" },
      to: {
        path: "^src/engine/",
        pathNot: "^src/engine/(index|base|reading|play|expansions)\\.ts$|^src/engine/fast/index\\.ts$|^src/engine/[a-z]+/(index|make|reading)\\.ts$|^src/engine/moonlight/abilities/(boar|hedgehog|squirrel|fox|owl|badger|beaver|turtle)\\.ts$",
      },
    },
    {
      name: "game-knows-no-http",
      comment: "The game authority knows no HTTP: no src/api, no src/embed, no hono.",
      severity: "error",
      from: { path: "^src/game/" },
      to: { path: "^(src/(api|embed)/|node_modules/(hono|@hono)/)" },
    },
    {
      name: "player-inbox-beside-game",
      comment:
        "A player's inbox (src/player) sits beside the games, told by them: it knows no HTTP, no notifications, no renderer and no bots; of src/game only the key hash and the turn lines (src/game/tokens, src/game/turns).",
      severity: "error",
      from: { path: "^src/player/" },
      to: { path: "^(src/(api|embed|notify|render|bots)/|src/game/(?!tokens\\.ts$|turns\\.ts$)|node_modules/(hono|@hono)/)" },
    },
    {
      name: "embed-beside-api",
      comment:
        "The embed pages and pictures (src/embed) sit beside the API, at the HTTP level: they read the game through its stub and views and draw with src/render; they import no src/api (which mounts them), no D1 and no notifications.",
      severity: "error",
      from: { path: "^src/embed/" },
      to: { path: "^src/(api|db|notify|bots|index\\.ts)" },
    },
    {
      name: "db-knows-no-game",
      comment: "D1 queries know nothing of the game authority (nor of HTTP).",
      severity: "error",
      from: { path: "^src/db/" },
      to: { path: "^src/(game|api|embed)/" },
    },
    {
      name: "notify-formatters-know-no-d1",
      comment: "Notification formatters (everything in src/notify but the D1 directory) know no D1 and no drizzle.",
      severity: "error",
      from: { path: "^src/notify/", pathNot: "^src/notify/directory\\.ts$" },
      to: { path: "^(src/db/|node_modules/drizzle-orm/)" },
    },
    {
      name: "notify-knows-no-game-or-http",
      comment: "Notifications are below the game and HTTP layers.",
      severity: "error",
      from: { path: "^src/notify/" },
      to: { path: "^src/(game|api|embed)/" },
    },
    {
      name: "render-knows-no-server",
      comment: "The drawing code imports only the engine and the contract.",
      severity: "error",
      from: { path: "^src/render/" },
      to: { path: "^(src/(api|game|db|notify|embed|env\\.ts|index\\.ts)|web/)" },
    },
    {
      name: "web-imports-engine-render-contract-only",
      comment: "The web client imports only the engine, the drawing code and the contract of src/.",
      severity: "error",
      from: { path: "^web/" },
      to: { path: "^src/", pathNot: "^src/(engine|render|contract)/" },
    },
    {
      name: "web-draws-moon-pictures-by-reference",
      comment:
        "The web client draws Under the Moonlight's static pictures by reference to the sprite the build writes (src/render/moon-art.ts moonSprite, scripts/build-web.mjs), never with their path data: it does not import moon-art.ts, nor (but for types) render/index.ts, which sets them inline for the server.",
      severity: "error",
      from: { path: "^web/" },
      to: { path: "^src/render/(moon-art|index)\\.ts$", dependencyTypesNot: ["type-only"] },
    },
    {
      name: "contract-imports-engine-only",
      comment: "The contract is built from the engine's names and imports nothing else of src/.",
      severity: "error",
      from: { path: "^src/contract/" },
      to: { path: "^src/", pathNot: "^src/(engine|contract)/" },
    },
    {
      name: "no-cycles-between-modules",
      comment: "No import cycles that run code (cycles made only of type imports are the next rule's business).",
      severity: "error",
      from: { path: "^(src|web/src)/" },
      to: { circular: true, viaOnly: { dependencyTypesNot: ["type-only"] } },
    },
    {
      name: "chat-core-below-game",
      comment:
        "The chat apps' core (src/chat but src/chat/http: signatures, payloads, messages, the platforms' APIs) sits beside src/notify: the game's outbox calls it, so it knows no game, D1, HTTP route or page.",
      severity: "error",
      from: { path: "^src/chat/(?!http/)" },
      to: { path: "^(src/(api|game|db|embed|player)/|src/chat/http/|src/index\\.ts|web/)" },
    },
    {
      name: "chat-http-beside-api",
      comment:
        "The chat apps' endpoints (src/chat/http) are HTTP routes at src/api's level: only the Worker entry mounts them, nothing below imports them.",
      severity: "error",
      from: { path: "^src/(?!index\\.ts$|chat/http/)" },
      to: { path: "^src/chat/http/" },
    },
    {
      name: "below-game-knows-no-chat",
      comment: "Notifications, D1, drawing, the engine, the bots and the contract know nothing of the chat apps (the game and HTTP use them).",
      severity: "error",
      from: { path: "^src/(notify|db|render|engine|contract|bots|embed)/" },
      to: { path: "^src/chat/" },
    },
    {
      name: "env-is-a-leaf",
      comment: "env.ts declares the bindings; it imports neither the Worker entry nor the game (a type cycle through everything).",
      severity: "error",
      from: { path: "^src/env\\.ts$" },
      to: { path: "^src/(index\\.ts|game/|api/)" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^(node_modules|dist|\\.wrangler)/" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: { exportsFields: ["exports"], conditionNames: ["import", "require", "node", "default", "types"] },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
