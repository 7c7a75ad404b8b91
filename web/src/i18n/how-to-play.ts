/**
 * The "How to play" page's texts in the five languages, written from the project's rules reference
 * (docs/rules.md; the section each part condenses is named beside it). They come with the page's own
 * chunk, loaded on demand, never with a game page.
 */
import type { AnimalName } from "../../../src/engine";
import type { Lang } from "./index";
import { plurals } from "./plural";

const p = { en: plurals("en"), nl: plurals("nl"), fr: plurals("fr"), de: plurals("de") };

export interface HowToPlaySection {
  title: string;
  /** Paragraphs. */
  body: readonly string[];
}

export interface HowToPlayMessages {
  title: string;
  intro: string;
  contents: string;
  /** The two players of the pictures (the orange circles and the blue triangles). */
  names: readonly [string, string];
  /** §2 */
  sun: HowToPlaySection;
  shadowPicture: string;
  /** §2, §3 */
  light: HowToPlaySection;
  /** §4, §5: a turn, one action per cell. */
  turn: HowToPlaySection;
  /** §3, §5 */
  buy: HowToPlaySection;
  /** §5 */
  plant: HowToPlaySection;
  plantPicture: string;
  /** §5 */
  grow: HowToPlaySection;
  /** The sizes picture: "seed, 1 light point to a small tree, …". */
  growPicture: string;
  /** §3, §5, §6 */
  collect: HowToPlaySection;
  /** §8 */
  moonlight: HowToPlaySection;
  moonPicture: string;
  /** The Moonlight picture's pieces, as their accessible names say them. */
  moonWords: {
    halfMoon: string;
    fullMoon: string;
    moonAt: (phase: string, a: string, b: string) => string;
    markerAt: (phase: string, a: string, b: string) => string;
    animalOf: (animal: string, who: string, points: number) => string;
    animals: Record<AnimalName, string>;
    greatTree: string;
    stone: string;
    glowingStone: string;
    nest: string;
  };
  /** Back to the start page. */
  back: string;
}

const en: HowToPlayMessages = {
  title: "How to play",
  intro:
    "Photosynthesis is played by 2 to 4 players on a board of 37 hexagonal cells. In 18 rounds (24 in a long game) the sun goes three times around the board. Your trees collect its light; with light you buy, plant and grow, and you score by collecting your large trees.",
  contents: "On this page",
  names: ["Orange", "Blue"],
  sun: {
    title: "The sun and shadows",
    body: [
      "The sun stands at one of the board's six corners. It stays there in round 1 and moves one corner clockwise at the start of every later round.",
      "Each tree casts a shadow away from the sun: a small tree over 1 cell, a medium tree over 2, a large tree over 3. Seeds cast none.",
      "A tree in the shadow of a tree at least as tall collects no light. Your own trees shade you too; pieces in between do not stop a shadow.",
    ],
  },
  shadowPicture:
    "The sun in the east: shadows fall to the west. The large tree on d7 shades d6, d5 and d4, so the medium tree in the centre collects nothing. The medium tree on e5 is only under a small tree's shadow, so it collects 2. Each dot is one light point.",
  light: {
    title: "Light points",
    body: [
      "At the start of every round, after the sun moves, each tree in the light collects light points: a small tree 1, a medium tree 2, a large tree 3. Seeds never do.",
      "Light points pay for everything you do. You can hold at most 20; more are lost.",
    ],
  },
  turn: {
    title: "Your turn",
    body: [
      "First each player places two small trees on empty edge cells, one at a time, for free.",
      "Then, round after round, each player in turn takes as many actions as they can pay for, and ends the turn. Each cell can be used only once in your turn: a tree cannot grow and then plant, and a seed planted this turn cannot grow yet.",
    ],
  },
  buy: {
    title: "Buying",
    body: [
      "Your pieces wait on your player board; you can only use those in your available area. Buying moves the cheapest piece of a column from the board to the available area, at the price shown: seeds 1–2, small trees 2–3, medium trees 3–4, large trees 4–5 light points.",
      "You start with 2 seeds, 4 small trees and 1 medium tree available.",
    ],
  },
  plant: {
    title: "Planting",
    body: [
      "For 1 light point, put an available seed on an empty cell within reach of one of your trees: 1 cell from a small tree, 2 from a medium tree, 3 from a large tree. Pieces in between do not block.",
    ],
  },
  plantPicture:
    "A medium tree plants up to 2 cells away: the marked empty cells. The blue tree next to it does not block; cells with a piece cannot take a seed.",
  grow: {
    title: "Growing",
    body: [
      "Growing replaces your piece with the next size from your available area: a seed becomes a small tree for 1 light point, a small tree a medium one for 2, a medium tree a large one for 3.",
      "The piece taken off goes back to your player board, or out of the game if its column is full.",
    ],
  },
  growPicture: "A seed grows into a small tree (1 light point), then a medium tree (2), then a large tree (3).",
  collect: {
    title: "Collecting and scoring",
    body: [
      "For 4 light points, take one of your large trees off the board and take the top scoring token of its cell's soil: 4 leaves in the centre, then 3, 2 and 1 towards the edge. The richer the soil, the more points. If that stack is empty, take from the next poorer one.",
      "After the last round you score your tokens plus 1 point for every 3 light points left. The most points wins; on a tie, the one with more seeds and trees on the board.",
    ],
  },
  moonlight: {
    title: "Under the Moonlight",
    body: [
      "The expansion adds a moon that moves around the board's edge every round, half or full, and lights two straight paths across the board.",
      "Each player is dealt two animals, keeps one and places it on a 3-leaf cell. An animal on a lit path gains moon points each round: 1 under a half moon, 2 under a full moon (at most 14). Each moon point left at the end is worth 1 point.",
      "In your turn your animal may move once to a neighbouring cell and use its abilities, which bend the usual rules; the game shows each animal's abilities and their costs.",
      "Optional: the Great Tree, which belongs to nobody, stops the moonlight and shades every cell behind it to the edge; moonstones glow when lit and light the cells around them.",
    ],
  },
  moonPicture:
    "The full moon below the board lights two paths. The blue beaver on d2 stands in moonlight and gains 2 moon points; the orange turtle on g1 is in the dark. The Great Tree stands in the centre, and the glowing moonstone on f4 lights the cells around it.",
  moonWords: {
    halfMoon: "half moon",
    fullMoon: "full moon",
    moonAt: (phase, a, b) => `The ${phase} between ${a} and ${b}`,
    markerAt: (phase, a, b) => `Phase marker: next round ${phase} between ${a} and ${b}`,
    animalOf: (animal, who, points) => `${animal} of ${who}, ${points} moon ${p.en(points, "point", "points")}`,
    animals: {
      boar: "Boar",
      hedgehog: "Hedgehog",
      squirrel: "Squirrel",
      fox: "Fox",
      owl: "Owl",
      badger: "Badger",
      beaver: "Beaver",
      turtle: "Turtle",
    },
    greatTree: "The Great Tree",
    stone: "Moonstone",
    glowingStone: "Moonstone, glowing",
    nest: "Baby turtle, face down",
  },
  back: "Back to the start page",
};

export const HOW_TO_PLAY: Record<Lang, HowToPlayMessages> = {
  en,
  de: {
    title: "Spielanleitung",
    intro:
      "Photosynthese spielen 2 bis 4 Personen auf einem Spielplan aus 37 Sechseckfeldern. In 18 Runden (24 im langen Spiel) wandert die Sonne dreimal um den Plan. Deine Bäume sammeln ihr Licht; mit dem Licht kaufst, pflanzt und lässt du wachsen, und Punkte bekommst du, indem du deine großen Bäume sammelst.",
    contents: "Auf dieser Seite",
    names: ["Orange", "Blau"],
    sun: {
      title: "Sonne und Schatten",
      body: [
        "Die Sonne steht an einer der sechs Ecken des Spielplans. In Runde 1 bleibt sie dort, zu Beginn jeder weiteren Runde wandert sie eine Ecke im Uhrzeigersinn weiter.",
        "Jeder Baum wirft einen Schatten von der Sonne weg: ein kleiner Baum auf 1 Feld, ein mittlerer auf 2, ein großer auf 3. Samen werfen keinen.",
        "Ein Baum im Schatten eines mindestens gleich hohen Baums sammelt kein Licht. Auch deine eigenen Bäume beschatten dich; Teile dazwischen halten einen Schatten nicht auf.",
      ],
    },
    shadowPicture:
      "Die Sonne im Osten: Die Schatten fallen nach Westen. Der große Baum auf d7 beschattet d6, d5 und d4, darum sammelt der mittlere Baum in der Mitte nichts. Der mittlere Baum auf e5 liegt nur im Schatten eines kleinen Baums und sammelt 2. Jeder Punkt ist ein Sonnenpunkt.",
    light: {
      title: "Sonnenpunkte",
      body: [
        "Zu Beginn jeder Runde, nachdem die Sonne weitergewandert ist, sammelt jeder Baum im Licht Sonnenpunkte: ein kleiner Baum 1, ein mittlerer 2, ein großer 3. Samen nie.",
        "Mit Sonnenpunkten bezahlst du alles, was du tust. Du kannst höchstens 20 haben; was darüber hinausgeht, verfällt.",
      ],
    },
    turn: {
      title: "Dein Zug",
      body: [
        "Zuerst setzt jede Person abwechselnd zwei kleine Bäume kostenlos auf freie Randfelder.",
        "Danach macht in jeder Runde jede Person der Reihe nach so viele Aktionen, wie sie bezahlen kann, und beendet ihren Zug. Jedes Feld darf in deinem Zug nur einmal genutzt werden: Ein Baum kann nicht wachsen und dann pflanzen, und ein gerade gepflanzter Samen kann noch nicht wachsen.",
      ],
    },
    buy: {
      title: "Kaufen",
      body: [
        "Deine Teile warten auf deinem Tableau; nutzen kannst du nur die im Bereich „Pflanzbereit“. Beim Kaufen kommt das günstigste Teil einer Spalte vom Tableau dorthin, zum angezeigten Preis: Samen 1–2, kleine Bäume 2–3, mittlere 3–4, große 4–5 Sonnenpunkte.",
        "Zu Beginn sind 2 Samen, 4 kleine und 1 mittlerer Baum pflanzbereit.",
      ],
    },
    plant: {
      title: "Pflanzen",
      body: [
        "Für 1 Sonnenpunkt legst du einen pflanzbereiten Samen auf ein freies Feld in Reichweite eines deiner Bäume: 1 Feld von einem kleinen Baum, 2 von einem mittleren, 3 von einem großen. Teile dazwischen stören nicht.",
      ],
    },
    plantPicture:
      "Ein mittlerer Baum pflanzt bis zu 2 Felder weit: auf die markierten freien Felder. Der blaue Baum daneben stört nicht; auf besetzte Felder kommt kein Samen.",
    grow: {
      title: "Wachsen lassen",
      body: [
        "Beim Wachsen ersetzt du dein Teil durch die nächste Größe aus deinem pflanzbereiten Vorrat: ein Samen wird für 1 Sonnenpunkt ein kleiner Baum, ein kleiner für 2 ein mittlerer, ein mittlerer für 3 ein großer.",
        "Das ersetzte Teil kommt zurück auf dein Tableau, oder aus dem Spiel, wenn seine Spalte voll ist.",
      ],
    },
    growPicture: "Ein Samen wächst zum kleinen Baum (1 Sonnenpunkt), dann zum mittleren (2), dann zum großen Baum (3).",
    collect: {
      title: "Sammeln und Wertung",
      body: [
        "Für 4 Sonnenpunkte nimmst du einen deiner großen Bäume vom Plan und bekommst den obersten Punktechip für den Boden seines Felds: 4 Blätter in der Mitte, dann 3, 2 und 1 zum Rand hin. Je reicher der Boden, desto mehr Punkte. Ist der Stapel leer, nimmst du vom nächstärmeren.",
        "Nach der letzten Runde zählen deine Punktechips plus 1 Punkt je 3 übrige Sonnenpunkte. Die meisten Punkte gewinnen; bei Gleichstand gewinnt, wer mehr Samen und Bäume auf dem Plan hat.",
      ],
    },
    moonlight: {
      title: "Unter dem Mondlicht",
      body: [
        "Die Erweiterung bringt einen Mond, der jede Runde am Rand des Plans weiterzieht, als Halb- oder Vollmond, und zwei gerade Pfade über den Plan beleuchtet.",
        "Jede Person bekommt zwei Tiere, behält eins und setzt es auf ein Feld mit 3 Blättern. Ein Tier auf einem beleuchteten Pfad bekommt jede Runde Mondpunkte: 1 bei Halbmond, 2 bei Vollmond (höchstens 14). Jeder übrige Mondpunkt zählt am Ende 1 Punkt.",
        "In deinem Zug darf dein Tier einmal auf ein Nachbarfeld ziehen und seine Fähigkeiten nutzen, die die üblichen Regeln ändern; das Spiel zeigt die Fähigkeiten jedes Tiers und ihre Kosten.",
        "Wahlweise: Der Große Baum gehört niemandem, hält das Mondlicht auf und beschattet jedes Feld hinter ihm bis zum Rand; Mondsteine leuchten, wenn sie beleuchtet sind, und erhellen die Felder um sie herum.",
      ],
    },
    moonPicture:
      "Der Vollmond unter dem Plan beleuchtet zwei Pfade. Der blaue Biber auf d2 steht im Mondlicht und bekommt 2 Mondpunkte; die orange Schildkröte auf g1 steht im Dunkeln. Der Große Baum steht in der Mitte, und der leuchtende Mondstein auf f4 erhellt die Felder um ihn herum.",
    moonWords: {
      halfMoon: "Halbmond",
      fullMoon: "Vollmond",
      moonAt: (phase, a, b) => `${phase} zwischen ${a} und ${b}`,
      markerAt: (phase, a, b) => `Phasenanzeiger: nächste Runde ${phase} zwischen ${a} und ${b}`,
      animalOf: (animal, who, points) => `${animal} von ${who}, ${points} ${p.de(points, "Mondpunkt", "Mondpunkte")}`,
      animals: {
        boar: "Wildschwein",
        hedgehog: "Igel",
        squirrel: "Eichhörnchen",
        fox: "Fuchs",
        owl: "Eule",
        badger: "Dachs",
        beaver: "Biber",
        turtle: "Schildkröte",
      },
      greatTree: "Der Große Baum",
      stone: "Mondstein",
      glowingStone: "Mondstein, leuchtend",
      nest: "Schildkrötenbaby, verdeckt",
    },
    back: "Zurück zur Startseite",
  },
  fr: {
    title: "Comment jouer",
    intro:
      "Photosynthesis se joue de 2 à 4 joueurs sur un plateau de 37 cases hexagonales. En 18 manches (24 en partie longue), le soleil fait trois fois le tour du plateau. Vos arbres captent sa lumière ; avec elle, vous achetez, plantez et faites grandir, et vous marquez des points en collectant vos grands arbres.",
    contents: "Sur cette page",
    names: ["Orange", "Bleu"],
    sun: {
      title: "Le soleil et les ombres",
      body: [
        "Le soleil se tient à l'un des six coins du plateau. Il y reste pendant la manche 1, puis avance d'un coin dans le sens des aiguilles d'une montre au début de chaque manche suivante.",
        "Chaque arbre projette une ombre à l'opposé du soleil : un petit arbre sur 1 case, un moyen sur 2, un grand sur 3. Les graines n'en projettent pas.",
        "Un arbre dans l'ombre d'un arbre au moins aussi grand ne capte pas de lumière. Vos propres arbres vous font de l'ombre aussi ; les pièces entre les deux n'arrêtent pas une ombre.",
      ],
    },
    shadowPicture:
      "Le soleil à l'est : les ombres tombent vers l'ouest. Le grand arbre en d7 fait de l'ombre sur d6, d5 et d4, donc l'arbre moyen du centre ne capte rien. L'arbre moyen en e5 n'est que dans l'ombre d'un petit arbre : il capte 2. Chaque pastille est un point de lumière.",
    light: {
      title: "Points de lumière",
      body: [
        "Au début de chaque manche, après le déplacement du soleil, chaque arbre au soleil capte des points de lumière : un petit arbre 1, un moyen 2, un grand 3. Les graines jamais.",
        "Les points de lumière paient tout ce que vous faites. Vous en gardez 20 au plus ; le reste est perdu.",
      ],
    },
    turn: {
      title: "Votre tour",
      body: [
        "D'abord, chacun à son tour pose gratuitement deux petits arbres sur des cases libres du bord, un à la fois.",
        "Ensuite, à chaque manche, chaque joueur à son tour fait autant d'actions qu'il peut en payer, puis termine son tour. Chaque case ne sert qu'une fois par tour : un arbre ne peut pas grandir puis planter, et une graine plantée ce tour-ci ne peut pas encore grandir.",
      ],
    },
    buy: {
      title: "Acheter",
      body: [
        "Vos pièces attendent sur votre plateau individuel ; vous n'utilisez que celles de votre zone « Disponibles ». Acheter y fait passer la pièce la moins chère d'une colonne, au prix indiqué : graines 1–2, petits arbres 2–3, moyens 3–4, grands 4–5 points de lumière.",
        "Au départ, 2 graines, 4 petits arbres et 1 arbre moyen sont disponibles.",
      ],
    },
    plant: {
      title: "Planter",
      body: [
        "Pour 1 point de lumière, posez une graine disponible sur une case vide à portée d'un de vos arbres : 1 case d'un petit arbre, 2 d'un moyen, 3 d'un grand. Les pièces entre les deux ne gênent pas.",
      ],
    },
    plantPicture:
      "Un arbre moyen plante jusqu'à 2 cases plus loin : sur les cases vides marquées. L'arbre bleu à côté ne gêne pas ; une case occupée ne reçoit pas de graine.",
    grow: {
      title: "Faire grandir",
      body: [
        "Faire grandir remplace votre pièce par la taille suivante prise dans votre zone « Disponibles » : une graine devient un petit arbre pour 1 point de lumière, un petit arbre un moyen pour 2, un moyen un grand pour 3.",
        "La pièce retirée retourne sur votre plateau individuel, ou quitte la partie si sa colonne est pleine.",
      ],
    },
    growPicture: "Une graine devient un petit arbre (1 point de lumière), puis un arbre moyen (2), puis un grand (3).",
    collect: {
      title: "Collecter et compter les points",
      body: [
        "Pour 4 points de lumière, retirez un de vos grands arbres du plateau et prenez le jeton du dessus pour le sol de sa case : 4 feuilles au centre, puis 3, 2 et 1 vers le bord. Plus le sol est riche, plus il rapporte. Si cette pile est vide, prenez dans la pile suivante, plus pauvre.",
        "Après la dernière manche, vous marquez vos jetons plus 1 point par 3 points de lumière restants. Le plus de points gagne ; en cas d'égalité, celui qui a le plus de graines et d'arbres sur le plateau.",
      ],
    },
    moonlight: {
      title: "Sous le clair de lune",
      body: [
        "L'extension ajoute une lune qui avance chaque manche le long du bord du plateau, demi-lune ou pleine lune, et éclaire deux chemins droits à travers le plateau.",
        "Chacun reçoit deux animaux, en garde un et le pose sur une case à 3 feuilles. Un animal sur un chemin éclairé gagne des points de lune à chaque manche : 1 sous une demi-lune, 2 sous une pleine lune (14 au plus). Chaque point de lune restant vaut 1 point à la fin.",
        "Pendant votre tour, votre animal peut se déplacer une fois sur une case voisine et utiliser ses capacités, qui changent les règles habituelles ; le jeu montre les capacités de chaque animal et leur coût.",
        "En option : le Grand Arbre n'appartient à personne, arrête le clair de lune et fait de l'ombre sur chaque case derrière lui jusqu'au bord ; les pierres de lune brillent quand elles sont éclairées et éclairent les cases autour d'elles.",
      ],
    },
    moonPicture:
      "La pleine lune sous le plateau éclaire deux chemins. Le castor bleu en d2 est au clair de lune et gagne 2 points de lune ; la tortue orange en g1 est dans le noir. Le Grand Arbre se dresse au centre, et la pierre de lune brillante en f4 éclaire les cases autour d'elle.",
    moonWords: {
      halfMoon: "demi-lune",
      fullMoon: "pleine lune",
      moonAt: (phase, a, b) => `La ${phase} entre ${a} et ${b}`,
      markerAt: (phase, a, b) => `Marqueur de phase : manche suivante, ${phase} entre ${a} et ${b}`,
      animalOf: (animal, who, points) => `${animal} de ${who}, ${points} ${p.fr(points, "point", "points")} de lune`,
      animals: {
        boar: "Sanglier",
        hedgehog: "Hérisson",
        squirrel: "Écureuil",
        fox: "Renard",
        owl: "Chouette",
        badger: "Blaireau",
        beaver: "Castor",
        turtle: "Tortue",
      },
      greatTree: "Le Grand Arbre",
      stone: "Pierre de lune",
      glowingStone: "Pierre de lune, brillante",
      nest: "Bébé tortue, face cachée",
    },
    back: "Retour à l'accueil",
  },
  nl: {
    title: "Spelregels",
    intro:
      "Photosynthesis speel je met 2 tot 4 spelers op een bord van 37 zeshoekige velden. In 18 rondes (24 in een lang spel) draait de zon drie keer rond het bord. Je bomen vangen haar licht; met licht koop, plant en laat je groeien, en punten krijg je door je grote bomen te oogsten.",
    contents: "Op deze pagina",
    names: ["Oranje", "Blauw"],
    sun: {
      title: "De zon en schaduwen",
      body: [
        "De zon staat op een van de zes hoeken van het bord. In ronde 1 blijft ze staan, aan het begin van elke volgende ronde schuift ze een hoek met de klok mee op.",
        "Elke boom werpt een schaduw van de zon af: een kleine boom op 1 veld, een middelgrote op 2, een grote op 3. Zaden werpen er geen.",
        "Een boom in de schaduw van een minstens even hoge boom vangt geen licht. Ook je eigen bomen geven je schaduw; stukken ertussen houden een schaduw niet tegen.",
      ],
    },
    shadowPicture:
      "De zon in het oosten: de schaduwen vallen naar het westen. De grote boom op d7 geeft schaduw op d6, d5 en d4, dus de middelgrote boom in het midden vangt niets. De middelgrote boom op e5 staat alleen in de schaduw van een kleine boom en vangt 2. Elke stip is een lichtpunt.",
    light: {
      title: "Lichtpunten",
      body: [
        "Aan het begin van elke ronde, nadat de zon is opgeschoven, vangt elke boom in het licht lichtpunten: een kleine boom 1, een middelgrote 2, een grote 3. Zaden nooit.",
        "Met lichtpunten betaal je alles wat je doet. Je kunt er hoogstens 20 hebben; de rest gaat verloren.",
      ],
    },
    turn: {
      title: "Jouw beurt",
      body: [
        "Eerst zet iedereen om de beurt gratis twee kleine bomen op lege randvelden, een per keer.",
        "Daarna doet in elke ronde elke speler op zijn beurt zoveel acties als hij kan betalen en beëindigt zijn beurt. Elk veld mag maar één keer per beurt gebruikt worden: een boom kan niet groeien en dan planten, en een zaad dat je deze beurt plantte kan nog niet groeien.",
      ],
    },
    buy: {
      title: "Aankopen",
      body: [
        "Je stukken wachten op je spelersbord; je gebruikt alleen die in je beschikbare voorraad. Bij aankopen gaat het goedkoopste stuk van een kolom daarheen, voor de getoonde prijs: zaden 1–2, kleine bomen 2–3, middelgrote 3–4, grote 4–5 lichtpunten.",
        "Je begint met 2 zaden, 4 kleine bomen en 1 middelgrote boom beschikbaar.",
      ],
    },
    plant: {
      title: "Planten",
      body: [
        "Voor 1 lichtpunt leg je een beschikbaar zaad op een leeg veld binnen bereik van een van je bomen: 1 veld van een kleine boom, 2 van een middelgrote, 3 van een grote. Stukken ertussen zitten niet in de weg.",
      ],
    },
    plantPicture:
      "Een middelgrote boom plant tot 2 velden ver: op de gemarkeerde lege velden. De blauwe boom ernaast zit niet in de weg; op een bezet veld kan geen zaad.",
    grow: {
      title: "Laten groeien",
      body: [
        "Bij groeien vervang je je stuk door de volgende maat uit je beschikbare voorraad: een zaad wordt voor 1 lichtpunt een kleine boom, een kleine boom voor 2 een middelgrote, een middelgrote voor 3 een grote.",
        "Het vervangen stuk gaat terug naar je spelersbord, of uit het spel als die kolom vol is.",
      ],
    },
    growPicture:
      "Een zaad groeit uit tot een kleine boom (1 lichtpunt), dan een middelgrote (2), dan een grote boom (3).",
    collect: {
      title: "Oogsten en punten",
      body: [
        "Voor 4 lichtpunten haal je een van je grote bomen van het bord en neem je de bovenste scorefiche voor de grond van zijn veld: 4 bladeren in het midden, dan 3, 2 en 1 naar de rand. Hoe rijker de grond, hoe meer punten. Is die stapel leeg, dan neem je van de volgende, armere stapel.",
        "Na de laatste ronde tellen je fiches plus 1 punt per 3 overgebleven lichtpunten. De meeste punten winnen; bij gelijkspel wint wie meer zaden en bomen op het bord heeft.",
      ],
    },
    moonlight: {
      title: "Onder het maanlicht",
      body: [
        "De uitbreiding voegt een maan toe die elke ronde langs de rand van het bord verder trekt, als halve of volle maan, en twee rechte paden over het bord verlicht.",
        "Elke speler krijgt twee dieren, houdt er een en zet het op een veld met 3 bladeren. Een dier op een verlicht pad krijgt elke ronde maanpunten: 1 bij halve maan, 2 bij volle maan (hoogstens 14). Elk overgebleven maanpunt is aan het eind 1 punt waard.",
        "In je beurt mag je dier één keer naar een aangrenzend veld en zijn vaardigheden gebruiken, die de gewone regels veranderen; het spel toont de vaardigheden van elk dier en wat ze kosten.",
        "Naar keuze: de Grote Boom is van niemand, houdt het maanlicht tegen en geeft schaduw op elk veld erachter tot aan de rand; maanstenen gloeien als ze verlicht zijn en verlichten de velden eromheen.",
      ],
    },
    moonPicture:
      "De volle maan onder het bord verlicht twee paden. De blauwe bever op d2 staat in het maanlicht en krijgt 2 maanpunten; de oranje schildpad op g1 staat in het donker. De Grote Boom staat in het midden, en de gloeiende maansteen op f4 verlicht de velden eromheen.",
    moonWords: {
      halfMoon: "halve maan",
      fullMoon: "volle maan",
      moonAt: (phase, a, b) => `De ${phase} tussen ${a} en ${b}`,
      markerAt: (phase, a, b) => `Fasemarker: volgende ronde ${phase} tussen ${a} en ${b}`,
      animalOf: (animal, who, points) => `${animal} van ${who}, ${points} ${p.nl(points, "maanpunt", "maanpunten")}`,
      animals: {
        boar: "Everzwijn",
        hedgehog: "Egel",
        squirrel: "Eekhoorn",
        fox: "Vos",
        owl: "Uil",
        badger: "Das",
        beaver: "Bever",
        turtle: "Schildpad",
      },
      greatTree: "De Grote Boom",
      stone: "Maansteen",
      glowingStone: "Maansteen, gloeiend",
      nest: "Schildpadbaby, gesloten",
    },
    back: "Terug naar de startpagina",
  },
  ja: {
    title: "遊び方",
    intro:
      "フォトシンセシスは 2〜4 人で、37 マスの六角形の盤で遊びます。18 ラウンド（長いゲームでは 24）で太陽が盤のまわりを 3 周します。あなたの木が光を集め、その光で買いつけ・種まき・成長を行い、大きな木を収穫して点数を得ます。",
    contents: "このページの内容",
    names: ["オレンジ", "青"],
    sun: {
      title: "太陽と影",
      body: [
        "太陽は盤の 6 つの角のどれかにあります。ラウンド 1 ではそのまま、以後のラウンドの始めごとに時計回りに角 1 つぶん進みます。",
        "木は太陽と反対の方向に影を落とします。小さい木は 1 マス、中くらいの木は 2 マス、大きい木は 3 マス。種は影を落としません。",
        "同じ高さ以上の木の影に入った木は光を集められません。自分の木の影も同じです。あいだにある駒は影をさえぎりません。",
      ],
    },
    shadowPicture:
      "太陽は東、影は西に落ちます。d7 の大きい木が d6・d5・d4 に影を落とすので、中央の中くらいの木は何も集めません。e5 の中くらいの木は小さい木の影にあるだけなので 2 を集めます。点 1 つが光点 1 です。",
    light: {
      title: "光点",
      body: [
        "毎ラウンドの始め、太陽が進んだあと、日の当たる木が光点を集めます。小さい木は 1、中くらいの木は 2、大きい木は 3。種は集めません。",
        "光点ですべての行動の支払いをします。持てるのは 20 までで、超えた分は失われます。",
      ],
    },
    turn: {
      title: "手番",
      body: [
        "まず各プレイヤーが順番に、小さい木を 2 本、1 本ずつ、空いている外周のマスに無料で置きます。",
        "その後は毎ラウンド、各プレイヤーが順番に、払えるだけ行動をして手番を終えます。1 つのマスは 1 手番に 1 回しか使えません。成長させた木で種まきはできず、この手番にまいた種はまだ成長させられません。",
      ],
    },
    buy: {
      title: "買いつけ",
      body: [
        "駒はプレイヤーボードで待っていて、使えるのは「利用できる駒」のものだけです。買いつけると、列のいちばん安い駒が表示の値段でそこへ移ります。種 1〜2、小さい木 2〜3、中くらいの木 3〜4、大きい木 4〜5 光点です。",
        "はじめは種 2 つ、小さい木 4 本、中くらいの木 1 本が使えます。",
      ],
    },
    plant: {
      title: "種まき",
      body: [
        "光点 1 で、使える種を自分の木の届く範囲の空きマスに置きます。小さい木から 1 マス、中くらいの木から 2 マス、大きい木から 3 マス。あいだの駒はじゃまになりません。",
      ],
    },
    plantPicture:
      "中くらいの木は 2 マス先まで種をまけます（印のある空きマス）。となりの青い木はじゃまになりません。駒のあるマスには種をまけません。",
    grow: {
      title: "成長",
      body: [
        "成長させると、駒を「利用できる駒」から次の大きさのものと取り替えます。種は光点 1 で小さい木に、小さい木は 2 で中くらいの木に、中くらいの木は 3 で大きい木になります。",
        "取り除いた駒はプレイヤーボードに戻ります。その列が満杯ならゲームから除かれます。",
      ],
    },
    growPicture: "種は小さい木（光点 1）、中くらいの木（2）、大きい木（3）へと育ちます。",
    collect: {
      title: "収穫と得点",
      body: [
        "光点 4 で、自分の大きい木を盤から取り除き、そのマスの土に応じた得点トークンの山のいちばん上を取ります。中央は葉 4 枚、外へ向かって 3・2・1 枚。豊かな土ほど高得点です。山が空なら、次に貧しい山から取ります。",
        "最終ラウンドのあと、得点トークンの合計に、残った光点 3 につき 1 点を足します。最も点の多い人の勝ち。同点なら盤上の種と木が多い人の勝ちです。",
      ],
    },
    moonlight: {
      title: "月明かりの下で",
      body: [
        "拡張では、月が毎ラウンド盤の外周を進み（半月または満月）、盤を横切るまっすぐな 2 本の道を照らします。",
        "各プレイヤーは動物を 2 枚配られて 1 枚を残し、葉 3 枚のマスに置きます。照らされた道にいる動物は毎ラウンド月ポイントを得ます。半月で 1、満月で 2（最大 14）。残った月ポイントは最後に 1 点になります。",
        "手番に動物は 1 回となりのマスへ動き、能力を使えます。能力はふつうのルールを変えます。各動物の能力とその費用はゲーム画面に表示されます。",
        "オプション：大樹はだれのものでもなく、月光をさえぎり、その後ろのマスに盤の端まで影を落とします。月の石は照らされると光り、まわりのマスを照らします。",
      ],
    },
    moonPicture:
      "盤の下の満月が 2 本の道を照らしています。d2 の青いビーバーは月光の中にいて月ポイント 2 を得ます。g1 のオレンジのカメは暗がりにいます。中央に大樹があり、f4 の光る月の石がまわりのマスを照らしています。",
    moonWords: {
      halfMoon: "半月",
      fullMoon: "満月",
      moonAt: (phase, a, b) => `${a} と ${b} のあいだの${phase}`,
      markerAt: (phase, a, b) => `月齢マーカー：次のラウンドは ${a} と ${b} のあいだに${phase}`,
      animalOf: (animal, who, points) => `${who}の${animal}、月ポイント ${points}`,
      animals: {
        boar: "イノシシ",
        hedgehog: "ハリネズミ",
        squirrel: "リス",
        fox: "キツネ",
        owl: "フクロウ",
        badger: "アナグマ",
        beaver: "ビーバー",
        turtle: "カメ",
      },
      greatTree: "大樹",
      stone: "月の石",
      glowingStone: "光る月の石",
      nest: "伏せたカメの赤ちゃん",
    },
    back: "スタートページへ戻る",
  },
};
