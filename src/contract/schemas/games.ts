/** zod schemas of games (src/api/games.ts): creating, joining, seating bots, playing, the log, vacations. */
import { z } from "@hono/zod-openapi";
import { MAX_PLAYERS, MIN_PLAYERS } from "../../engine";
import { BOT_LEVELS, GAME_STATUSES } from "../views";
import { ActionSchema, EventSchema, GameStateSchema, MoonOptionsSchema, ScoreSchema } from "./rules";

export const GameStatusSchema = z.enum(GAME_STATUSES);

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
    rematch: z
      .object({
        id: z.string(),
        url: z.string(),
        invite: z
          .object({ code: z.string(), url: z.string() })
          .nullable()
          .openapi({ description: "The new game's invite: for this game's seated players only." }),
      })
      .nullable()
      .optional()
      .openapi({ description: 'The game "Play again" made of this one once it ended (POST …/rematch); null: none.' }),
  })
  .openapi("Game");

export const RematchSchema = z
  .object({
    rematch: z.object({
      id: z.string(),
      url: z.string().openapi({ description: "The new game's page." }),
    }),
    game: GameViewSchema.nullable().openapi({
      description:
        "The new game as you see it (you sit in it), or null when you could not take a seat (full, started).",
    }),
  })
  .openapi("Rematch");

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

/** The game socket's query (contract/live.ts LiveLog): the log it should carry, and whether a key follows. */
export const LiveQuery = z.object({
  after: z.coerce.number().int().min(0).optional().openapi({
    description:
      "The index of the last log entry the page has (0: none): the greeting carries the log after it, every change its entries ({type:'game', …, log}); without it, no log on this socket.",
  }),
  auth: z.literal("1").optional().openapi({
    description:
      "The page sends {type:'auth', token} at once: the log comes with the seat's greeting (the first one says log: null).",
  }),
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
