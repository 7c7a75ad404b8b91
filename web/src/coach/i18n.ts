/**
 * The coach's texts in the five languages (docs/coach.md): they come with its chunk, not with every
 * game page. Counts of points go through the plural helper (Intl.PluralRules).
 */
import type { Lang } from "../i18n";
import { plural } from "../i18n/plural";

type Mark = "inaccuracy" | "mistake" | "blunder";

/** `forms` for `n` by the plural rules of `l`, the number written as `l` writes it ("12,5" in French). */
function count(l: Lang, n: number, forms: { one: string; other: string }): string {
  let written = String(n);
  try {
    written = new Intl.NumberFormat(l, { maximumFractionDigits: 1 }).format(n);
  } catch {
    /* no Intl: as JavaScript writes it */
  }
  return plural(l, n, forms).replace(String(n), written);
}

const en = {
  title: "Coach",
  help: "The strong bot reviewed every turn from the player's own view: the final score each player could expect after it, and the turns that cost points.",
  ask: "Review my turns so far",
  running: (done: number, total: number) => `The coach is reviewing the game: ${done} of ${total} turns…`,
  failed: "The coach's review could not be loaded.",
  chartLabel: "Expected final score of each player, turn by turn",
  round: "Round",
  points: "Points",
  legend: "Players' lines",
  markedTitle: "Marked turns",
  noMarks: "No turn cost enough points to be marked.",
  mark: { inaccuracy: "Inaccuracy", mistake: "Mistake", blunder: "Blunder" } as Record<Mark, string>,
  lostPoints: (n: number) => count("en", n, { one: "# point lost", other: "# points lost" }),
  turnOf: (name: string, round: number) => `${name}, round ${round}`,
  played: "Played",
  suggested: "Suggested",
  expected: (n: number) =>
    count("en", n, { one: "expected final score: # point", other: "expected final score: # points" }),
  endOnly: "Ended the turn.",
  positionBefore: (name: string, round: number) => `The forest before ${name}'s turn in round ${round}`,
  after: (what: string) => `After the turn ${what}`,
  thresholds: (a: number, b: number, c: number) =>
    `Marks: inaccuracy from ${a} points lost, mistake from ${b}, blunder from ${c}.`,
};
export type CoachMessages = typeof en;

export const COACH_TEXT: Record<Lang, CoachMessages> = {
  en,
  nl: {
    title: "Coach",
    help: "De sterke bot heeft elke beurt bekeken vanuit wat de speler zelf zag: de eindscore die elke speler daarna kon verwachten, en de beurten die punten kostten.",
    ask: "Mijn beurten tot nu toe bekijken",
    running: (done, total) => `De coach bekijkt het spel: ${done} van ${total} beurten…`,
    failed: "De beoordeling van de coach kon niet worden geladen.",
    chartLabel: "Verwachte eindscore van elke speler, beurt na beurt",
    round: "Ronde",
    points: "Punten",
    legend: "Lijnen van de spelers",
    markedTitle: "Gemarkeerde beurten",
    noMarks: "Geen enkele beurt kostte genoeg punten om gemarkeerd te worden.",
    mark: { inaccuracy: "Onnauwkeurigheid", mistake: "Fout", blunder: "Blunder" },
    lostPoints: (n) => count("nl", n, { one: "# punt verloren", other: "# punten verloren" }),
    turnOf: (name, round) => `${name}, ronde ${round}`,
    played: "Gespeeld",
    suggested: "Voorgesteld",
    expected: (n) => count("nl", n, { one: "verwachte eindscore: # punt", other: "verwachte eindscore: # punten" }),
    endOnly: "Beurt beëindigd.",
    positionBefore: (name, round) => `Het bos voor de beurt van ${name} in ronde ${round}`,
    after: (what) => `Na de beurt: ${what}`,
    thresholds: (a, b, c) =>
      `Markeringen: onnauwkeurigheid vanaf ${a} verloren punten, fout vanaf ${b}, blunder vanaf ${c}.`,
  },
  fr: {
    title: "Entraîneur",
    help: "Le bot fort a revu chaque tour du point de vue du joueur lui-même : le score final que chacun pouvait espérer ensuite, et les tours qui ont coûté des points.",
    ask: "Revoir mes tours jusqu’ici",
    running: (done, total) => `L’entraîneur revoit la partie : ${done} tours sur ${total}…`,
    failed: "L’analyse de l’entraîneur n’a pas pu être chargée.",
    chartLabel: "Score final attendu de chaque joueur, tour après tour",
    round: "Manche",
    points: "Points",
    legend: "Courbes des joueurs",
    markedTitle: "Tours signalés",
    noMarks: "Aucun tour n’a coûté assez de points pour être signalé.",
    mark: { inaccuracy: "Imprécision", mistake: "Erreur", blunder: "Gaffe" },
    lostPoints: (n) => count("fr", n, { one: "# point perdu", other: "# points perdus" }),
    turnOf: (name, round) => `${name}, manche ${round}`,
    played: "Joué",
    suggested: "Suggéré",
    expected: (n) => count("fr", n, { one: "score final attendu : # point", other: "score final attendu : # points" }),
    endOnly: "Fin du tour.",
    positionBefore: (name, round) => `La forêt avant le tour de ${name}, manche ${round}`,
    after: (what) => `Après le tour ${what}`,
    thresholds: (a, b, c) => `Signalements : imprécision dès ${a} points perdus, erreur dès ${b}, gaffe dès ${c}.`,
  },
  de: {
    title: "Trainer",
    help: "Der starke Bot hat jeden Zug aus der Sicht des Spielers selbst geprüft: das Endergebnis, das jeder danach erwarten konnte, und die Züge, die Punkte gekostet haben.",
    ask: "Meine bisherigen Züge prüfen",
    running: (done, total) => `Der Trainer prüft die Partie: ${done} von ${total} Zügen…`,
    failed: "Die Auswertung des Trainers konnte nicht geladen werden.",
    chartLabel: "Erwartetes Endergebnis jedes Spielers, Zug für Zug",
    round: "Runde",
    points: "Punkte",
    legend: "Linien der Spieler",
    markedTitle: "Markierte Züge",
    noMarks: "Kein Zug hat genug Punkte gekostet, um markiert zu werden.",
    mark: { inaccuracy: "Ungenauigkeit", mistake: "Fehler", blunder: "Patzer" },
    lostPoints: (n) => count("de", n, { one: "# Punkt verloren", other: "# Punkte verloren" }),
    turnOf: (name, round) => `${name}, Runde ${round}`,
    played: "Gespielt",
    suggested: "Vorgeschlagen",
    expected: (n) =>
      count("de", n, { one: "erwartetes Endergebnis: # Punkt", other: "erwartetes Endergebnis: # Punkte" }),
    endOnly: "Zug beendet.",
    positionBefore: (name, round) => `Der Wald vor dem Zug von ${name} in Runde ${round}`,
    after: (what) => `Nach dem Zug: ${what}`,
    thresholds: (a, b, c) => `Markierungen: Ungenauigkeit ab ${a} verlorenen Punkten, Fehler ab ${b}, Patzer ab ${c}.`,
  },
  ja: {
    title: "コーチ",
    help: "強いボットが、各プレイヤー自身に見えていた情報だけで全手番を振り返りました。その手番の後に各プレイヤーが見込める最終得点と、点を失った手番を示します。",
    ask: "ここまでの自分の手番を振り返る",
    running: (done, total) => `コーチがゲームを振り返っています：${total} 手番中 ${done} 手番…`,
    failed: "コーチの振り返りを読み込めませんでした。",
    chartLabel: "各プレイヤーの見込み最終得点（手番ごと）",
    round: "ラウンド",
    points: "点",
    legend: "プレイヤーの線",
    markedTitle: "指摘された手番",
    noMarks: "指摘するほど点を失った手番はありません。",
    mark: { inaccuracy: "不正確", mistake: "ミス", blunder: "大悪手" },
    lostPoints: (n) => count("ja", n, { one: "# 点の損", other: "# 点の損" }),
    turnOf: (name, round) => `${name}、ラウンド ${round}`,
    played: "実際の手",
    suggested: "推奨手",
    expected: (n) => count("ja", n, { one: "見込み最終得点：# 点", other: "見込み最終得点：# 点" }),
    endOnly: "手番を終了。",
    positionBefore: (name, round) => `ラウンド ${round}、${name} の手番前の森`,
    after: (what) => `手番の後（${what}）`,
    thresholds: (a, b, c) => `指摘の基準：失点 ${a} 点以上で不正確、${b} 点以上でミス、${c} 点以上で大悪手。`,
  },
};
