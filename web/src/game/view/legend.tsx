/**
 * The board's legend: what the board's marks mean, each seat's seed and trees, and the keys. It sits
 * in a closed <details> under the board, so it comes with the game page's later chunk (its texts in
 * the later parts' dictionaries), not in the first paint's 40 KB; its styles (styles/moments.css)
 * come when it is first opened.
 */
import { t } from "../../i18n";
import { seatLabel } from "../../text";
import { Icon } from "./players";

export function BoardLegend(p: { names: string[] }) {
  return (
    <ul>
      <li>
        <i class="sw shade" /> {t.legendShadow}
      </li>
      <li>
        <i class="sw next" /> {t.legendNext}
      </li>
      <li>
        <i class="sw pip" /> {t.legendLit}
      </li>
      <li>
        <i class="sw target" /> {t.legendTarget}
      </li>
      <li>
        <i class="sw rings" /> {t.legendRings}
      </li>
      {p.names.map((_, s) => (
        <li key={s}>
          {[0, 1, 2, 3].map((size) => (
            <Icon seat={s} size={size} px={16} key={size} />
          ))}{" "}
          {seatLabel(p.names, s)}
        </li>
      ))}
      <li class="muted">{t.keyboardHelp}</li>
    </ul>
  );
}
