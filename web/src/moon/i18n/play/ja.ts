/** 月明かりの下で：手番を計画する部分の文言（日本語）。 */
import { plural } from "../../../i18n/plural";
import type { MoonPlayMessages } from "./en";

const ja: MoonPlayMessages = {
  placeAnimal: (animal, n) =>
    plural("ja", n, {
      one: `${animal}を置いてください：強調表示された葉3枚のマス（#か所）から選びます。`,
      other: `${animal}を置いてください：強調表示された葉3枚のマス（#か所）から選びます。`,
    }),
  placeGreatTree: (n) =>
    plural("ja", n, {
      one: "大樹を置いてください：強調表示された空きマス（#か所）から選びます。",
      other: "大樹を置いてください：強調表示された空きマス（#か所）から選びます。",
    }),
  placeMoonstone: (n) =>
    plural("ja", n, {
      one: "月の石を置いてください：強調表示された空きマス（#か所）から選びます。",
      other: "月の石を置いてください：強調表示された空きマス（#か所）から選びます。",
    }),
  yourAnimal: (animal, cell) => `あなたの${animal}（${cell}）`,
  movePlay: (n) =>
    plural("ja", n, {
      one: "移動：強調表示されたマス（#か所）から選びます。",
      other: "移動：強調表示されたマス（#か所）から選びます。",
    }),
  moved: "この手番で動物はもう移動しました。",
  moveNow: "動物を動かす",
  moveHere: (animal) => `${animal}をここへ移動`,
  pickCell: (n) =>
    plural("ja", n, {
      one: "強調表示されたマス（#か所）を選んでください。",
      other: "強調表示されたマス（#か所）を選んでください。",
    }),
  pickAnimal: "脅かす動物をクリックしてください。",
  pickScareTo: "行き先をクリックしてください。",
  pickDam: "ダムの1マス目をクリックしてください。",
  pickDam2: "ダムの2マス目をクリックしてください。",
  cancel: "キャンセル",
  stealFrom: (name) => `${name}から盗む`,
  used: "この手番で使用済み",
  notNow: "今は使えません",
};

export default ja;
