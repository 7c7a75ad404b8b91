/** The card that says this device was signed out (with the parts below the first paint: ../more.tsx). */
import { t } from "../../i18n";
import { Link } from "../../nav";
import type { GameCtrl } from "../ctrl";
/**
 * This device was signed out of its profile from another device (the controller's `signedOut`):
 * said at once, in place of your turn, with signing in again right there (back to this game after).
 */
export function SignedOut({ c }: { c: GameCtrl }) {
  const who = c.signedOut;
  // (Remembered from before a reload: said on that profile's games only.)
  if (!who || !c.view?.seats.some((s) => s.player?.id === who.id)) return null;
  return (
    <section class="card signed-out" role="alert">
      <p>{t.signedOut(who.name)}</p>
      <Link href={`/pair?next=${encodeURIComponent(`/g/${c.id}`)}`} class="button">
        {t.signInAgain}
      </Link>
    </section>
  );
}
