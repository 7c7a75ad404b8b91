/**
 * zod schemas of the HTTP API: the server validates with them and generates the OpenAPI 3.1 document
 * from them; the client's types are inferred from them. Names and limits come from the engine.
 */
import { z } from "@hono/zod-openapi";
import { ABILITY_NAMES, ANIMAL_NAMES, BABY_NAMES, MAX_PLAYERS, MIN_PLAYERS, MOON_STAGES, PIECE_NAMES } from "../engine";
import { EVENT_TYPES, TARGET_KINDS } from "./notifications";
import { checkName, NAME_MAX, NAME_MAX_UNITS } from "./player-name";
import { BOT_LEVELS, GAME_STATUSES } from "./views";

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

/**
 * A player name: normalised (NFC, trimmed) and checked by src/api/player-name.ts: no control or
 * format characters, no unpaired surrogate, something visible, at most 40 characters as people
 * count them. Every route that takes a name uses this schema.
 */
export const PlayerNameSchema = z
  .string()
  .max(NAME_MAX_UNITS * 4)
  .overwrite((s) => s.normalize("NFC").trim())
  .check((ctx) => {
    const r = checkName(ctx.value);
    if (!r.ok) ctx.issues.push({ code: "custom", message: r.message, input: ctx.value });
  })
  .openapi({
    example: "Hjalmar",
    description: `At most ${NAME_MAX} characters (as people count them), at least one visible; no control or invisible format characters. Stored in NFC.`,
  });

export const CreatePlayerBody = z
  .object({
    name: PlayerNameSchema,
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

export const MeSchema = ProfileSchema.extend({
  discordUserId: z
    .string()
    .nullable()
    .openapi({ description: "Pinged by turn notifications on Discord (private: only you see it)." }),
}).openapi("Me");

export const GameStatusSchema = z.enum(GAME_STATUSES);

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
    toAct: z.number().int().nullable().openapi({ description: "Seat to act while the game is active." }),
    yourTurn: z.boolean().openapi({ description: "Whether it is this player's turn." }),
    deadline: z
      .string()
      .nullable()
      .openapi({ description: "When the turn being played times out (active games with a move time), else null." }),
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
    z
      .string()
      .regex(/^[a-g][1-7]$/)
      .openapi({ description: "Cell label, row a–g then place 1–7", example: "d4" }),
  ])
  .openapi("Cell", { description: 'Axial coordinates {q, r}, or a label like "d4" (the centre).' });

const PieceSchema = z.enum(PIECE_NAMES);

// Under the Moonlight (docs/engine.md): the engine's names, so its refusals stay the single source of rules.
// (unnamed: a named schema made nullable loses its null in the generated document)
const AnimalSchema = z.enum(ANIMAL_NAMES);
const BabySchema = z.enum(BABY_NAMES);
const AbilityNameSchema = z.enum(ABILITY_NAMES);

export const ActionSchema = z
  .discriminatedUnion("type", [
    z
      .object({ type: z.literal("place"), cell: CellSchema })
      .openapi("PlaceAction", { description: "Setup: a small tree on an empty edge cell." }),
    z.object({ type: z.literal("buy"), piece: PieceSchema }).openapi("BuyAction"),
    z.object({ type: z.literal("plant"), from: CellSchema, to: CellSchema }).openapi("PlantAction"),
    z.object({ type: z.literal("grow"), cell: CellSchema }).openapi("GrowAction"),
    z.object({ type: z.literal("collect"), cell: CellSchema }).openapi("CollectAction"),
    z.object({ type: z.literal("endTurn") }).openapi("EndTurnAction"),
    z.object({ type: z.literal("chooseAnimal"), animal: AnimalSchema }).openapi("ChooseAnimalAction", {
      description:
        "Under the Moonlight, setup: keep one of your two dealt animal boards (hidden from the others until everyone has chosen).",
    }),
    z
      .object({ type: z.literal("placeAnimal"), cell: CellSchema })
      .openapi("PlaceAnimalAction", { description: "Under the Moonlight, setup: your animal on a free 3-leaf cell." }),
    z.object({ type: z.literal("placeGreatTree"), cell: CellSchema }).openapi("PlaceGreatTreeAction", {
      description: "Under the Moonlight, mode A, setup: the Great Tree on a free cell.",
    }),
    z.object({ type: z.literal("placeMoonstone"), cell: CellSchema }).openapi("PlaceMoonstoneAction", {
      description: "Under the Moonlight, mode B, setup: a moonstone on a free cell.",
    }),
    z.object({ type: z.literal("moveAnimal"), to: CellSchema }).openapi("MoveAnimalAction", {
      description: "Under the Moonlight: move your animal (once a turn; the squirrel 1 or 2 cells).",
    }),
    z
      .object({
        type: z.literal("ability"),
        ability: AbilityNameSchema,
        level: z.number().int().min(1).max(3).optional().openapi({ description: "dig 1–2, hunt 1–3, growth 1–2" }),
        to: CellSchema.optional().openapi({ description: "run, churn, scare" }),
        from: CellSchema.optional().openapi({ description: "scare: the cell of the animal to move" }),
        cell: CellSchema.optional().openapi({ description: "improve; babySteps with collect, plant or higher" }),
        cells: z
          .array(CellSchema)
          .length(2)
          .optional()
          .openapi({ description: "dam: the two dam cells besides the beaver's" }),
        target: z
          .number()
          .int()
          .min(0)
          .max(MAX_PLAYERS - 1)
          .optional()
          .openapi({ description: "steal: the seat robbed" }),
        baby: BabySchema.optional().openapi({ description: "babySteps: which hatched baby turtle" }),
      })
      .openapi("AbilityAction", {
        description:
          "Under the Moonlight: use an ability of your animal, paid with moon points (docs/engine.md lists each one's fields).",
      }),
  ])
  .openapi("Action");

const HexSchema = z.object({ q: z.number().int(), r: z.number().int() });

export const EventSchema = z.looseObject({ type: z.string().openapi({ example: "grew" }) }).openapi("GameEvent", {
  description:
    "What happened (placed, bought, planted, grew, collected, turnEnded, roundStarted, lightCollected, " +
    "turnStarted, resigned, setupEnded, gameEnded; timedOut when the service played for a player whose " +
    "time ran out). Under the Moonlight also animalChosen (others see no animal), animalsRevealed, " +
    "babiesLaid, animalPlaced, greatTreePlaced, moonstonePlaced, moonMoved, moonCollected, animalMoved, " +
    "abilityUsed, seedPlaced, seedEaten, seedMoved, lightGained, lightStolen, damBuilt, babyHatched, " +
    "babyUsed.",
});

export const ScoreSchema = z
  .object({
    seat: z.number().int(),
    tokens: z.number().int(),
    light: z.number().int(),
    total: z.number().int(),
    pieces: z.number().int(),
    rank: z.number().int(),
    resigned: z.boolean(),
    moon: z
      .number()
      .int()
      .optional()
      .openapi({ description: "Under the Moonlight: unspent moon points (1 point each)." }),
    babies: z.number().int().optional().openapi({ description: "Under the Moonlight: the turtle's points baby (3)." }),
  })
  .openapi("Score");

export const MoonOptionsSchema = z
  .object({
    greatTree: z.boolean().openapi({ description: "Mode A: the Great Tree." }),
    moonstones: z.boolean().openapi({
      description: "Mode B: moonstones (2 players 3, 3 players 2, 4 players 1 with the Great Tree, else 0).",
    }),
  })
  .openapi("MoonlightOptions", {
    description: "Under the Moonlight: the moon and the animals, with these extra modes.",
  });

const MoonStateSchema = z
  .object({
    stage: z.enum(MOON_STAGES).nullable(),
    position: z.number().int(),
    full: z.boolean(),
    greatTree: z.number().int(),
    stones: z.array(z.number().int()),
    dam: z.array(z.number().int()),
    nests: z.array(
      z.object({
        cell: z.number().int(),
        baby: BabySchema.nullable().openapi({ description: "null: face down (hidden)" }),
      }),
    ),
    box: z.array(BabySchema.nullable()),
    players: z.array(
      z.object({
        deal: z
          .array(AnimalSchema)
          .nullable()
          .openapi({ description: "Your two dealt boards until you choose; null for the others." }),
        animal: AnimalSchema.nullable(),
        cell: z.number().int(),
        points: z.number().int(),
        babies: z.array(BabySchema),
        spent: z.array(BabySchema),
      }),
    ),
    moved: z.boolean(),
    used: z.array(AbilityNameSchema),
    double: z.boolean(),
  })
  .openapi("MoonState", {
    description: "Under the Moonlight's part of the state (docs/engine.md); hidden values are null.",
  });

export const GameStateSchema = z
  .object({
    options: z.object({
      players: z.number().int(),
      longGame: z.boolean(),
      heavyShade: z.boolean(),
      firstPlayer: z.number().int(),
      seed: z.number().int().openapi({ description: "0 until the game has ended." }),
      moonlight: MoonOptionsSchema.optional(),
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
    moon: MoonStateSchema.optional(),
  })
  .openapi("GameState", { description: "The engine's state (see docs/engine.md)." });

// ---- games --------------------------------------------------------------------------------

export const BotLevelSchema = z.enum(BOT_LEVELS).openapi("BotLevel", {
  description: "A bot's level: easy (loses to a beginner now and then), medium, strong.",
});

export const CreateGameBody = z
  .object({
    seats: z.number().int().min(MIN_PLAYERS).max(MAX_PLAYERS).default(MAX_PLAYERS),
    longGame: z.boolean().default(false),
    heavyShade: z.boolean().default(false),
    moonlight: z
      .union([
        z.boolean(),
        z.object({ greatTree: z.boolean().default(false), moonstones: z.boolean().default(false) }).strict(),
      ])
      .default(false)
      .openapi({
        description:
          "The Under the Moonlight expansion: true for the moon and the animals, or an object adding mode A (greatTree) and/or mode B (moonstones).",
      }),
    moveTimeSeconds: z
      .number()
      .int()
      .min(3600)
      .max(14 * 24 * 3600)
      .nullable()
      .default(null)
      .openapi({ description: "Time per move: null for none, else 1 hour to 14 days." }),
    firstPlayer: z
      .number()
      .int()
      .min(0)
      .max(MAX_PLAYERS - 1)
      .nullable()
      .default(null)
      .openapi({ description: "Seat with the first-player token; null = drawn at random." }),
    maxTimeouts: z.number().int().min(1).max(10).nullable().default(3).openapi({
      description:
        "With a time per move: a seat that runs out of time this many turns in a row is resigned (null: never).",
    }),
    vacationDays: z
      .number()
      .int()
      .min(0)
      .max(30)
      .default(14)
      .openapi({ description: "Days of vacation each player may take in this game." }),
    rated: z.boolean().default(false).openapi({
      description:
        "Whether the result moves the players' ratings (on the base or the Moonlight ladder). Default false: a friendly game. Games with bots are never rated.",
    }),
    open: z.boolean().default(false).openapi({
      description:
        "List the game on the open tables (GET /api/tables): anyone signed in may take a free seat without the invite. At most a few listed tables per player (409 TOO_MANY_TABLES); a table nobody fills leaves the list after 7 days.",
    }),
    bots: z
      .array(BotLevelSchema)
      .max(MAX_PLAYERS - 1)
      .default([])
      .openapi({
        description:
          "Bots in the seats after yours (seats 1, 2, …), by level. A practice game (never rated); with every other seat a bot it starts at once.",
      }),
  })
  .strict()
  .openapi("CreateGame");

export const SeatBotBody = z
  .object({
    level: BotLevelSchema,
    seat: z.number().int().min(0).optional().openapi({
      description:
        "A waiting game: the next empty seat (seats fill in order; leave it out to take it). A game in play: the seat that resigned or timed out for good.",
    }),
  })
  .strict()
  .openapi("SeatBot");

export const HintSchema = z
  .object({
    version: z.number().int(),
    seat: z.number().int(),
    level: BotLevelSchema,
    actions: z.array(ActionSchema).openapi({ description: "The strong bot's whole turn for your seat, in order." }),
  })
  .openapi("Hint");

export const JoinBody = z
  .object({ code: z.string().min(1).max(64) })
  .strict()
  .openapi("JoinGame");

export const GameViewSchema = z
  .object({
    id: z.string(),
    status: GameStatusSchema,
    version: z.number().int(),
    options: z.object({
      seats: z.number().int(),
      longGame: z.boolean(),
      heavyShade: z.boolean(),
      moonlight: MoonOptionsSchema.nullable().openapi({ description: "null: the base game." }),
      moveTimeSeconds: z.number().int().nullable(),
      firstPlayer: z.number().int().nullable(),
      maxTimeouts: z.number().int().nullable(),
      vacationDays: z.number().int(),
      rated: z.boolean(),
    }),
    seats: z.array(
      z.object({
        seat: z.number().int(),
        player: z.object({ id: z.string(), name: z.string() }).nullable(),
        bot: BotLevelSchema.nullable().openapi({
          description: "A bot's seat: its level (its name says so too); null for a person or an empty seat.",
        }),
        resigned: z.boolean(),
        timeouts: z.number().int().openapi({ description: "Turns in a row this seat ran out of time." }),
        awayUntil: z
          .string()
          .nullable()
          .openapi({ description: "While the player is on vacation (clock paused): until when." }),
      }),
    ),
    practice: z
      .boolean()
      .openapi({ description: "A game with a bot seat: practice, never rated; its players may ask for a hint." }),
    createdBy: z.string().openapi({
      description:
        "The host: the player who created the game, or, when they left it before it started, the human seated longest then (who may start it, seat bots and list its table).",
    }),
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
    deadline: z
      .string()
      .nullable()
      .openapi({ description: "When the turn in progress times out (null: no time per move, or its player is away)." }),
    vacations: z
      .array(z.object({ seat: z.number().int(), from: z.string(), until: z.string() }))
      .openapi({ description: "Players away now." }),
    table: z
      .object({
        open: z.boolean().openapi({ description: "On the open tables now (waiting, not closed, not expired)." }),
        listedAt: z.string(),
        expiresAt: z
          .string()
          .openapi({ description: "When it leaves the list if its seats are not all taken by then." }),
        closed: z.enum(["closed", "expired"]).nullable().openapi({
          description: "Taken off the list by its creator, or by time; null while listed or once started.",
        }),
      })
      .nullable()
      .optional()
      .openapi({ description: "An open table (issue 16); null: the game was never listed." }),
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
        entry: z.union([
          ActionSchema,
          z.object({ type: z.literal("resign"), seat: z.number().int() }),
          z.object({ type: z.literal("takeOver"), seat: z.number().int() }).openapi("TakeOver", {
            description: "A resigned seat handed to a bot: it plays again from its next turn.",
          }),
          z
            .object({ type: z.literal("chooseAnimal") })
            .openapi("HiddenChoice", { description: "Another seat's animal choice: hidden until the game has ended." }),
        ]),
        events: z.array(EventSchema),
        at: z.string(),
        auto: z
          .enum(["timeout"])
          .nullable()
          .openapi({ description: '"timeout": played by the service because the player\'s time ran out.' }),
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

// ---- deadlines ----------------------------------------------------------------------------

export const VacationBody = z
  .object({
    hours: z
      .number()
      .int()
      .min(1)
      .max(60 * 24)
      .openapi({
        description:
          "How long you will be away, from now. Each game allows `options.vacationDays` days per player in all.",
      }),
  })
  .strict()
  .openapi("Vacation");

// ---- notifications ------------------------------------------------------------------------

export const WebhookKindSchema = z.enum(TARGET_KINDS).openapi("WebhookKind", {
  description:
    "discord (a Discord channel webhook), slack (a Slack incoming webhook, or any Slack-compatible one), json (signed JSON, Standard Webhooks).",
});

export const EventTypeSchema = z.enum(EVENT_TYPES).openapi("NotificationType");

export const WebhookParam = z.object({
  id: IdParam.shape.id,
  wid: z
    .string()
    .regex(/^wh_[0-9a-z]{16}$/, "webhook ids look like wh_ and 16 characters")
    .openapi({ param: { name: "wid", in: "path" }, example: "wh_0123456789abcdef" }),
});

export const MyWebhookParam = z.object({ wid: WebhookParam.shape.wid });

export const DeliveryParam = z.object({
  id: IdParam.shape.id,
  did: z.coerce
    .number()
    .int()
    .min(1)
    .max(Number.MAX_SAFE_INTEGER)
    .openapi({ param: { name: "did", in: "path" }, example: 12 }),
});

const webhookUrl = z.string().trim().min(10).max(2000).openapi({
  description:
    "https:// only. Discord (discord.com/api/webhooks/…) and Slack (hooks.slack.com/services/…) URLs are recognised.",
  example: "https://discord.com/api/webhooks/123456789012345678/abcdefghijklmnopqrstuvwxyz",
});

export const CreateWebhookBody = z
  .object({
    url: webhookUrl,
    kind: WebhookKindSchema.optional().openapi({
      description: "Detected from the URL when omitted (json for any other URL).",
    }),
    label: z.string().trim().min(1).max(60).optional().openapi({ example: "#photosynthesis" }),
    events: z
      .array(EventTypeSchema)
      .min(1)
      .max(EVENT_TYPES.length)
      .optional()
      .openapi({ description: "Only these notifications (all when omitted). webhook.* notices are always sent." }),
  })
  .strict()
  .openapi("CreateWebhook");

export const UpdateWebhookBody = z
  .object({
    url: webhookUrl.optional(),
    kind: WebhookKindSchema.optional(),
    label: z.string().trim().min(1).max(60).nullable().optional(),
    events: z.array(EventTypeSchema).min(1).max(EVENT_TYPES.length).nullable().optional(),
    enabled: z
      .boolean()
      .optional()
      .openapi({ description: "Switch it off, or on again after it was switched off for failing." }),
    rotateSecret: z.boolean().optional().openapi({ description: "json kind: a new signing secret (returned once)." }),
  })
  .strict()
  .openapi("UpdateWebhook");

export const WebhookSchema = z
  .object({
    id: z.string(),
    scope: z.enum(["game", "player"]),
    gameId: z.string().nullable(),
    kind: WebhookKindSchema,
    label: z.string().nullable(),
    url: z.string().openapi({
      description: "Redacted: the URL is a secret and is never shown again.",
      example: "https://discord.com/api/webhooks/…/wxyz",
    }),
    events: z.array(EventTypeSchema).nullable(),
    enabled: z.boolean(),
    disabledAt: z.string().nullable(),
    disabledReason: z
      .string()
      .nullable()
      .openapi({ description: "Why it was switched off (e.g. it answered HTTP 404 repeatedly)." }),
    failures: z.number().int().openapi({ description: "401/403/404/410 answers in a row; at 3 it is switched off." }),
    lastStatus: z.number().int().nullable(),
    lastAttemptAt: z.string().nullable(),
    createdBy: z.string(),
    createdByName: z.string().nullable().openapi({ description: "The name of the player who added it." }),
    mayManage: z.boolean().openapi({
      description:
        "Whether you may change, switch off, rotate or remove it: yours, or a channel of a game you created. Others only see it, send a test and read its log.",
    }),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .openapi("Webhook");

export const WebhookEnvelopeSchema = z
  .object({
    webhook: WebhookSchema,
    secret: z.string().nullable().openapi({
      description:
        "json kind: the signing secret (whsec_…), shown only when it is created. Verify webhook-signature with it.",
    }),
  })
  .openapi("WebhookEnvelope");

export const WebhookListSchema = z.object({ webhooks: z.array(WebhookSchema) }).openapi("WebhookList");

export const TestResultSchema = z
  .object({
    delivered: z.boolean(),
    status: z.number().int().nullable().openapi({ description: "The webhook's HTTP answer (null: no answer)." }),
    latencyMs: z.number().int(),
    error: z.string().nullable(),
    deliveryId: z.number().int().nullable().openapi({ description: "The entry in the game's delivery log." }),
  })
  .openapi("WebhookTestResult");

export const DeliverySchema = z
  .object({
    id: z.number().int(),
    eventId: z
      .string()
      .openapi({ description: "The notification's id, sent as webhook-id / Idempotency-Key on every attempt." }),
    eventType: z.string(),
    createdAt: z.string(),
    target: z.object({
      id: z.string(),
      scope: z.enum(["game", "player"]),
      kind: z.string(),
      label: z.string().nullable(),
      url: z.string().nullable().openapi({ description: "Redacted; null for another player's own webhook." }),
      ownerId: z.string().nullable(),
    }),
    state: z.enum(["pending", "delivered", "failed", "dropped"]),
    attempts: z.array(
      z.object({
        attempt: z.number().int(),
        at: z.string(),
        status: z.number().int().nullable(),
        latencyMs: z.number().int(),
        outcome: z.string().openapi({ description: "delivered, retry, rate_limited, gone or rejected" }),
        error: z.string().nullable(),
      }),
    ),
    nextAttemptAt: z.string().nullable(),
  })
  .openapi("Delivery");

export const DeliveryLogSchema = z
  .object({
    deliveries: z.array(DeliverySchema),
    next: z.number().int().nullable().openapi({ description: "Pass as ?before= for older ones." }),
  })
  .openapi("DeliveryLog");

export const DeliveryEnvelopeSchema = z.object({ delivery: DeliverySchema }).openapi("DeliveryEnvelope");

export const DeliveriesQuery = z.object({
  before: z.coerce.number().int().min(1).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

export const UpdateMeBody = z
  .object({
    discordUserId: z
      .string()
      .regex(/^\d{15,21}$/, "a Discord user id is a number (snowflake)")
      .nullable()
      .openapi({ description: "Your Discord user id, so turn notifications on Discord ping you; null to stop." }),
  })
  .strict()
  .openapi("UpdateMe");

// ---- Web Push -------------------------------------------------------------------------------

const base64url = (what: string) =>
  z
    .string()
    .trim()
    .min(16)
    .max(200)
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, `${what} is base64url`);

export const PushSubscribeBody = z
  .object({
    endpoint: z.string().trim().min(10).max(2000).openapi({
      description:
        "The PushSubscription's endpoint (https://, on a public host: checked like a webhook URL). A secret: never shown again.",
      example: "https://fcm.googleapis.com/fcm/send/abc…",
    }),
    keys: z
      .object({
        p256dh: base64url("p256dh").openapi({ description: "The subscription's P-256 public key (65 bytes)." }),
        auth: base64url("auth").openapi({ description: "The subscription's 16-byte authentication secret." }),
      })
      .strict(),
    expirationTime: z.number().nullable().optional(),
    label: z
      .string()
      .trim()
      .min(1)
      .max(60)
      .optional()
      .openapi({ description: "What this device is called in your list.", example: "Firefox on Android" }),
  })
  .strict()
  .openapi("PushSubscribe", { description: "A browser's PushSubscription.toJSON(), and a name for the device." });

/**
 * A browser renewing its subscription by itself (the service worker's `pushsubscriptionchange`,
 * which has no profile key): the old subscription's endpoint and auth secret, known only to that
 * browser and this server, prove it; the new one replaces it in place.
 */
export const PushRenewBody = z
  .object({
    oldEndpoint: z.string().trim().min(10).max(2000).openapi({ description: "The old subscription's endpoint." }),
    oldAuth: base64url("oldAuth").openapi({ description: "The old subscription's 16-byte authentication secret." }),
    endpoint: PushSubscribeBody.shape.endpoint,
    keys: PushSubscribeBody.shape.keys,
    expirationTime: z.number().nullable().optional(),
  })
  .strict()
  .openapi("PushRenew", {
    description: "The service worker's new PushSubscription, proven by the old one's endpoint and auth secret.",
  });

export const PushSubscriptionSchema = z
  .object({
    id: z.string(),
    service: z.string().openapi({ description: "The push service's host.", example: "fcm.googleapis.com" }),
    label: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
    lastStatus: z.number().int().nullable(),
    lastAttemptAt: z.string().nullable(),
  })
  .openapi("PushSubscription");

export const PushSubscriptionEnvelopeSchema = z
  .object({ subscription: PushSubscriptionSchema })
  .openapi("PushSubscriptionEnvelope");

export const PushSubscriptionListSchema = z
  .object({ subscriptions: z.array(PushSubscriptionSchema) })
  .openapi("PushSubscriptionList");

export const PushKeySchema = z
  .object({
    publicKey: z.string().openapi({
      description: "The server's VAPID public key: pass it as applicationServerKey to pushManager.subscribe().",
    }),
  })
  .openapi("PushKey");

export const PushParam = z.object({
  pid: z
    .string()
    .regex(/^push_[0-9a-z]{16}$/, "push subscription ids look like push_ and 16 characters")
    .openapi({ param: { name: "pid", in: "path" }, example: "push_0123456789abcdef" }),
});
