/**
 * The API contract shared by the Worker and the web client: wire types, error codes and the zod
 * schemas, built from the engine's own names. Imports nothing but the engine (and zod).
 *
 * - rules and wire types with no zod, for the client too: `errors.ts` (the error codes and body),
 *   `views.ts` (the game as shown), `api.ts` (every route, typed), `identity.ts`, `notifications.ts`,
 *   `player-name.ts`, `talk.ts`;
 * - `schemas/<resource>.ts`: the zod schemas the server validates with and documents (OpenAPI), one
 *   module per resource of src/api (games, players, identity, tables, talk, notifications, push,
 *   social, analysis), with `rules.ts` (the engine's data on the wire), `common.ts` and `errors.ts`.
 *
 * The web client imports the modules it needs directly (not this barrel), so the zod schemas stay
 * out of its bundle unless it asks for them.
 */
export * from "./api";
export * from "./errors";
export * from "./identity";
export * from "./notifications";
export * from "./player-name";
export * from "./schemas/analysis";
export * from "./schemas/common";
export * from "./schemas/errors";
export * from "./schemas/games";
export * from "./schemas/identity";
export * from "./schemas/notifications";
export * from "./schemas/players";
export * from "./schemas/push";
export * from "./schemas/rules";
export * from "./schemas/social";
export * from "./schemas/tables";
export * from "./schemas/talk";
export * from "./schemas/turns";
export * from "./talk";
export * from "./turns";
export * from "./views";
