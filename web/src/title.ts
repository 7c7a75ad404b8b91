/**
 * The tab's title: the page's own, after the count of games waiting for you ("(2) Canopy"), and the
 * same count on the installed app's badge (navigator.setAppBadge). The
 * count comes from turns.ts, loaded after the page (it is not needed to show a game); the game
 * page tells it here what its socket saw, so a turn played there counts at once.
 */
let base = "Canopy";
let count = 0;

function show(): void {
  document.title = count ? `(${count}) ${base}` : base;
}

/** The page's own title. */
export function setTitle(title: string): void {
  base = title;
  show();
}

export function setTitleCount(n: number): void {
  count = n;
  show();
  // The installed app's badge says the same count (where the browser has one; nothing otherwise).
  const nav = navigator as Navigator & { setAppBadge?(n?: number): Promise<void>; clearAppBadge?(): Promise<void> };
  void (n ? nav.setAppBadge?.(n) : nav.clearAppBadge?.())?.catch(() => {});
}

/** Turns the game page saw since the last poll: game id → whether it is yours. */
export const seen = new Map<string, boolean>();
let onSeen = () => {};
export function whenSeen(f: () => void): void {
  onSeen = f;
}

/** The game page saw whether it is your turn in game `id` (its socket is fresher than the poll). */
export function saw(id: string, mine: boolean): void {
  if (seen.get(id) === mine) return;
  seen.set(id, mine);
  onSeen();
}
