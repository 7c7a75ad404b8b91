import type { NotifyMessages } from "./en";
import { plurals } from "../../i18n/plural";

const p = plurals("de");

const de: NotifyMessages = {
  gameHooksTitle: "Kanäle dieser Partie",
  gameHooksHelp:
    "Jede Benachrichtigung dieser Partie geht an diese Webhooks (den Discord- oder Slack-Kanal einer Gruppe oder jeden Server, der signiertes JSON annimmt). Alle in der Partie sehen sie und ihr Zustellprotokoll; ändern oder entfernen kann einen nur, wer ihn hinzugefügt hat, oder wer die Partie erstellt hat.",
  myHooksTitle: "Deine Webhooks",
  myHooksHelp:
    "Was dich in all deinen Partien betrifft, kommt hierher: dein Zug, Erinnerungen, Zeitüberschreitungen, Partien, die beginnen und enden, Leute, die einsteigen oder aufgeben.",
  noHooks: "Noch keine Webhooks.",
  count: (n, max) => `${n} von ${max}`,
  kindNames: { discord: "Discord", slack: "Slack", json: "Signiertes JSON" },
  on: "an",
  off: "aus",
  offByPlayer: "Von jemandem aus der Partie ausgeschaltet.",
  offAfter: (answer) =>
    `Ausgeschaltet: Er hat immer wieder ${answer} geantwortet (die Adresse gibt es wohl nicht mehr). Prüfe sie und schalte ihn wieder ein.`,
  offNoAnswer: "Ausgeschaltet: Er hat immer wieder nicht geantwortet.",
  offRefused:
    "Ausgeschaltet: Seine Adresse liegt nicht im öffentlichen Internet, daher wird nichts dorthin gesendet. Gib eine öffentliche Adresse an und schalte ihn wieder ein.",
  addedBy: (name) =>
    `Hinzugefügt von ${name}: Nur diese Person oder wer das Spiel erstellt hat, kann ihn ändern, ausschalten oder entfernen.`,
  allEvents: "alle Benachrichtigungen",
  someEvents: (names) => `nur: ${names}`,
  lastAnswer: (status, when) => `letzte Antwort HTTP ${status}, ${when}`,
  lastNoAnswer: (when) => `zuletzt keine Antwort, ${when}`,
  neverUsed: "noch nichts gesendet",
  sendTest: "Test senden",
  testing: "Wird gesendet…",
  switchOff: "Ausschalten",
  switchOn: "Einschalten",
  rotateSecret: "Neues Geheimnis",
  rotateConfirm: "Ein neues Signaturgeheimnis erzeugen? Das bisherige gilt dann sofort nicht mehr.",
  remove: "Löschen",
  removeConfirm: (name) => `Den Webhook „${name}“ löschen? Es wird nichts mehr an ihn gesendet.`,
  testDelivered: (status, ms) => `Test zugestellt: HTTP ${status ?? "?"} in ${ms} ms.`,
  testFailed: (status, ms) =>
    status === null
      ? `Test nicht zugestellt: keine Antwort (nach ${ms} ms).`
      : `Test nicht zugestellt: HTTP ${status} in ${ms} ms.`,
  secretTitle: "Signaturgeheimnis",
  secretHelp:
    "Nur dieses eine Mal zu sehen: Kopiere es jetzt in den empfangenden Server. Damit prüft er den Header webhook-signature (Standard Webhooks).",
  secretDone: "Ich habe es kopiert",
  addTitle: "Webhook hinzufügen",
  urlLabel: "Adresse des Webhooks (URL)",
  urlHelp:
    "Discord: Kanaleinstellungen → Integrationen → Webhooks → Webhook-URL kopieren. Slack: ein Incoming Webhook. Alles andere bekommt signiertes JSON.",
  detected: (kind) => `Erkannt: ${kind}`,
  kindLabel: "Format",
  kindAuto: "An der Adresse erkennen",
  labelLabel: "Name (freiwillig)",
  labelPlaceholder: "#photosynthesis",
  eventsLabel: "Senden",
  eventsNone: "Wähle mindestens eine Benachrichtigung.",
  add: "Webhook hinzufügen",
  adding: "Wird hinzugefügt…",
  added: "Webhook hinzugefügt.",
  limitReached: (max) => `Mehr als ${max} geht nicht: Lösche einen, um einen anderen hinzuzufügen.`,
  eventNames: {
    "game.started": "Partie begonnen",
    "turn.started": "am Zug",
    "turn.reminder": "Erinnerungen vor der Frist",
    "turn.timeout": "Zeit abgelaufen",
    "player.joined": "jemand ist eingestiegen",
    "player.left": "jemand ist gegangen",
    "player.resigned": "jemand hat aufgegeben",
    "player.away": "jemand ist weg oder zurück",
    "game.ended": "Partie vorbei, mit den Punkten",
    "game.rematch": "jemand will noch einmal spielen",
    "message.written": "Nachrichten am Tisch",
    "webhook.disabled": "Webhook ausgeschaltet",
    "webhook.test": "Test",
  },
  deliveriesTitle: "Zustellprotokoll",
  deliveriesHelp:
    "Jede Benachrichtigung dieser Partie, die neueste zuerst, mit jedem Versuch. Fehlgeschlagene werden eine Weile von selbst wiederholt; Erneut senden schickt eine sofort noch einmal.",
  noDeliveries: "Noch nichts gesendet.",
  refresh: "Aktualisieren",
  older: "Ältere",
  to: (target) => `an ${target}`,
  someonesOwn: "den eigenen Webhook einer Person",
  states: { pending: "wartet", delivered: "zugestellt", failed: "fehlgeschlagen", dropped: "verworfen" },
  attempts: (n) => (n === 0 ? "noch nicht versucht" : p(n, "# Versuch", "# Versuche")),
  attemptLine: (n, status, ms, outcome) =>
    `Nr. ${n}: ${status === null ? "keine Antwort" : `HTTP ${status}`}, ${ms} ms, ${outcome}`,
  connectFailed: "keine Verbindung zur Adresse möglich (keine Antwort)",
  outcomes: {
    delivered: "zugestellt",
    retry: "wird wiederholt",
    rate_limited: "zu viele Anfragen, wartet",
    gone: "Adresse verschwunden",
    rejected: "abgelehnt",
  },
  nextAttempt: (when) => `nächster Versuch ${when}`,
  resend: "Erneut senden",
  resent: "Eingereiht: Sie wird gleich noch einmal gesendet.",
  discordTitle: "Discord-Erwähnungen",
  discordLabel: "Deine Discord-Benutzer-ID",
  discordHelp:
    "Damit erwähnen dich Benachrichtigungen auf Discord, wenn du am Zug bist. Discord: Einstellungen → Erweitert → Entwicklermodus, dann Rechtsklick auf deinen Namen → Benutzer-ID kopieren. Nur du siehst sie.",
  discordInvalid: "Eine Discord-Benutzer-ID ist eine Zahl mit 15 bis 21 Ziffern.",
  pushTitle: "Push auf diesem Gerät",
  pushHelp:
    "Dein Zug, Erinnerungen und Ergebnisse erscheinen auf diesem Gerät, auch wenn Canopy geschlossen ist; ein Tippen öffnet die Partie. Auf iPhone und iPad füge Canopy zuerst zum Home-Bildschirm hinzu (Teilen → Zum Home-Bildschirm).",
  pushOn: "Einschalten",
  pushOff: "Ausschalten",
  pushIsOn: "An: dieses Gerät bekommt deine Benachrichtigungen.",
  pushIsOff: "Aus auf diesem Gerät.",
  pushUnsupported: "Dieser Browser kann keine Push-Benachrichtigungen empfangen.",
  pushDenied:
    "Benachrichtigungen sind für diese Seite blockiert: erlaube sie in den Website-Einstellungen des Browsers und komm zurück.",
  pushNotConfigured: "Push-Benachrichtigungen sind auf diesem Server noch nicht eingerichtet.",
  pushRefused: "Der Server hat den Push-Dienst dieses Browsers abgelehnt",
  pushFailed: "Der Browser konnte Push nicht einschalten",
  pushTest: "Test senden",
  pushTestSent: "Gesendet: er sollte gleich auf diesem Gerät erscheinen.",
  pushTestFailed: (error: string) => `Der Push-Dienst hat ihn nicht angenommen: ${error}`,
  // The API's refusals of a webhook, explained
  errNotConfigured:
    "Benachrichtigungen sind auf diesem Server noch nicht eingerichtet: Die Administration muss WEBHOOK_KEY setzen.",
  errBadUrl:
    "An diese Adresse können keine Benachrichtigungen gehen. Füge die https://-Adresse eines Webhooks ein (Discord: Kanaleinstellungen → Integrationen → Webhooks; Slack: ein Incoming Webhook).",
  errBadKind:
    "Dieses Format passt nicht zu der Adresse: Ein Discord- oder Slack-Webhook nimmt nur sein eigenes. Wähle „an der Adresse erkennen“.",
  errTooMany: "Hier gibt es schon 5 Webhooks: Lösche zuerst einen.",
  errNotOwner:
    "Nur wer diesen Webhook hinzugefügt hat oder wer das Spiel erstellt hat, kann ihn ändern, ausschalten oder entfernen.",
  save: "Speichern",
  saved: "Gespeichert.",
};

export default de;
