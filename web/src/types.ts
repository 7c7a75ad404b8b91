/**
 * The HTTP API's shapes, as the client uses them (the contract: GET /api/openapi.json). They are the
 * server's own types, imported type-only (nothing of the server ends up in the bundle): the game
 * view from src/game/model.ts, the log from src/game/room.ts, the rest inferred from the zod schemas
 * of src/api/schemas.ts.
 */
import type { z } from "@hono/zod-openapi";
import type {
  CreateGameBody,
  DeliveryLogSchema,
  DeliverySchema,
  GameSummarySchema,
  LogSchema,
  MeSchema,
  PlayerSchema,
  ProfileSchema,
  TestResultSchema,
  WebhookEnvelopeSchema,
  WebhookKindSchema,
  WebhookSchema,
} from "../../src/api/schemas";
import type { LogEntry } from "../../src/engine";
import type { GameView } from "../../src/game/model";
import type { LogEntryView as ServerLogEntry } from "../../src/game/room";
import type { EventType } from "../../src/notify/types";

export type { GameStatus, GameView, SeatView } from "../../src/game/model";
export type { EventType } from "../../src/notify/types";

export type Player = z.infer<typeof PlayerSchema>;
export type Profile = z.infer<typeof ProfileSchema>;
/** Your own profile, with its private settings. */
export type Me = z.infer<typeof MeSchema>;
export type GameSummary = z.infer<typeof GameSummarySchema>;
export type GameOptionsView = GameView["options"];
/** What POST /api/games takes (every field has a default). */
export type CreateGameOptions = Partial<z.input<typeof CreateGameBody>>;

/** An action in the log: a rules action, or a resignation. */
export type LogAction = LogEntry;
/** One entry of the game log: one action with its events (auto: "timeout" when the service played it). */
export type LogEntryView = ServerLogEntry;
export type GameLog = Omit<z.infer<typeof LogSchema>, "entries"> & { entries: LogEntryView[] };

export type WebhookKind = z.infer<typeof WebhookKindSchema>;
export type Webhook = z.infer<typeof WebhookSchema> & { events: EventType[] | null };
export type WebhookEnvelope = Omit<z.infer<typeof WebhookEnvelopeSchema>, "webhook"> & { webhook: Webhook };
export type WebhookTestResult = z.infer<typeof TestResultSchema>;
export type Delivery = z.infer<typeof DeliverySchema>;
export type DeliveryLog = z.infer<typeof DeliveryLogSchema>;

export interface ApiErrorBody {
  error: { code: string; message: string; currentVersion?: number; index?: number; hoursLeft?: number; [k: string]: unknown };
}

/** The saved identity: one profile per browser. */
export interface Identity {
  id: string;
  name: string;
  token: string;
}
