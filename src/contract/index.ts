/**
 * The API contract shared by the Worker and the web client: wire types, error codes and the zod
 * schemas, built from the engine's own names. Imports nothing but the engine (and zod).
 * The web client imports the modules it needs directly (not this barrel), so the zod schemas stay
 * out of its bundle unless it asks for them.
 */
export * from "./api";
export * from "./errors";
export * from "./notifications";
export * from "./schemas";
export * from "./views";
