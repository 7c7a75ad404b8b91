import type { NotifyMessages } from "./en";
import { plurals } from "../../i18n/plural";

const p = plurals("fr");

const fr: NotifyMessages = {
  gameHooksTitle: "Salons de cette partie",
  gameHooksHelp:
    "Chaque notification de cette partie va à ces webhooks (le salon Discord ou Slack d’un groupe, ou tout serveur qui accepte du JSON signé). Tous les joueurs les voient avec leur journal d’envoi ; seul le joueur qui en a ajouté un, ou le créateur de la partie, peut le modifier ou le supprimer.",
  myHooksTitle: "Vos webhooks",
  myHooksHelp:
    "Ce qui vous concerne dans toutes vos parties arrive ici : votre tour, les rappels, les dépassements de temps, les parties qui commencent et finissent, les joueurs qui arrivent ou abandonnent.",
  noHooks: "Aucun webhook pour l’instant.",
  count: (n, max) => `${n} sur ${max}`,
  kindNames: { discord: "Discord", slack: "Slack", json: "JSON signé" },
  on: "actif",
  off: "arrêté",
  offByPlayer: "Arrêté par un joueur.",
  offAfter: (answer) =>
    `Arrêté : il a répondu ${answer} à chaque fois (l’adresse n’existe sans doute plus). Vérifiez-la, puis réactivez-le.`,
  offNoAnswer: "Arrêté : il ne répondait plus.",
  offRefused:
    "Arrêté : son adresse n’est pas sur l’internet public, rien n’y est envoyé. Indiquez une adresse publique, puis réactivez-le.",
  addedBy: (name) =>
    `Ajouté par ${name} : seuls cette personne et le créateur de la partie peuvent le modifier, l’arrêter ou le supprimer.`,
  allEvents: "toutes les notifications",
  someEvents: (names) => `seulement : ${names}`,
  lastAnswer: (status, when) => `dernière réponse HTTP ${status}, ${when}`,
  lastNoAnswer: (when) => `pas de réponse la dernière fois, ${when}`,
  neverUsed: "rien envoyé pour l’instant",
  sendTest: "Envoyer un test",
  testing: "Envoi…",
  switchOff: "Arrêter",
  switchOn: "Réactiver",
  rotateSecret: "Nouveau secret",
  rotateConfirm: "Créer un nouveau secret de signature ? L’actuel cesse aussitôt de fonctionner.",
  remove: "Supprimer",
  removeConfirm: (name) => `Supprimer le webhook « ${name} » ? Plus rien ne lui sera envoyé.`,
  testDelivered: (status, ms) => `Test livré : HTTP ${status ?? "?"} en ${ms} ms.`,
  testFailed: (status, ms) =>
    status === null
      ? `Test non livré : pas de réponse (après ${ms} ms).`
      : `Test non livré : HTTP ${status} en ${ms} ms.`,
  secretTitle: "Secret de signature",
  secretHelp:
    "Affiché cette seule fois : copiez-le maintenant dans le serveur qui reçoit. Il vérifie l’en-tête webhook-signature (Standard Webhooks).",
  secretDone: "Je l’ai copié",
  addTitle: "Ajouter un webhook",
  urlLabel: "Adresse du webhook (URL)",
  urlHelp:
    "Discord : paramètres du salon → Intégrations → Webhooks → Copier l’URL du webhook. Slack : un webhook entrant. Toute autre adresse reçoit du JSON signé.",
  detected: (kind) => `Reconnu : ${kind}`,
  kindLabel: "Format",
  kindAuto: "D’après l’adresse",
  labelLabel: "Nom (facultatif)",
  labelPlaceholder: "#photosynthesis",
  eventsLabel: "Envoyer",
  eventsNone: "Choisissez au moins une notification.",
  add: "Ajouter le webhook",
  adding: "Ajout…",
  added: "Webhook ajouté.",
  limitReached: (max) => `C’est le maximum (${max}) : supprimez-en un pour en ajouter un autre.`,
  eventNames: {
    "game.started": "partie commencée",
    "turn.started": "à vous de jouer",
    "turn.reminder": "rappels avant l’échéance",
    "turn.timeout": "temps écoulé",
    "player.joined": "joueur arrivé",
    "player.left": "joueur parti",
    "player.resigned": "joueur ayant abandonné",
    "player.away": "joueur absent ou de retour",
    "game.ended": "fin de partie, avec les scores",
    "game.rematch": "un joueur propose de rejouer",
    "message.written": "messages à la table",
    "webhook.disabled": "webhook arrêté",
    "webhook.test": "test",
  },
  deliveriesTitle: "Journal des envois",
  deliveriesHelp:
    "Chaque notification envoyée par cette partie, de la plus récente à la plus ancienne, avec chaque tentative. Les échecs sont retentés d’eux-mêmes pendant un moment ; Renvoyer en renvoie une tout de suite.",
  noDeliveries: "Rien envoyé pour l’instant.",
  refresh: "Actualiser",
  older: "Plus anciens",
  to: (target) => `à ${target}`,
  someonesOwn: "le webhook personnel d’un joueur",
  states: { pending: "en attente", delivered: "livré", failed: "échec", dropped: "abandonné" },
  attempts: (n) => (n === 0 ? "pas encore tenté" : p(n, "# tentative", "# tentatives")),
  attemptLine: (n, status, ms, outcome) =>
    `n° ${n} : ${status === null ? "pas de réponse" : `HTTP ${status}`}, ${ms} ms, ${outcome}`,
  connectFailed: "connexion à l’adresse impossible (aucune réponse)",
  outcomes: {
    delivered: "livré",
    retry: "sera retenté",
    rate_limited: "trop de requêtes, en attente",
    gone: "adresse disparue",
    rejected: "refusé",
  },
  nextAttempt: (when) => `prochaine tentative ${when}`,
  resend: "Renvoyer",
  resent: "En file : il sera renvoyé dans un instant.",
  discordTitle: "Mentions Discord",
  discordLabel: "Votre identifiant d’utilisateur Discord",
  discordHelp:
    "Avec lui, les notifications sur Discord vous mentionnent quand c’est votre tour. Discord : Paramètres → Avancés → Mode développeur, puis clic droit sur votre nom → Copier l’identifiant. Vous seul le voyez.",
  discordInvalid: "Un identifiant Discord est un nombre de 15 à 21 chiffres.",
  pushTitle: "Notifications push sur cet appareil",
  pushHelp:
    "Votre tour, les rappels et les résultats s’affichent sur cet appareil même quand Canopy est fermé ; toucher une notification ouvre la partie. Sur iPhone et iPad, ajoutez d’abord Canopy à l’écran d’accueil (Partager → Sur l’écran d’accueil).",
  pushOn: "Activer",
  pushOff: "Désactiver",
  pushIsOn: "Activées : cet appareil reçoit vos notifications.",
  pushIsOff: "Désactivées sur cet appareil.",
  pushUnsupported: "Ce navigateur ne peut pas recevoir de notifications push.",
  pushDenied:
    "Les notifications sont bloquées pour ce site : autorisez-les dans les réglages du site du navigateur, puis revenez.",
  pushNotConfigured: "Les notifications push ne sont pas encore configurées sur ce serveur.",
  pushRefused: "Le serveur a refusé le service push de ce navigateur",
  pushFailed: "Le navigateur n’a pas pu activer les notifications push",
  pushTest: "Envoyer un test",
  pushTestSent: "Envoyé : il devrait s’afficher sur cet appareil dans un instant.",
  pushTestFailed: (error: string) => `Le service push ne l’a pas accepté : ${error}`,
  // The API's refusals of a webhook, explained
  errNotConfigured:
    "Les notifications ne sont pas encore configurées sur ce serveur : son administrateur doit définir WEBHOOK_KEY.",
  errBadUrl:
    "Cette adresse ne peut pas recevoir de notifications. Collez l’adresse https:// d’un webhook (Discord : paramètres du salon → Intégrations → Webhooks ; Slack : un webhook entrant).",
  errBadKind:
    "Ce format ne convient pas à cette adresse : un webhook Discord ou Slack n’accepte que le sien. Choisissez « d’après l’adresse ».",
  errTooMany: "Il y a déjà 5 webhooks ici : supprimez-en un d’abord.",
  errNotOwner:
    "Seuls le joueur qui a ajouté ce webhook et le créateur de la partie peuvent le modifier, l’arrêter ou le supprimer.",
  save: "Enregistrer",
  saved: "Enregistré.",
};

export default fr;
