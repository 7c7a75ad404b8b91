/**
 * What only a seated player's game page shows, in one chunk: the notifications box
 * (../ui/notify-box.tsx, among the later parts' shared modules: scripts/build-web.mjs's LATER) and
 * table talk (../talk/panel.tsx). The page shows both at once; one chunk weighs less than two
 * (docs/web.md "Weights"). The game page's chunk, which a spectator loads too, takes none of them.
 */
export { NotifyBox } from "../ui/notify-box";
export { TalkPanel, ready as talkReady } from "../talk/panel";
