/**
 * The HTTP API's shapes, as the client uses them: all from the contract (src/contract, the types
 * the server builds its answers and its OpenAPI document from), imported type-only.
 */
import type { z } from "@hono/zod-openapi";
import type {
  GameLog as ContractGameLog,
  Me as ContractMe,
  Webhook as ContractWebhook,
  WebhookEnvelope as ContractEnvelope,
} from "../../src/contract/api";
import type { CreateGameBody } from "../../src/contract/schemas/games";
import type {
  DeliveryLogSchema,
  DeliverySchema,
  TestResultSchema,
  WebhookKindSchema,
} from "../../src/contract/schemas/notifications";
import type { GameSummarySchema, PlayerSchema, ProfileSchema } from "../../src/contract/schemas/players";
import type { ErrorCode } from "../../src/contract/errors";
import type { GameView, LogEntryView } from "../../src/contract/views";
import type { LogEntry } from "../../src/engine";

export type { EventType } from "../../src/contract/notifications";
export type { GameStatus, GameView, LogEntryView, SeatView } from "../../src/contract/views";

export type Player = z.infer<typeof PlayerSchema>;
export type Profile = z.infer<typeof ProfileSchema>;
/** Your own profile, with its private settings. */
export type Me = ContractMe;
export type GameSummary = z.infer<typeof GameSummarySchema>;
export type GameOptionsView = GameView["options"];
/** What POST /api/games takes (every field has a default). */
export type CreateGameOptions = Partial<z.input<typeof CreateGameBody>>;

/** An action in the log: a rules action, or a resignation. */
export type LogAction = LogEntry;
/** One entry of the game log: one action with its events (auto: "timeout" when the service played it). */
export type GameLog = ContractGameLog & { entries: LogEntryView[] };

export type WebhookKind = z.infer<typeof WebhookKindSchema>;
export type Webhook = ContractWebhook;
export type WebhookEnvelope = ContractEnvelope;
export type WebhookTestResult = z.infer<typeof TestResultSchema>;
export type Delivery = z.infer<typeof DeliverySchema>;
export type DeliveryLog = z.infer<typeof DeliveryLogSchema>;

/** An error answer as the client reads it: the contract's, tolerating codes a newer server may add. */
export interface ApiErrorBody {
  error: {
    code: ErrorCode | (string & {});
    message: string;
    currentVersion?: number;
    index?: number;
    hoursLeft?: number;
    [detail: string]: unknown;
  };
}

/** The saved identity: one profile per browser. */
export interface Identity {
  id: string;
  name: string;
  token: string;
}
