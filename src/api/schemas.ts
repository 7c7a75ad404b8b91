/** zod schemas of the HTTP API; the OpenAPI 3.1 document is generated from them. */
import { z } from "@hono/zod-openapi";

export const ErrorSchema = z
  .object({
    error: z
      .looseObject({
        code: z.string().openapi({ example: "STALE_VERSION" }),
        message: z.string(),
      })
      .openapi({ description: "Machine-readable code, human message, and details such as currentVersion or index." }),
  })
  .openapi("Error");

export const IdParam = z.object({
  id: z
    .string()
    .regex(/^[0-9a-z]{12}$/, "ids are 12 lower-case base-32 characters")
    .openapi({ param: { name: "id", in: "path" }, example: "k3x9m2p7q4rt" }),
});

// ---- players ------------------------------------------------------------------------------

export const CreatePlayerBody = z
  .object({
    name: z.string().trim().min(1).max(40).openapi({ example: "Hjalmar" }),
    discordUserId: z
      .string()
      .regex(/^\d{15,21}$/, "a Discord user id is a number (snowflake)")
      .optional()
      .openapi({ description: "Lets turn notifications ping you on Discord." }),
  })
  .strict()
  .openapi("CreatePlayer");

export const PlayerSchema = z
  .object({ id: z.string(), name: z.string(), createdAt: z.string().openapi({ format: "date-time" }) })
  .openapi("Player");

export const CreatedPlayerSchema = z
  .object({
    player: PlayerSchema,
    token: z.string().openapi({ description: "Bearer token; shown once, keep it secret." }),
  })
  .openapi("CreatedPlayer");

export const ProfileSchema = PlayerSchema.extend({
  stats: z.object({
    gamesPlayed: z.number().int(),
    wins: z.number().int(),
    averageScore: z.number().nullable(),
  }),
}).openapi("Profile");

export const GameStatusSchema = z.enum(["waiting", "active", "finished"]);

export const GamesQuery = z.object({
  status: GameStatusSchema.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  cursor: z.string().max(200).optional(),
});

export const GameSummarySchema = z
  .object({
    id: z.string(),
    status: GameStatusSchema,
    seats: z.number().int(),
    seat: z.number().int().openapi({ description: "The player's seat in this game." }),
    options: z.looseObject({}),
    players: z.array(z.object({ seat: z.number().int(), id: z.string(), name: z.string() })),
    round: z.number().int(),
    createdAt: z.string(),
    startedAt: z.string().nullable(),
    endedAt: z.string().nullable(),
    url: z.string(),
  })
  .openapi("GameSummary");

export const GameListSchema = z
  .object({ games: z.array(GameSummarySchema), nextCursor: z.string().nullable() })
  .openapi("GameList");

// ---- the rules' data ----------------------------------------------------------------------

export const CellSchema = z
  .union([
    z.object({ q: z.number().int(), r: z.number().int() }).openapi("Hex"),
    z.string().regex(/^[a-g][1-7]$/).openapi({ description: "Cell label, row a–g then place 1–7", example: "d4" }),
  ])
  .openapi("Cell", { description: "Axial coordinates {q, r}, or a label like \"d4\" (the centre)." });

const PieceSchema = z.enum(["seed", "small", "medium", "large"]);

export const ActionSchema = z
  .discriminatedUnion("type", [
    z.object({ type: z.literal("place"), cell: CellSchema }).openapi("PlaceAction", { description: "Setup: a small tree on an empty edge cell." }),
    z.object({ type: z.literal("buy"), piece: PieceSchema }).openapi("BuyAction"),
    z.object({ type: z.literal("plant"), from: CellSchema, to: CellSchema }).openapi("PlantAction"),
    z.object({ type: z.literal("grow"), cell: CellSchema }).openapi("GrowAction"),
    z.object({ type: z.literal("collect"), cell: CellSchema }).openapi("CollectAction"),
    z.object({ type: z.literal("endTurn") }).openapi("EndTurnAction"),
  ])
  .openapi("Action");

const HexSchema = z.object({ q: z.number().int(), r: z.number().int() });

export const EventSchema = z
  .looseObject({ type: z.string().openapi({ example: "grew" }) })
  .openapi("GameEvent", { description: "What happened (placed, bought, planted, grew, collected, turnEnded, roundStarted, lightCollected, turnStarted, resigned, setupEnded, gameEnded)." });

export const ScoreSchema = z
  .object({
    seat: z.number().int(),
    tokens: z.number().int(),
    light: z.number().int(),
    total: z.number().int(),
    pieces: z.number().int(),
    rank: z.number().int(),
    resigned: z.boolean(),
  })
  .openapi("Score");

export const GameStateSchema = z
  .object({
    options: z.object({
      players: z.number().int(),
      longGame: z.boolean(),
      heavyShade: z.boolean(),
      firstPlayer: z.number().int(),
      seed: z.number().int().openapi({ description: "0 until the game has ended." }),
    }),
    phase: z.enum(["setup", "play", "ended"]),
    round: z.number().int(),
    firstPlayer: z.number().int(),
    current: z.number().int(),
    turn: z.number().int(),
    cells: z.array(z.number().int()).openapi({
      description: "37 cells row by row (r = -3..3, q ascending): 0 empty, else 1 + seat*4 + size (0 seed .. 3 large).",
    }),
    touched: z.array(z.number().int()),
    stacks: z.array(z.number().int()),
    players: z.array(
      z.object({
        light: z.number().int(),
        board: z.array(z.number().int()),
        available: z.array(z.number().int()),
        tokens: z.array(z.object({ leaves: z.number().int(), value: z.number().int() })),
        resigned: z.boolean(),
      }),
    ),
    ply: z.number().int(),
    rng: z.number().int(),
  })
  .openapi("GameState", { description: "The engine's state (see docs/engine.md)." });

// ---- games --------------------------------------------------------------------------------

export const CreateGameBody = z
  .object({
    seats: z.number().int().min(2).max(4).default(4),
    longGame: z.boolean().default(false),
    heavyShade: z.boolean().default(false),
    moveTimeSeconds: z
      .number()
      .int()
      .min(3600)
      .max(14 * 24 * 3600)
      .nullable()
      .default(null)
      .openapi({ description: "Time per move: null for none, else 1 hour to 14 days." }),
    firstPlayer: z.number().int().min(0).max(3).nullable().default(null).openapi({ description: "Seat with the first-player token; null = drawn at random." }),
  })
  .strict()
  .openapi("CreateGame");

export const JoinBody = z.object({ code: z.string().min(1).max(64) }).strict().openapi("JoinGame");

export const GameViewSchema = z
  .object({
    id: z.string(),
    status: GameStatusSchema,
    version: z.number().int(),
    options: z.object({
      seats: z.number().int(),
      longGame: z.boolean(),
      heavyShade: z.boolean(),
      moveTimeSeconds: z.number().int().nullable(),
      firstPlayer: z.number().int().nullable(),
    }),
    seats: z.array(
      z.object({
        seat: z.number().int(),
        player: z.object({ id: z.string(), name: z.string() }).nullable(),
        resigned: z.boolean(),
      }),
    ),
    createdBy: z.string(),
    createdAt: z.string(),
    startedAt: z.string().nullable(),
    endedAt: z.string().nullable(),
    state: GameStateSchema.nullable(),
    notation: z.string().nullable().openapi({ description: "The position in Canopy's notation (docs/engine.md)." }),
    toAct: z.number().int().nullable(),
    round: z.number().int(),
    totalRounds: z.number().int(),
    scores: z.array(ScoreSchema).nullable(),
    winners: z.array(z.number().int()).nullable(),
    actionCount: z.number().int(),
    you: z.object({ seat: z.number().int() }).nullable(),
    invite: z.object({ code: z.string(), url: z.string() }).nullable(),
  })
  .openapi("Game");

export const CreatedGameSchema = z
  .object({ game: GameViewSchema, invite: z.object({ code: z.string(), url: z.string() }) })
  .openapi("CreatedGame");

export const JoinedSchema = z.object({ game: GameViewSchema, seat: z.number().int() }).openapi("Joined");
export const GameEnvelopeSchema = z.object({ game: GameViewSchema }).openapi("GameEnvelope");

export const LegalActionsSchema = z
  .object({
    version: z.number().int(),
    seat: z.number().int().nullable().openapi({ description: "The caller's seat, null for a spectator." }),
    toAct: z.number().int().nullable(),
    actions: z.array(ActionSchema),
  })
  .openapi("LegalActions");

export const SubmitBody = z
  .union([
    z.object({ version: z.number().int().min(0), action: ActionSchema }).strict(),
    z.object({ version: z.number().int().min(0), actions: z.array(ActionSchema).min(1).max(100) }).strict(),
  ])
  .openapi("Submit", { description: "One action, or a whole turn applied atomically, with the game version you saw." });

export const SubmittedSchema = z
  .object({ version: z.number().int(), events: z.array(EventSchema), game: GameViewSchema })
  .openapi("Submitted");

export const LogQuery = z.object({
  after: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(1000).default(1000),
});

export const LogSchema = z
  .object({
    version: z.number().int(),
    total: z.number().int(),
    entries: z.array(
      z.object({
        index: z.number().int(),
        version: z.number().int(),
        seat: z.number().int().nullable(),
        entry: z.union([ActionSchema, z.object({ type: z.literal("resign"), seat: z.number().int() })]),
        events: z.array(EventSchema),
        at: z.string(),
      }),
    ),
    next: z.number().int().nullable().openapi({ description: "Pass as ?after= for the next page." }),
    replay: z
      .object({ options: z.looseObject({}) })
      .nullable()
      .openapi({ description: "Once the game has ended: the engine options with the seed, to replay it." }),
  })
  .openapi("GameLog");

export { HexSchema };
