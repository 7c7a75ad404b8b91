/**
 * The notifications box of a game's page (../ui/notify-box.tsx, among the later parts' shared
 * modules: scripts/build-web.mjs's LATER), a chunk of its own for a seated player's page: the game
 * page's chunk (with ./more.tsx), which a spectator loads too, then takes none of those modules.
 */
export { NotifyBox } from "../ui/notify-box";
