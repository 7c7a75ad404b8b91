/**
 * Every animal's abilities entered in the table (./index.ts): what the full expansion plays with
 * (MOONLIGHT, ../full.ts). The web page enters only those it needs, each animal's file a chunk of
 * its own (web/src/moon/ui.tsx `enterAnimal`).
 */
import { abilities as badger } from "./badger";
import { abilities as beaver } from "./beaver";
import { abilities as boar } from "./boar";
import { abilities as fox } from "./fox";
import { abilities as hedgehog } from "./hedgehog";
import { registerAbilities } from "./index";
import { abilities as owl } from "./owl";
import { abilities as squirrel } from "./squirrel";
import { abilities as turtle } from "./turtle";

registerAbilities([...boar, ...hedgehog, ...squirrel, ...fox, ...owl, ...badger, ...beaver, ...turtle]);
