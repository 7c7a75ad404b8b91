import type { NotifyMessages } from "./en";
import { plurals } from "../../i18n/plural";

const p = plurals("nl");

const nl: NotifyMessages = {
  gameHooksTitle: "Kanalen van dit spel",
  gameHooksHelp:
    "Elke melding van dit spel gaat naar deze webhooks (het Discord- of Slack-kanaal van een groep, of elke server die ondertekende JSON aanneemt). Alle spelers zien ze en hun afleverlog; alleen wie er een toevoegde, of wie het spel aanmaakte, kan hem wijzigen of verwijderen.",
  myHooksTitle: "Je webhooks",
  myHooksHelp:
    "Wat jou aangaat in al je spellen komt hier: je beurt, herinneringen, tijdsoverschrijdingen, spellen die beginnen en eindigen, spelers die meedoen of opgeven.",
  noHooks: "Nog geen webhooks.",
  count: (n, max) => `${n} van ${max}`,
  kindNames: { discord: "Discord", slack: "Slack", json: "Ondertekende JSON" },
  on: "aan",
  off: "uit",
  offByPlayer: "Uitgezet door een speler.",
  offAfter: (answer) =>
    `Uitgezet: hij antwoordde steeds ${answer} (het adres bestaat waarschijnlijk niet meer). Controleer het en zet hem weer aan.`,
  offNoAnswer: "Uitgezet: hij antwoordde steeds niet.",
  offRefused:
    "Uitgezet: het adres ligt niet op het openbare internet, dus er wordt niets naartoe gestuurd. Geef een openbaar adres op en zet hem weer aan.",
  addedBy: (name) =>
    `Toegevoegd door ${name}: alleen die speler, of wie het spel maakte, kan hem wijzigen, uitzetten of verwijderen.`,
  allEvents: "alle meldingen",
  someEvents: (names) => `alleen: ${names}`,
  lastAnswer: (status, when) => `laatste antwoord HTTP ${status}, ${when}`,
  lastNoAnswer: (when) => `de laatste keer geen antwoord, ${when}`,
  neverUsed: "nog niets verstuurd",
  sendTest: "Test versturen",
  testing: "Versturen…",
  switchOff: "Uitzetten",
  switchOn: "Aanzetten",
  rotateSecret: "Nieuw geheim",
  rotateConfirm: "Een nieuw ondertekeningsgeheim maken? Het huidige werkt dan meteen niet meer.",
  remove: "Verwijderen",
  removeConfirm: (name) => `De webhook „${name}” verwijderen? Er wordt niets meer naartoe gestuurd.`,
  testDelivered: (status, ms) => `Test afgeleverd: HTTP ${status ?? "?"} in ${ms} ms.`,
  testFailed: (status, ms) =>
    status === null
      ? `Test niet afgeleverd: geen antwoord (na ${ms} ms).`
      : `Test niet afgeleverd: HTTP ${status} in ${ms} ms.`,
  secretTitle: "Ondertekeningsgeheim",
  secretHelp:
    "Alleen nu te zien: kopieer het meteen naar de ontvangende server. Daarmee controleert die de header webhook-signature (Standard Webhooks).",
  secretDone: "Ik heb het gekopieerd",
  addTitle: "Webhook toevoegen",
  urlLabel: "Adres van de webhook (URL)",
  urlHelp:
    "Discord: kanaalinstellingen → Integraties → Webhooks → Webhook-URL kopiëren. Slack: een incoming webhook. Al het andere krijgt ondertekende JSON.",
  detected: (kind) => `Herkend: ${kind}`,
  kindLabel: "Formaat",
  kindAuto: "Herkennen aan het adres",
  labelLabel: "Naam (niet verplicht)",
  labelPlaceholder: "#photosynthesis",
  eventsLabel: "Versturen",
  eventsNone: "Kies minstens één melding.",
  add: "Webhook toevoegen",
  adding: "Toevoegen…",
  added: "Webhook toegevoegd.",
  limitReached: (max) => `Meer dan ${max} kan niet: verwijder er een om een andere toe te voegen.`,
  eventNames: {
    "game.started": "spel begonnen",
    "turn.started": "aan de beurt",
    "turn.reminder": "herinneringen voor de deadline",
    "turn.timeout": "tijd op",
    "player.joined": "speler doet mee",
    "player.left": "speler vertrokken",
    "player.resigned": "speler geeft op",
    "player.away": "speler weg of terug",
    "game.ended": "spel afgelopen, met de scores",
    "game.rematch": "iemand wil nog een keer spelen",
    "message.written": "berichten aan tafel",
    "webhook.disabled": "webhook uitgezet",
    "webhook.test": "test",
  },
  deliveriesTitle: "Verzendlog",
  deliveriesHelp:
    "Elke melding die dit spel verstuurde, nieuwste eerst, met elke poging. Mislukte worden een tijd lang vanzelf opnieuw geprobeerd; Opnieuw versturen stuurt er nu een opnieuw.",
  noDeliveries: "Nog niets verstuurd.",
  refresh: "Vernieuwen",
  older: "Ouder",
  to: (target) => `naar ${target}`,
  someonesOwn: "de eigen webhook van een speler",
  states: { pending: "wacht", delivered: "afgeleverd", failed: "mislukt", dropped: "vervallen" },
  attempts: (n) => (n === 0 ? "nog niet geprobeerd" : p(n, "# poging", "# pogingen")),
  attemptLine: (n, status, ms, outcome) =>
    `#${n}: ${status === null ? "geen antwoord" : `HTTP ${status}`}, ${ms} ms, ${outcome}`,
  connectFailed: "kon geen verbinding maken met het adres (geen antwoord)",
  outcomes: {
    delivered: "afgeleverd",
    retry: "wordt opnieuw geprobeerd",
    rate_limited: "te vaak, wacht",
    gone: "adres bestaat niet meer",
    rejected: "geweigerd",
  },
  nextAttempt: (when) => `volgende poging ${when}`,
  resend: "Opnieuw versturen",
  resent: "In de wachtrij: hij wordt zo opnieuw verstuurd.",
  discordTitle: "Discord-pings",
  discordLabel: "Je Discord-gebruikers-ID",
  discordHelp:
    "Daarmee noemen meldingen op Discord je bij naam als je aan de beurt bent. Discord: Instellingen → Geavanceerd → Ontwikkelaarsmodus, dan rechtsklikken op je naam → Gebruikers-ID kopiëren. Alleen jij ziet het.",
  discordInvalid: "Een Discord-gebruikers-ID is een getal van 15 tot 21 cijfers.",
  pushTitle: "Pushmeldingen op dit apparaat",
  pushHelp:
    "Je beurt, herinneringen en uitslagen verschijnen op dit apparaat, ook als Canopy dicht is; tik erop om het spel te openen. Op iPhone en iPad voeg je Canopy eerst toe aan het beginscherm (Deel → Zet op beginscherm).",
  pushOn: "Aanzetten",
  pushOff: "Uitzetten",
  pushIsOn: "Aan: dit apparaat krijgt je meldingen.",
  pushIsOff: "Uit op dit apparaat.",
  pushUnsupported: "Deze browser kan geen pushmeldingen ontvangen.",
  pushDenied:
    "Meldingen zijn geblokkeerd voor deze site: sta ze toe in de site-instellingen van de browser en kom terug.",
  pushNotConfigured: "Pushmeldingen zijn op deze server nog niet ingesteld.",
  pushRefused: "De server weigerde de pushdienst van deze browser",
  pushFailed: "De browser kon pushmeldingen niet aanzetten",
  pushTest: "Test sturen",
  pushTestSent: "Verstuurd: hij verschijnt zo op dit apparaat.",
  pushTestFailed: (error: string) => `De pushdienst nam hem niet aan: ${error}`,
  // The API's refusals of a webhook, explained
  errNotConfigured: "Meldingen zijn op deze server nog niet ingesteld: de beheerder moet WEBHOOK_KEY instellen.",
  errBadUrl:
    "Op dat adres kunnen geen meldingen binnenkomen. Plak het https://-adres van een webhook (Discord: kanaalinstellingen → Integraties → Webhooks; Slack: een incoming webhook).",
  errBadKind:
    "Dat soort past niet bij dit adres: een Discord- of Slack-webhook werkt alleen met zijn eigen soort. Kies „herkennen aan het adres”.",
  errTooMany: "Er zijn hier al 5 webhooks: verwijder er eerst een.",
  errNotOwner:
    "Alleen de speler die deze webhook toevoegde, of wie het spel maakte, kan hem wijzigen, uitzetten of verwijderen.",
  save: "Opslaan",
  saved: "Opgeslagen.",
};

export default nl;
