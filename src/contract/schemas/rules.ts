/**
 * zod schemas of the rules' data as the API carries it (cells, actions, events, scores, the engine's
 * state): names and limits come from the engine, so its refusals stay the single source of rules.
 */
import { z } from "@hono/zod-openapi";
import { ABILITY_NAMES, ANIMAL_NAMES, BABY_NAMES, MAX_PLAYERS, MOON_STAGES, PIECE_NAMES } from "../../engine";

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

export { HexSchema };
