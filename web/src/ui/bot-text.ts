/** Seating a bot (lobby, and handing over a resigned seat in play): their own words, with their chunks. */
export const BOT_TEXT: Record<
  string,
  {
    add: string;
    handOver: (name: string) => string;
    levels: string[];
    /** A bot's seat: the word shown before its stars, and what a screen reader says (★ reads as "black star"). */
    bot: string;
    badge: (level: number) => string;
  }
> = {
  en: {
    add: "Seat a bot:",
    handOver: (n) => `Hand ${n}'s seat to a bot:`,
    levels: ["Easy", "Medium", "Strong"],
    bot: "Bot",
    badge: (l) => `Bot, ${["easy", "medium", "strong"][l]} level`,
  },
  nl: {
    add: "Een bot laten zitten:",
    handOver: (n) => `De plaats van ${n} aan een bot geven:`,
    levels: ["Makkelijk", "Gemiddeld", "Sterk"],
    bot: "Bot",
    badge: (l) => `Bot, niveau ${["makkelijk", "gemiddeld", "sterk"][l]}`,
  },
  fr: {
    add: "Placer un bot :",
    handOver: (n) => `Confier la place de ${n} à un bot :`,
    levels: ["Facile", "Moyen", "Fort"],
    bot: "Bot",
    badge: (l) => `Bot, niveau ${["facile", "moyen", "fort"][l]}`,
  },
  de: {
    add: "Einen Bot setzen:",
    handOver: (n) => `${n}s Platz einem Bot geben:`,
    levels: ["Leicht", "Mittel", "Stark"],
    bot: "Bot",
    badge: (l) => `Bot, Stufe ${["leicht", "mittel", "stark"][l]}`,
  },
  ja: {
    add: "ボットを座らせる：",
    handOver: (n) => `${n}の席をボットに任せる：`,
    levels: ["やさしい", "ふつう", "つよい"],
    bot: "ボット",
    badge: (l) => `ボット（${["やさしい", "ふつう", "つよい"][l]}）`,
  },
};
