/**
 * Colours and shapes of the board picture. Player colours are the Okabe–Ito palette (safe for the
 * common colour-vision deficiencies) and every seat also has its own piece shape, so pieces are
 * told apart without colour.
 */

export type Theme = "light" | "dark";
export type PieceShape = "circle" | "triangle" | "diamond" | "star";

export interface SeatStyle {
  /** Fill of the seat's pieces. */
  color: string;
  /** A darker shade, for the growth rings inside trees. */
  ring: string;
  shape: PieceShape;
}

export const SEAT_STYLES: readonly SeatStyle[] = [
  { color: "#D55E00", ring: "#7a3600", shape: "circle" },
  { color: "#0072B2", ring: "#003a5c", shape: "triangle" },
  { color: "#F0E442", ring: "#8a7f10", shape: "diamond" },
  { color: "#CC79A7", ring: "#6e3557", shape: "star" },
];

export interface ThemeColors {
  background: string;
  /** Soil fill per ring: centre (4 leaves), ring 1 (3), ring 2 (2), edge (1). */
  soil: readonly string[];
  /** Stroke between cells. */
  grid: string;
  /** Leaf marks showing the soil richness. */
  leaf: string;
  /** Outline of pieces. */
  outline: string;
  /** Shadow of the current round (a fill) and preview of the next (hatching). */
  shadow: string;
  shadowOpacity: number;
  preview: string;
  /** Highlight colours. */
  accent: string;
  accentInner: string;
  target: string;
  last: string;
  used: string;
  sun: string;
  sunStroke: string;
  pip: string;
  pipStroke: string;
  /** Under the Moonlight: the moon tile (lit face, dark face, outline). */
  moonLit: string;
  moonDark: string;
  moonStroke: string;
  /** The moonlight paths (a pale band with darker edges) and the glow of moonstones. */
  moonlight: string;
  moonlightEdge: string;
  /** Animal tokens: the night-coloured disc under the glyph, and its rim. */
  animalDisc: string;
  animalRim: string;
  /** The Great Tree. */
  greatTree: string;
  greatTreeDark: string;
  trunk: string;
  /** Moonstones. */
  stone: string;
  stoneDark: string;
  /** The beaver's dam (logs). */
  dam: string;
  damDark: string;
  /** A face-down baby turtle. */
  nest: string;
  nestDark: string;
}

export const THEMES: Record<Theme, ThemeColors> = {
  light: {
    background: "#f4f0e4",
    soil: ["#2f6b2c", "#4f8a3a", "#86ad55", "#c3cf8e"],
    grid: "#5b4a2f",
    leaf: "#ffffff",
    outline: "#1b1b1b",
    shadow: "#1b2a55",
    shadowOpacity: 0.5,
    preview: "#101c2e",
    accent: "#111111",
    accentInner: "#ffffff",
    target: "#ffffff",
    last: "#6a1b9a",
    used: "#3b3b3b",
    sun: "#ffc20a",
    sunStroke: "#a66a00",
    pip: "#ffd84a",
    pipStroke: "#4a3500",
    moonLit: "#fbf6dc",
    moonDark: "#26304f",
    moonStroke: "#1c2540",
    moonlight: "#f2f6ff",
    moonlightEdge: "#2c3f7a",
    animalDisc: "#1d2336",
    animalRim: "#f2f6ff",
    greatTree: "#1e5b2a",
    greatTreeDark: "#0c2a12",
    trunk: "#5a3a1a",
    stone: "#a9b0bf",
    stoneDark: "#2f3442",
    dam: "#8a5a2b",
    damDark: "#3d240c",
    nest: "#e3d3a8",
    nestDark: "#4a3b1c",
  },
  dark: {
    background: "#15191b",
    soil: ["#2a5a28", "#3f7336", "#5d8847", "#7f9663"],
    grid: "#0b0d0c",
    leaf: "#e8f5d0",
    outline: "#050505",
    shadow: "#05081a",
    shadowOpacity: 0.55,
    preview: "#000000",
    accent: "#000000",
    accentInner: "#ffffff",
    target: "#ffffff",
    last: "#e1a6ff",
    used: "#d0d0d0",
    sun: "#ffc20a",
    sunStroke: "#ffe58a",
    pip: "#ffd84a",
    pipStroke: "#2a1e00",
    moonLit: "#fbf6dc",
    moonDark: "#2b3556",
    moonStroke: "#dfe6ff",
    moonlight: "#f2f6ff",
    moonlightEdge: "#a9bcff",
    animalDisc: "#11141f",
    animalRim: "#dfe6ff",
    greatTree: "#1e5b2a",
    greatTreeDark: "#07180a",
    trunk: "#5a3a1a",
    stone: "#a9b0bf",
    stoneDark: "#1a1d26",
    dam: "#9a6a35",
    damDark: "#2a1808",
    nest: "#e3d3a8",
    nestDark: "#2e2410",
  },
};
