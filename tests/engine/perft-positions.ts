/**
 * Perft table (tests/engine/perft.test.ts): positions in the engine's notation (PS1 base, PS2 Under
 * the Moonlight) with their exact numbers of action sequences of 1, 2 and 3 actions (src/engine/perft.ts:
 * one ply = one action). Taken from seeded random games at setup, early, mid and late points (the
 * richest position of the wanted round), counted once by the engine of November 2026 and frozen
 * here: a change in any count is a change in what is legal, to be explained, not re-frozen.
 */
export interface PerftPosition {
  label: string;
  position: string;
  /** perft at depth 1, 2, 3. */
  counts: readonly [number, number, number];
}

export const PERFT_POSITIONS: readonly PerftPosition[] = [
  {
    label: "setup, 2 players, fresh",
    position:
      "PS1 2:00000001:b S0 b b 0 ..../...../....../......./....../...../.... 0:4432:2410:-/0:4432:2410:- 9.7.5.0 - 0 6d2b79f6",
    counts: [18, 306, 4896],
  },
  {
    label: "setup, 4 players, 5 placed",
    position:
      "PS1 4:00000002:c S0 c d 5 ..../c1...a1/....../......./.....c1/b1...d1/.... 0:4432:2310:-/0:4432:2310:-/0:4432:2210:-/0:4432:2310:- 9.7.5.3 - 5 6d2b79f7",
    counts: [13, 156, 1716],
  },
  {
    label: "round 1, 3 players",
    position:
      "PS1 3:00000003:c R1 c a 1 c2.../b1...a1/....../......./....../c1...b1/.a1.. 2:4432:2210:-/1:4432:2210:-/0:4432:2200:- 9.7.5.3 - 8 6d2b79f8",
    counts: [13, 70, 180],
  },
  {
    label: "early, round 3, 4 players",
    position:
      "PS1 4:00000004:d R3 b d 2 .d2d0./...../b1....d1/b1b0...d0./b0a0...a0/a1c0.../c1c2.a2 3:4432:0200:-/0:3332:1310:-/0:3432:2200:-/2:3432:1200:- 9.7.5.3 - 32 6d2b79f9",
    counts: [17, 100, 208],
  },
  {
    label: "mid, round 9, 4 players",
    position:
      "PS1 4:00000005:c R9 c b 3 a0b0b2c2/a1a2.d1d1/a0a0b1.c1d2/.a0.a0.d1d1/.a2..../a1c1c1.b1/c1c1b1b1 9:0422:0000:-/6:3430:1002:-/7:4231:0001:-/0:4222:0210:- 9.7.5.3 - 100 6d2b79fa",
    counts: [15, 119, 917],
  },
  {
    label: "mid, round 10, 2 players, heavy shade",
    position:
      "PS1 2H:00000006:b R10 a b 1 .b2../...b0./.b1...b1/.....b1b0/....../...a3a1/a1a1.. 6:3030:1501:-/3:2112:2420:- 9.7.5.0 - 54 6d2b79fb",
    counts: [20, 240, 2133],
  },
  {
    label: "mid, round 12, 3 players, long game",
    position:
      "PS1 3L:00000007:a R12 c b 2 a1a1.b0/a2a1b0b1b2/b2a0b1b0c0c2/a1a0a1b0.c2c1/a2b0c1.../.a0.../..c0. 7:1221:2001:-/8:0320:1102:-/0:3420:0002:1-14 8.7.5.3 - 112 6d2b79fc",
    counts: [13, 133, 1161],
  },
  {
    label: "late, round 16, 4 players, heavy shade",
    position:
      "PS1 4H:00000008:a R16 d b 2 a2d0a2c2/a0a2d0c1c1/a2a0a1d0d2b0/d2d1.a0b0../d1c0c1b1b3./c2c3.b0./.b2.b2 1:2101:0301:1-13/3:2311:1200:1-14.1-13/11:4110:0311:-/1:2401:0011:1-14 5.7.5.3 d7 192 6d2b79fd",
    counts: [17, 106, 315],
  },
  {
    label: "late, last turn of round 18, 4 players",
    position:
      "PS1 4:00000009:a R18 b a 3 d1a1c1c2/c2d1b1b3b2/c2c3b0b2b0d0/a2a2c1a2b2d3b0/a3a1b0b1d0d3/a1a2b1d1d1/a0.b1b1 9:1201:2200:-/0:2211:0000:-/0:1110:3501:-/0:2230:0200:1-14 8.7.5.3 - 221 6d2b79fe",
    counts: [8, 50, 222],
  },
  {
    label: "late, round 23, 2 players, long game",
    position:
      "PS1 2L:0000000a:b R23 b b 0 a2b1b1b3/a3a2a1b1b2/a3a1b1b3.a2/.a1a1.b0a2a0/.a1b0b0b0./...../.... 14:4100:0100:2-17/2:0320:0010:1-14 8.6.5.0 - 150 6d2b79ff",
    counts: [6, 11, 86],
  },
  {
    label: "moon setup: animal choice, 4 players",
    position:
      "PS2 4M:0000000b:c S0 c c 0 ..../...../....../......./....../...../.... 0:4432:2410:-/0:4432:2410:-/0:4432:2410:-/0:4432:2410:- 9.7.5.3 - 0 695bcfb3 c;9h;-:-:2:badger+hedgehog:-:-/-:-:2:boar+squirrel:-:-/-:-:2:beaver+fox:-:-/-:-:2:turtle+owl:-:-;-;-;-;-;-;--:-",
    counts: [2, 4, 8],
  },
  {
    label: "moon setup: Great Tree + moonstones, 3 players",
    position:
      "PS2 3MGS:0000000c:a S0 a c 3 ..../...../....../......./....../...../.... 0:4432:2410:-/0:4432:2410:-/0:4432:2410:- 9.7.5.3 - 3 695bcfb4 a;9h;hedgehog:-:2:-:-:-/beaver:-:2:-:-:-/badger:-:2:-:-:-;-;-;-;-;-;--:-",
    counts: [6, 30, 120],
  },
  {
    label: "moon setup: trees, 2 players, GS",
    position:
      "PS2 2MGS:0000000d:b S0 b b 0 ..../...../....../......./....../...../.... 0:4432:2410:-/0:4432:2410:- 9.7.5.0 - 8 658c2568 -;9h;turtle:e4:2:-:-:-/owl:d5:2:-:-:-;b4;d2.f1.c4;-;a4=medium.d7=higher.g4=double.g1=small.d1=plant.a1=collect;points+light;--:-",
    counts: [17, 272, 4080],
  },
  {
    label: "moon round 1, 4 players, GS",
    position:
      "PS2 4MGS:0000000e:b R1 b a 3 a1.b1./c1..../b1...../.b0...../....../....c1/d1d1a1. 2:4432:2210:-/0:4432:1210:-/1:4432:2210:-/1:4432:2210:- 9.7.5.3 - 25 658c2569 -;9h;beaver:d3:3:-:-:-/badger:b4:2:-:-:-/boar:c4:3:-:-:-/turtle:d6:2:-:-:-;c5;f1;-;a4=small.d7=plant.g4=light.g1=collect.d1=double.a1=medium;points+higher;--:-",
    counts: [16, 162, 952],
  },
  {
    label: "moon early, round 4, 3 players",
    position:
      "PS2 3M:0000000f:a R4 a b 1 b0b2../..b0../....a1a1/c2....../c1...a1a2/c0..b0c1/..b1. 6:4432:0000:-/3:3432:0200:-/5:4432:0100:- 9.7.5.3 - 46 695bcfb7 -;12h;owl:d4:2:-:-:-/badger:d5:2:-:-:-/hedgehog:a3:0:-:-:-;-;-;-;-;-;--:-",
    counts: [12, 113, 896],
  },
  {
    label: "moon mid, round 9, 4 players, GS",
    position:
      "PS2 4MGS:00000010:c R9 c c 0 c1a1a0c2/c1a2.c1d1/b2b1b0d1c0c2/b1b1b0..../d1..a0.a1/d2d1..a3/.... 8:2430:0001:-/2:3421:0011:-/3:3322:1100:-/3:4311:0021:- 9.7.5.3 - 137 695bcfb8 -;5f;fox:a2:2:-:-:-/boar:f3:8:-:-:-/squirrel:f1:7:-:-:-/hedgehog:c6:0:-:-:-;g3;e2;-;-;-;--:-",
    counts: [18, 212, 1459],
  },
  {
    label: "moon mid, round 11, 2 players, moonstones, heavy shade",
    position:
      "PS2 2HMS:00000011:b R11 b b 0 a0a1b1b2/.a1a0a1a2/....a1b1/....a0b0b1/.....b2/...../.... 7:1322:2010:-/7:2321:1101:- 9.7.5.0 - 84 658c256c -;13f;turtle:d5:10:-:-:-/owl:e3:4:-:-:-;-;d3.b1.c4;-;a4=higher.d7=plant.g4=collect.g1=double.d1=small.a1=points;light+medium;--:-",
    counts: [18, 247, 2486],
  },
  {
    label: "moon late, round 17, 4 players, Great Tree",
    position:
      "PS2 4MG:00000012:b R17 b c 1 b0b2a2b2/c2b1a1b1b1/c2c1d1a1a1b1/d0c2c1a1d0d1d1/c0c1a1d1d3d1/..a2d0d1/c1c1.a0 3:3212:0000:1-14/3:3111:1311:-/14:3111:0101:-/14:3131:0000:1-14 7.7.5.3 - 263 695bcfba -;1f;boar:f1:4:-:-:-/beaver:f3:4:-:-:-/hedgehog:e4:2:-:-:-/fox:c2:7:-:-:-;f2;-;e5.e6.f5;-;-;--:-",
    counts: [19, 304, 4169],
  },
  {
    label: "moon late, last turn, 3 players, GS",
    position:
      "PS2 3MGS:00000013:a R18 c b 2 a0a0../a2.a0.c1/c2c1.c1c0./b3b1.b0a0c0c3/b0c2a0..c1/a2a2b1b1./.a0b1b1 0:0401:0011:3-19.1-14/5:0230:3011:-/1:2011:0310:2-17 8.6.4.3 - 213 695bcfbb -;14h;boar:c2:6:-:-:-/hedgehog:b4:0:-:-:-/owl:g4:3:-:-:-;e4;f5.e5;-;-;-;--:-",
    counts: [20, 273, 2238],
  },
  {
    label: "mid, round 9, 4 players, every seat at 20 light",
    position:
      "PS1 4:00000005:c R9 c b 3 a0b0b2c2/a1a2.d1d1/a0a0b1.c1d2/.a0.a0.d1d1/.a2..../a1c1c1.b1/c1c1b1b1 20:0422:0000:-/20:3430:1002:-/20:4231:0001:-/20:4222:0210:- 9.7.5.3 - 100 6d2b79fa",
    counts: [15, 119, 1074],
  },
  {
    label: "moon mid, round 9, 4 players, GS, every seat at 20 light",
    position:
      "PS2 4MGS:00000010:c R9 c c 0 c1a1a0c2/c1a2.c1d1/b2b1b0d1c0c2/b1b1b0..../d1..a0.a1/d2d1..a3/.... 20:2430:0001:-/20:3421:0011:-/20:3322:1100:-/20:4311:0021:- 9.7.5.3 - 137 695bcfb8 -;5f;fox:a2:2:-:-:-/boar:f3:8:-:-:-/squirrel:f1:7:-:-:-/hedgehog:c6:0:-:-:-;g3;e2;-;-;-;--:-",
    counts: [19, 275, 3260],
  },
];
