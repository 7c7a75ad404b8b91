/** Player boards, available areas, light, tokens. */
import { LIGHT_CAP, LIGHT_PER_POINT } from "../../../../src/engine/reading";
import { pieceIcon, SEAT_STYLES } from "../../../../src/render/base";
import { t } from "../../i18n";
import { Link } from "../../nav";
import type { PlayerPanel } from "../model";
import { whenText } from "../../text";
import { Glyph } from "../../ui/icons";

export function Icon(p: { seat: number; size: number; px?: number }) {
  return (
    <span class="icon" aria-hidden="true" dangerouslySetInnerHTML={{ __html: pieceIcon(p.seat, p.size, p.px ?? 22) }} />
  );
}

export function PlayerCard({ p, lang }: { p: PlayerPanel; lang: string }) {
  const style = SEAT_STYLES[p.seat];
  return (
    <article
      class={`player${p.toAct ? " to-act" : ""}${p.isYou ? " me" : ""}`}
      style={{ "--seat": style.color }}
      aria-label={p.name}
    >
      <PlayerHeader p={p} lang={lang} />
      <div class="light" title={t.lightOf(p.light, LIGHT_CAP)}>
        <span class="label">{t.lightPoints}</span>
        <meter min={0} max={LIGHT_CAP} value={p.light} aria-label={t.lightOf(p.light, LIGHT_CAP)} />
        <strong class="light-value">{p.light} ☀</strong>
        {p.nextLight !== null && <span class="muted next-light">{t.nextLight(p.nextLight)}</span>}
      </div>
      <div class="pboard">
        <span class="label">{t.playerBoard}</span>
        <ul class="columns">
          {p.board.map((c, size) => (
            <li
              key={c.piece}
              aria-label={`${t.piece[size]}: ${c.count}/${c.slots}, ${c.price === null ? t.columnEmpty : t.nextPrice(c.price)}`}
            >
              <Icon seat={p.seat} size={size} px={20} />
              <span class="slots" aria-hidden="true">
                {c.costs.map((s, i) => (
                  <span class={s.filled ? "slot full" : "slot"} key={i}>
                    {s.cost}
                  </span>
                ))}
              </span>
              <span class="price" aria-hidden="true">
                {c.price === null ? "—" : `${c.price}☀`}
              </span>
            </li>
          ))}
        </ul>
      </div>
      <div class="avail">
        <span class="label">{t.availableArea}</span>
        <ul
          class="available"
          aria-label={`${t.availableArea}: ${p.available.map((n, s) => t.pieceCount(s, n)).join(", ")}`}
        >
          {p.available.map((n, size) => (
            <li key={size} class={n === 0 ? "none" : ""} aria-hidden="true">
              <Icon seat={p.seat} size={size} px={20} />×{n}
            </li>
          ))}
        </ul>
      </div>
      <div class="score-line">
        <span>
          <span class="label">{t.tokens}</span>{" "}
          {p.tokens.length
            ? p.tokens.map((tk, i) => (
                <span class={`token l${tk.leaves}`} key={i} title={t.stackLeaves(tk.leaves)}>
                  {tk.value}
                </span>
              ))
            : "—"}
        </span>
        <span title={t.scoreHelp}>
          <span class="label">{t.score}</span> <strong>{p.score}</strong>
        </span>
      </div>
      <p class="muted score-how">
        {t.scoreSum(p.tokenPoints, p.light, p.lightScore, LIGHT_PER_POINT)}
        {p.score > p.tokenPoints + p.lightScore && ` ${t.scoreMore(p.score - p.tokenPoints - p.lightScore)}`}
      </p>
    </article>
  );
}

/** A player's name, and badges: you, first player, to act, resigned, away, late, rank. */
function PlayerHeader({ p, lang }: { p: PlayerPanel; lang: string }) {
  return (
    <header>
      <Icon seat={p.seat} size={2} px={26} />
      <h3>
        {p.playerId ? <Link href={`/p/${p.playerId}`}>{p.name}</Link> : p.name}
        {p.isYou && <span class="badge">{t.you}</span>}
      </h3>
      {p.firstPlayer && (
        <span class="badge first" title={t.firstPlayer}>
          ① {t.firstPlayer}
        </span>
      )}
      {p.toAct && <span class="badge act">{t.toAct}</span>}
      {p.resigned && <span class="badge out">{t.resigned}</span>}
      {p.awayUntil && (
        <span class="badge away" title={new Date(p.awayUntil).toLocaleString(lang)}>
          <Glyph name="pause" /> {t.awayBadge(whenText(p.awayUntil, lang))}
        </span>
      )}
      {p.timeouts > 0 && !p.resigned && (
        <span class="badge late" title={t.timeoutsLong(p.timeouts)}>
          <Glyph name="clock" /> {t.timeoutsBadge(p.timeouts, p.maxTimeouts)}
        </span>
      )}
      {p.rank !== null && <span class={`badge rank${p.winner ? " win" : ""}`}>{t.rank(p.rank)}</span>}
    </header>
  );
}
