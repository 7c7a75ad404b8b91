/** What the offline notice says (offline/notice.tsx), in the five languages: a chunk loaded only when there is something to say. */
export interface OfflineText {
  offline: string;
  /** When what is shown was saved (a time in the page's language). */
  saved: (when: string) => string;
  readOnly: string;
  kept: string;
  played: string;
  stale: string;
  refused: (code: string) => string;
  online: string;
  close: string;
}

export const OFFLINE_TEXT: Record<string, OfflineText> = {
  en: {
    offline: "You are offline.",
    saved: (w) => `What you see was saved ${w}.`,
    readOnly: "It is read-only: a turn you send is kept and sent when you are back online.",
    kept: "Your turn is kept on this device: it will be sent when you are back online.",
    played: "Back online: the turn you sent offline was played.",
    stale:
      "The turn you sent offline was not played: the game moved on while you were offline (another device played, or your time ran out). Plan your turn again.",
    refused: (c) => `The turn you sent offline was refused (${c}).`,
    online: "Back online.",
    close: "Close",
  },
  fr: {
    offline: "Vous êtes hors ligne.",
    saved: (w) => `Ce que vous voyez a été enregistré ${w}.`,
    readOnly: "Lecture seule : un tour envoyé est gardé et partira dès votre retour en ligne.",
    kept: "Votre tour est gardé sur cet appareil : il partira dès votre retour en ligne.",
    played: "De retour en ligne : le tour envoyé hors ligne a été joué.",
    stale:
      "Le tour envoyé hors ligne n’a pas été joué : la partie a avancé pendant que vous étiez hors ligne (un autre appareil a joué, ou votre temps s’est écoulé). Préparez de nouveau votre tour.",
    refused: (c) => `Le tour envoyé hors ligne a été refusé (${c}).`,
    online: "De retour en ligne.",
    close: "Fermer",
  },
  de: {
    offline: "Du bist offline.",
    saved: (w) => `Was du siehst, wurde ${w} gespeichert.`,
    readOnly: "Nur lesen: Ein gesendeter Zug wird aufbewahrt und gesendet, sobald du wieder online bist.",
    kept: "Dein Zug ist auf diesem Gerät aufbewahrt: Er wird gesendet, sobald du wieder online bist.",
    played: "Wieder online: Der offline gesendete Zug wurde gespielt.",
    stale:
      "Der offline gesendete Zug wurde nicht gespielt: Die Partie ging weiter, während du offline warst (ein anderes Gerät hat gespielt, oder deine Zeit ist abgelaufen). Plane deinen Zug neu.",
    refused: (c) => `Der offline gesendete Zug wurde abgelehnt (${c}).`,
    online: "Wieder online.",
    close: "Schließen",
  },
  nl: {
    offline: "Je bent offline.",
    saved: (w) => `Wat je ziet is ${w} bewaard.`,
    readOnly: "Alleen lezen: een beurt die je stuurt wordt bewaard en verstuurd zodra je weer online bent.",
    kept: "Je beurt is op dit apparaat bewaard: hij wordt verstuurd zodra je weer online bent.",
    played: "Weer online: de beurt die je offline stuurde is gespeeld.",
    stale:
      "De beurt die je offline stuurde is niet gespeeld: het spel ging verder terwijl je offline was (een ander apparaat speelde, of je tijd was om). Plan je beurt opnieuw.",
    refused: (c) => `De beurt die je offline stuurde is geweigerd (${c}).`,
    online: "Weer online.",
    close: "Sluiten",
  },
  ja: {
    offline: "オフラインです。",
    saved: (w) => `表示中の内容は${w}に保存されたものです。`,
    readOnly: "閲覧のみ：送信した手番はこの端末に保存され、オンラインに戻ったときに送信されます。",
    kept: "手番をこの端末に保存しました。オンラインに戻ったときに送信されます。",
    played: "オンラインに戻りました：オフラインで送信した手番が実行されました。",
    stale:
      "オフラインで送信した手番は実行されませんでした：オフラインの間にゲームが進みました（別の端末で手番が行われたか、持ち時間が切れました）。もう一度手番を計画してください。",
    refused: (c) => `オフラインで送信した手番は拒否されました（${c}）。`,
    online: "オンラインに戻りました。",
    close: "閉じる",
  },
};
