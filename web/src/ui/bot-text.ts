/** Seating a bot (lobby, and handing over a resigned seat in play): their own words, with their chunks. */
export const BOT_TEXT: Record<string, { add: string; handOver: (name: string) => string; levels: string[] }> = {
  en: { add: "Seat a bot:", handOver: (n) => `Hand ${n}'s seat to a bot:`, levels: ["Easy", "Medium", "Strong"] },
  nl: {
    add: "Een bot laten zitten:",
    handOver: (n) => `De plaats van ${n} aan een bot geven:`,
    levels: ["Makkelijk", "Gemiddeld", "Sterk"],
  },
  fr: {
    add: "Placer un bot :",
    handOver: (n) => `Confier la place de ${n} à un bot :`,
    levels: ["Facile", "Moyen", "Fort"],
  },
  de: {
    add: "Einen Bot setzen:",
    handOver: (n) => `${n}s Platz einem Bot geben:`,
    levels: ["Leicht", "Mittel", "Stark"],
  },
  ja: {
    add: "ボットを座らせる：",
    handOver: (n) => `${n}の席をボットに任せる：`,
    levels: ["やさしい", "ふつう", "つよい"],
  },
};
