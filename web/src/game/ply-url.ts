/**
 * The history position in the page's address, `/g/<id>?ply=N`, so a moment of a game can be
 * shared: the page opens on it (its link preview shows it too, src/embed/routes.ts), and stepping
 * through the history keeps the address in step (replaceState: Back still leaves the game).
 */
export function plyFromUrl(search: string = location.search): number | null {
  const raw = new URLSearchParams(search).get("ply");
  return raw !== null && /^\d{1,6}$/.test(raw) ? Number(raw) : null;
}

export function setUrlPly(n: number | null): void {
  const url = new URL(location.href);
  if (n === null) url.searchParams.delete("ply");
  else url.searchParams.set("ply", String(n));
  history.replaceState(history.state, "", url);
}
