/** The fox's abilities (the engine's), a chunk of their own: ../ui.tsx `enterAnimal` enters them. */
export { abilities } from "../../../../src/engine/moonlight/abilities/fox";
