/**
 * The API's routes as the client calls them, typed from the contract: request bodies and query
 * strings from the zod schemas the server validates with (their input types), answers from the
 * schemas it documents and from the view types src/game builds. `paths` has the shape of an
 * openapi-typescript document, so openapi-fetch takes it (`createClient<paths>()`);
 * tests/contract/routes.test.ts checks every route, method and status here against the served
 * /api/openapi.json, so it cannot drift from the server.
 */
import type { z } from "@hono/zod-openapi";
import type { Action, GameEvent } from "../engine";
import type { ErrorBody } from "./errors";
import type { AnalysisProgressSchema, AnalysisSchema, AnalysisTurnSchema } from "./schemas/analysis";
import type { TurnView } from "./turns";
import type {
  CreateGameBody,
  HintSchema,
  LegalActionsSchema,
  LogQuery,
  LogSchema,
  SeatBotBody,
  VacationBody,
} from "./schemas/games";
import type {
  CreateWebhookBody,
  DeliveriesQuery,
  DeliveryEnvelopeSchema,
  DeliveryLogSchema,
  TestResultSchema,
  UpdateWebhookBody,
  WebhookEnvelopeSchema,
  WebhookListSchema,
  WebhookSchema,
} from "./schemas/notifications";
import type {
  CreatedPlayerSchema,
  CreatePlayerBody,
  GameListSchema,
  GamesQuery,
  MeSchema,
  UpdateMeBody,
} from "./schemas/players";
import type {
  PushKeySchema,
  PushRenewBody,
  PushSubscribeBody,
  PushSubscriptionEnvelopeSchema,
  PushSubscriptionListSchema,
  PushSubscriptionSchema,
} from "./schemas/push";
import type { Ladder, GameView, LogEntryView } from "./views";
import type {
  MessageEnvelopeSchema,
  MessageListSchema,
  MessagesQuery,
  MutesSchema,
  WriteMessageBody,
} from "./schemas/talk";
import type { LeaderboardQuery, LeaderboardSchema, PlayerPageSchema } from "./schemas/social";
import type { TableBody, TableListSchema, TablesQuery } from "./schemas/tables";
import type {
  DeviceListSchema,
  PairingSchema,
  PasskeyListSchema,
  PasskeyOptionsSchema,
  PasskeySchema,
  PasskeySignInBody,
  RedeemPairingBody,
  RegisterPasskeyBody,
  SignedInSchema,
} from "./schemas/identity";
import type { ChatLinkedSchema, ChatLinkSchema, ChatSignedInSchema, UseChatLinkBody } from "./schemas/chat";

type Json<T> = { headers: { [name: string]: unknown }; content: { "application/json": T } };
type NoContent = { headers: { [name: string]: unknown }; content?: never };
/** Every route answers errors in one shape (statuses: see the OpenAPI document). */
type Errors = { default: Json<ErrorBody> };
type Params<P = never, Q = never, H = never> = {
  query?: [Q] extends [never] ? never : Q;
  header?: [H] extends [never] ? never : H;
  cookie?: never;
} & ([P] extends [never] ? { path?: never } : { path: P });
type Op<Par, Body, Res> = { parameters: Par; responses: Res & Errors } & ([Body] extends [never]
  ? { requestBody?: never }
  : { requestBody: { content: { "application/json": Body } } });
type Id = { id: string };
/** Path parameters P plus Q (P never: only Q). */
type With<P, Q> = [P] extends [never] ? Q : P & Q;
type Wid = { wid: string };
type QueryIn<T extends z.ZodType> = Partial<z.input<T>>;

/** The game log, with the engine's own entry and event types. */
export type GameLog = Omit<z.infer<typeof LogSchema>, "entries"> & { entries: LogEntryView[] };
export type Webhook = z.infer<typeof WebhookSchema>;
export type WebhookEnvelope = z.infer<typeof WebhookEnvelopeSchema>;
export type Me = z.infer<typeof MeSchema>;
export type PlayerPage = z.infer<typeof PlayerPageSchema>;
export type Leaderboard = z.infer<typeof LeaderboardSchema>;
export type OpenTables = z.infer<typeof TableListSchema>;
export type PushSubscriptionView = z.infer<typeof PushSubscriptionSchema>;

/** The coach's review of a turn and of a game (docs/coach.md), actions typed as the engine's. */
export type AnalysisTurn = Omit<z.infer<typeof AnalysisTurnSchema>, "played" | "best"> & {
  played: Action[];
  best: Action[];
};
export type Analysis = Omit<z.infer<typeof AnalysisSchema>, "turns"> & { turns: AnalysisTurn[] };
export type AnalysisProgress = z.infer<typeof AnalysisProgressSchema>;

type GameEnvelope = { game: GameView };
/** "Play again": the new game, and it as the asker sees it (null: no seat was free for them). */
type Rematch = { rematch: { id: string; url: string }; game: GameView | null };
type WebhookRoutes<P> = {
  list: Op<Params<P>, never, { 200: Json<z.infer<typeof WebhookListSchema>> }>;
  create: Op<Params<P>, z.input<typeof CreateWebhookBody>, { 201: Json<WebhookEnvelope> }>;
  change: Op<Params<With<P, Wid>>, z.input<typeof UpdateWebhookBody>, { 200: Json<WebhookEnvelope> }>;
  remove: Op<Params<With<P, Wid>>, never, { 204: NoContent }>;
  test: Op<Params<With<P, Wid>>, never, { 200: Json<z.infer<typeof TestResultSchema>> }>;
};

export interface paths {
  "/api/players": {
    post: Op<Params, z.input<typeof CreatePlayerBody>, { 201: Json<z.infer<typeof CreatedPlayerSchema>> }>;
  };
  "/api/me": {
    get: Op<Params, never, { 200: Json<Me> }>;
    patch: Op<Params, z.input<typeof UpdateMeBody>, { 200: Json<Me> }>;
  };
  "/api/players/{id}": { get: Op<Params<Id>, never, { 200: Json<PlayerPage> }> };
  "/api/leaderboards/{ladder}": {
    get: Op<Params<{ ladder: Ladder }, QueryIn<typeof LeaderboardQuery>>, never, { 200: Json<Leaderboard> }>;
  };
  "/api/players/{id}/games": {
    get: Op<Params<Id, QueryIn<typeof GamesQuery>>, never, { 200: Json<z.infer<typeof GameListSchema>> }>;
  };
  "/api/players/{id}/turns": { get: Op<Params<Id>, never, { 200: Json<{ games: TurnView[] }> }> };
  "/api/games": {
    post: Op<
      Params,
      Partial<z.input<typeof CreateGameBody>>,
      { 201: Json<{ game: GameView; invite: { code: string; url: string } }> }
    >;
  };
  "/api/games/{id}": { get: Op<Params<Id>, never, { 200: Json<GameView> }> };
  "/api/games/{id}/join": { post: Op<Params<Id>, { code: string }, { 200: Json<{ game: GameView; seat: number }> }> };
  "/api/games/{id}/leave": { post: Op<Params<Id>, never, { 200: Json<GameEnvelope> }> };
  "/api/games/{id}/table": { put: Op<Params<Id>, z.input<typeof TableBody>, { 200: Json<GameEnvelope> }> };
  "/api/tables": { get: Op<Params<never, QueryIn<typeof TablesQuery>>, never, { 200: Json<OpenTables> }> };
  "/api/tables/{id}/join": { post: Op<Params<Id>, never, { 200: Json<{ game: GameView; seat: number }> }> };
  "/api/games/{id}/start": { post: Op<Params<Id>, never, { 200: Json<GameEnvelope> }> };
  "/api/games/{id}/resign": { post: Op<Params<Id>, never, { 200: Json<GameEnvelope> }> };
  "/api/games/{id}/rematch": {
    post: Op<Params<Id>, never, { 200: Json<Rematch>; 201: Json<Rematch> }>;
  };
  "/api/games/{id}/bots": {
    post: Op<Params<Id>, z.input<typeof SeatBotBody>, { 200: Json<{ game: GameView; seat: number }> }>;
  };
  "/api/games/{id}/analysis": {
    get: Op<Params<Id>, never, { 200: Json<Analysis>; 202: Json<AnalysisProgress> }>;
  };
  "/api/games/{id}/hint": {
    get: Op<Params<Id>, never, { 200: Json<Omit<z.infer<typeof HintSchema>, "actions"> & { actions: Action[] }> }>;
  };
  "/api/games/{id}/legal-actions": {
    get: Op<
      Params<Id>,
      never,
      { 200: Json<Omit<z.infer<typeof LegalActionsSchema>, "actions"> & { actions: Action[] }> }
    >;
  };
  "/api/games/{id}/actions": {
    post: Op<
      Params<Id, never, { "idempotency-key"?: string }>,
      { version: number; action: Action } | { version: number; actions: Action[] },
      { 200: Json<{ version: number; events: GameEvent[]; game: GameView }> }
    >;
  };
  "/api/games/{id}/log": { get: Op<Params<Id, QueryIn<typeof LogQuery>>, never, { 200: Json<GameLog> }> };
  "/api/games/{id}/messages": {
    get: Op<Params<Id, QueryIn<typeof MessagesQuery>>, never, { 200: Json<z.infer<typeof MessageListSchema>> }>;
    post: Op<Params<Id>, z.input<typeof WriteMessageBody>, { 201: Json<z.infer<typeof MessageEnvelopeSchema>> }>;
  };
  "/api/games/{id}/messages/{n}": { delete: Op<Params<Id & { n: number }>, never, { 204: NoContent }> };
  "/api/games/{id}/mutes/{seat}": {
    put: Op<Params<Id & { seat: number }>, never, { 200: Json<z.infer<typeof MutesSchema>> }>;
    delete: Op<Params<Id & { seat: number }>, never, { 200: Json<z.infer<typeof MutesSchema>> }>;
  };
  "/api/games/{id}/vacation": {
    post: Op<Params<Id>, z.input<typeof VacationBody>, { 200: Json<GameEnvelope> }>;
    delete: Op<Params<Id>, never, { 200: Json<GameEnvelope> }>;
  };
  "/api/games/{id}/webhooks": { get: WebhookRoutes<Id>["list"]; post: WebhookRoutes<Id>["create"] };
  "/api/games/{id}/webhooks/{wid}": { patch: WebhookRoutes<Id>["change"]; delete: WebhookRoutes<Id>["remove"] };
  "/api/games/{id}/webhooks/{wid}/test": { post: WebhookRoutes<Id>["test"] };
  "/api/me/webhooks": { get: WebhookRoutes<never>["list"]; post: WebhookRoutes<never>["create"] };
  "/api/me/webhooks/{wid}": { patch: WebhookRoutes<never>["change"]; delete: WebhookRoutes<never>["remove"] };
  "/api/me/webhooks/{wid}/test": { post: WebhookRoutes<never>["test"] };
  "/api/push/key": { get: Op<Params, never, { 200: Json<z.infer<typeof PushKeySchema>> }> };
  "/api/me/push": {
    get: Op<Params, never, { 200: Json<z.infer<typeof PushSubscriptionListSchema>> }>;
    post: Op<
      Params,
      z.input<typeof PushSubscribeBody>,
      {
        200: Json<z.infer<typeof PushSubscriptionEnvelopeSchema>>;
        201: Json<z.infer<typeof PushSubscriptionEnvelopeSchema>>;
      }
    >;
  };
  "/api/push/renew": {
    post: Op<Params, z.input<typeof PushRenewBody>, { 200: Json<z.infer<typeof PushSubscriptionEnvelopeSchema>> }>;
  };
  "/api/me/push/{pid}": { delete: Op<Params<{ pid: string }>, never, { 204: NoContent }> };
  "/api/me/push/{pid}/test": {
    post: Op<Params<{ pid: string }>, never, { 200: Json<z.infer<typeof TestResultSchema>> }>;
  };
  "/api/games/{id}/deliveries": {
    get: Op<Params<Id, QueryIn<typeof DeliveriesQuery>>, never, { 200: Json<z.infer<typeof DeliveryLogSchema>> }>;
  };
  "/api/games/{id}/deliveries/{did}/redeliver": {
    post: Op<Params<Id & { did: number }>, never, { 202: Json<z.infer<typeof DeliveryEnvelopeSchema>> }>;
  };
  "/api/me/devices": { get: Op<Params, never, { 200: Json<z.infer<typeof DeviceListSchema>> }> };
  "/api/me/devices/{did}": { delete: Op<Params<{ did: string }>, never, { 204: NoContent }> };
  "/api/me/pairings": { post: Op<Params, never, { 201: Json<z.infer<typeof PairingSchema>> }> };
  "/api/pairings/redeem": {
    post: Op<Params, z.input<typeof RedeemPairingBody>, { 201: Json<z.infer<typeof SignedInSchema>> }>;
  };
  "/api/me/passkeys": {
    get: Op<Params, never, { 200: Json<z.infer<typeof PasskeyListSchema>> }>;
    post: Op<Params, z.input<typeof RegisterPasskeyBody>, { 201: Json<z.infer<typeof PasskeySchema>> }>;
  };
  "/api/me/passkeys/options": { post: Op<Params, never, { 200: Json<z.infer<typeof PasskeyOptionsSchema>> }> };
  "/api/me/passkeys/{pid}": { delete: Op<Params<{ pid: string }>, never, { 204: NoContent }> };
  "/api/passkeys/options": { post: Op<Params, never, { 200: Json<z.infer<typeof PasskeyOptionsSchema>> }> };
  "/api/passkeys/signin": {
    post: Op<Params, z.input<typeof PasskeySignInBody>, { 201: Json<z.infer<typeof SignedInSchema>> }>;
  };
  "/api/chat/links/{code}": {
    get: Op<Params<{ code: string }>, never, { 200: Json<z.infer<typeof ChatLinkSchema>> }>;
    post: Op<
      Params<{ code: string }>,
      z.input<typeof UseChatLinkBody>,
      { 200: Json<z.infer<typeof ChatLinkedSchema>>; 201: Json<z.infer<typeof ChatSignedInSchema>> }
    >;
  };
}

/** The success answer of a route (null when it has no body). */
export type Answer<P extends keyof paths, M extends keyof paths[P]> = paths[P][M] extends { responses: infer R }
  ? R[Exclude<keyof R, "default">] extends { content: { "application/json": infer T } }
    ? T
    : null
  : never;

/** Every route and method of `paths` with its success status (the compiler keeps the two in step). */
export const ROUTES: { readonly [P in keyof paths]: { readonly [M in keyof paths[P]]: number } } = {
  "/api/players": { post: 201 },
  "/api/me": { get: 200, patch: 200 },
  "/api/players/{id}": { get: 200 },
  "/api/leaderboards/{ladder}": { get: 200 },
  "/api/players/{id}/games": { get: 200 },
  "/api/players/{id}/turns": { get: 200 },
  "/api/games": { post: 201 },
  "/api/games/{id}": { get: 200 },
  "/api/games/{id}/join": { post: 200 },
  "/api/games/{id}/leave": { post: 200 },
  "/api/games/{id}/table": { put: 200 },
  "/api/tables": { get: 200 },
  "/api/tables/{id}/join": { post: 200 },
  "/api/games/{id}/start": { post: 200 },
  "/api/games/{id}/resign": { post: 200 },
  "/api/games/{id}/rematch": { post: 201 },
  "/api/games/{id}/bots": { post: 200 },
  "/api/games/{id}/hint": { get: 200 },
  "/api/games/{id}/analysis": { get: 200 },
  "/api/games/{id}/legal-actions": { get: 200 },
  "/api/games/{id}/actions": { post: 200 },
  "/api/games/{id}/log": { get: 200 },
  "/api/games/{id}/messages": { get: 200, post: 201 },
  "/api/games/{id}/messages/{n}": { delete: 204 },
  "/api/games/{id}/mutes/{seat}": { put: 200, delete: 200 },
  "/api/games/{id}/vacation": { post: 200, delete: 200 },
  "/api/games/{id}/webhooks": { get: 200, post: 201 },
  "/api/games/{id}/webhooks/{wid}": { patch: 200, delete: 204 },
  "/api/games/{id}/webhooks/{wid}/test": { post: 200 },
  "/api/me/webhooks": { get: 200, post: 201 },
  "/api/me/webhooks/{wid}": { patch: 200, delete: 204 },
  "/api/me/webhooks/{wid}/test": { post: 200 },
  "/api/push/key": { get: 200 },
  "/api/me/push": { get: 200, post: 201 },
  "/api/push/renew": { post: 200 },
  "/api/me/push/{pid}": { delete: 204 },
  "/api/me/push/{pid}/test": { post: 200 },
  "/api/games/{id}/deliveries": { get: 200 },
  "/api/games/{id}/deliveries/{did}/redeliver": { post: 202 },
  "/api/me/devices": { get: 200 },
  "/api/me/devices/{did}": { delete: 204 },
  "/api/me/pairings": { post: 201 },
  "/api/pairings/redeem": { post: 201 },
  "/api/me/passkeys": { get: 200, post: 201 },
  "/api/me/passkeys/options": { post: 200 },
  "/api/me/passkeys/{pid}": { delete: 204 },
  "/api/passkeys/options": { post: 200 },
  "/api/passkeys/signin": { post: 201 },
  "/api/chat/links/{code}": { get: 200, post: 201 },
};
