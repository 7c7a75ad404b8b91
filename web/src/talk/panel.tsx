/**
 * Table talk on the game page (issue 16): the seated players' messages beside the log, a box to
 * write one, a writer's delete, and mutes. A chunk of its own (the game page's budget): the page
 * mounts it for a seated player only, when the game's talk holds something for them or a message
 * comes, else when they press its button (web/src/game/ctrl.ts `talk`). New messages and deletions come on the page's live
 * socket (web/src/game/live.ts hands them over as "canopy-talk" window events), and so does the
 * list itself: the socket greets a seated player with it each time it (re)opens, so nothing missed
 * while it was closed stays missing (read over HTTP only when there is no socket to greet it).
 * Text is shown as text (Preact escapes it): a message can never be markup.
 */
import { useEffect, useRef, useState } from "preact/hooks";
import type { SeatView } from "../../../src/contract/views";
import type { MessageCheck } from "../../../src/contract/talk-check";
import {
  MESSAGE_MAX,
  type MessageView,
  TALK_ON_OPEN,
  type TalkList,
  type TalkSocketMessage,
} from "../../../src/contract/talk";
import { ApiError, auth, request } from "../api";
import { errorText } from "../errors";
import { lang, listOf, t } from "../i18n";
import { loadTalkText, type TalkMessages, useTalkText } from "./i18n";

interface Props {
  gameId: string;
  /** The reader's seat. */
  seat: number;
  seats: SeatView[];
  /**
   * Whether the focus goes to the box when it shows: asked for with the page's button (the talk held
   * nothing), or the button had the focus when a message came (read as the box first shows).
   */
  focus?: () => boolean;
}

/**
 * What the box does (./act.ts: the check before sending, the server's own, and the requests that
 * write): a chunk loaded when the box is first used (its focus) or a message is sent, deleted or a
 * seat muted, not with the messages (docs/web.md "Weights"). A failed load is tried again on the next use.
 */
type Act = typeof import("./act");
let act: Promise<Act> | undefined;
const loadAct = () =>
  (act ??= import("./act").catch((e: unknown) => {
    act = undefined;
    throw e;
  }));

const byN = (list: MessageView[]) => [...new Map(list.map((m) => [m.n, m])).values()].sort((a, b) => a.n - b.n);

/** A seat's player's name, or its number when the seat is empty. */
const nameOf = (seats: SeatView[], seat: number) => seats[seat]?.player?.name ?? `#${seat + 1}`;

/** A game's talk (and your mutes), over HTTP: what a page reads when no socket greets it with the list. */
const listTalk = (id: string) =>
  request("get", "/api/games/{id}/messages", {
    params: { path: { id }, query: { limit: TALK_ON_OPEN } },
    headers: auth(),
  });

/**
 * Table talk's state and actions: the messages (read again whenever the page's socket opens,
 * then kept by what it hands over), the seats the reader muted, the message being written.
 */
function useTalk(p: Props, s: TalkMessages) {
  const [messages, setMessages] = useState<MessageView[]>([]);
  const [muted, setMuted] = useState<number[]>([]);
  const [text, setText] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  /** The requests that write, once their chunk has come (it throws when it cannot be loaded). */
  const writes = async () => (await loadAct()).talkWrites(p.gameId);

  const load = async () => {
    try {
      const r = await listTalk(p.gameId);
      setMessages(r.messages);
      setMuted(r.muted);
    } catch (e) {
      setError(errorText(e));
    }
  };

  useEffect(() => {
    const on = (e: Event) => {
      const m = (e as CustomEvent<TalkSocketMessage | { type: "talk.open"; list: TalkList | null }>).detail;
      if (m.type === "talk") setMessages((l) => byN([...l, m.message]));
      else if (m.type === "talk.deleted") setMessages((l) => l.filter((x) => x.n !== m.n));
      else if (m.type === "talk.open" && m.list) {
        setMessages(m.list.messages);
        setMuted(m.list.muted);
      } else if (m.type === "talk.open") void load();
    };
    addEventListener("canopy-talk", on);
    // The page's socket (web/src/game/live.ts) answers with talk.open: the list it was greeted
    // with, now or once it is; without one (no socket), the panel reads it over HTTP.
    dispatchEvent(new CustomEvent("canopy-talk-hello"));
    return () => removeEventListener("canopy-talk", on);
  }, [p.gameId]);

  const send = async (e?: Event) => {
    e?.preventDefault();
    let checked: MessageCheck;
    let api: ReturnType<Act["talkWrites"]>;
    try {
      const a = await loadAct();
      checked = a.checkMessage(text, MESSAGE_MAX);
      api = a.talkWrites(p.gameId);
    } catch (err) {
      setError(errorText(err));
      return;
    }
    if (!checked.ok) {
      setError(checked.code === "MESSAGE_EMPTY" ? s.errEmpty : s.errTooLong(MESSAGE_MAX));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const r = await api.send(text);
      setMessages((l) => byN([...l, r.message]));
      setText("");
    } catch (err) {
      setError(err instanceof ApiError && err.code === "RATE_LIMITED" ? s.errTooFast : errorText(err));
    } finally {
      setBusy(false);
    }
  };

  const remove = async (n: number) => {
    try {
      await (await writes()).remove(n);
      setMessages((l) => l.filter((x) => x.n !== n));
    } catch (err) {
      setError(errorText(err));
    }
  };

  const mute = async (seat: number, on: boolean) => {
    try {
      const r = await (await writes()).mute(seat, on);
      setMuted(r.muted);
      await load();
    } catch (err) {
      setError(errorText(err));
    }
  };
  return { messages, muted, text, setText, busy, error, send, remove, mute };
}

type Talk = ReturnType<typeof useTalk>;

/** The panel's texts in `lang` (game/view/lazy.tsx waits for them before it first shows the panel). */
export const ready = loadTalkText;

export function TalkPanel(p: Props) {
  const s = useTalkText(lang);
  const talk = useTalk(p, s);
  const name = (seat: number) => nameOf(p.seats, seat);
  const others = p.seats.filter((x) => x.seat !== p.seat && x.player && !x.bot);
  return (
    <section class="card talk" aria-labelledby="talk-h">
      <h2 id="talk-h">{t.talkTitle}</h2>
      <p class="muted">{s.help}</p>
      <TalkLog s={s} talk={talk} seat={p.seat} name={name} />
      {talk.messages.length === 0 && <p class="muted">{s.empty}</p>}
      {talk.muted.length > 0 && <p class="muted">{s.mutedNote(listOf(talk.muted.map(name)))}</p>}
      <TalkBox s={s} talk={talk} focus={p.focus} />
      {talk.error && (
        <p class="error" role="alert">
          {talk.error}
        </p>
      )}
      {others.length > 0 && (
        <details>
          <summary>{s.mutesTitle}</summary>
          {others.map((x) => {
            const on = talk.muted.includes(x.seat);
            return (
              <p key={x.seat}>
                <button type="button" aria-pressed={on} onClick={() => void talk.mute(x.seat, !on)}>
                  {on ? s.unmute(name(x.seat)) : s.mute(name(x.seat))}
                </button>
              </p>
            );
          })}
        </details>
      )}
    </section>
  );
}

/** The messages, oldest first, the newest kept in view; the reader's own with a delete button. */
function TalkLog(p: { s: TalkMessages; talk: Talk; seat: number; name: (seat: number) => string }) {
  const { s, name } = p;
  const list = useRef<HTMLDivElement>(null);
  const messages = p.talk.messages;
  // Keep the newest message in view.
  useEffect(() => {
    const el = list.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [messages.length]);
  return (
    <div
      ref={list}
      role="log"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling log must be reachable by keyboard (axe: scrollable-region-focusable)
      tabIndex={0}
      aria-labelledby="talk-h"
      style={{ maxHeight: "18rem", overflowY: "auto", margin: "0.5rem 0" }}
    >
      <ol class="talk-list" style={{ listStyle: "none", padding: 0, margin: 0 }}>
        {messages.map((m) => (
          <li key={m.n} data-n={m.n} style={{ margin: "0.25rem 0", overflowWrap: "anywhere" }}>
            <strong>{m.seat === p.seat ? `${name(m.seat)} (${s.you})` : name(m.seat)}</strong>{" "}
            <time class="muted" dateTime={m.at}>
              {new Date(m.at).toLocaleTimeString(lang, { hour: "2-digit", minute: "2-digit" })}
            </time>
            {m.seat === p.seat && (
              <button
                type="button"
                class="link"
                aria-label={s.delete(m.n)}
                title={s.delete(m.n)}
                onClick={() => void p.talk.remove(m.n)}
              >
                ×
              </button>
            )}
            <div class="talk-text" style={{ whiteSpace: "pre-wrap" }}>
              {m.text}
            </div>
          </li>
        ))}
      </ol>
    </div>
  );
}

/** The message being written: Enter sends (Shift+Enter a new line), with its length against the most allowed. */
function TalkBox({ s, talk, focus }: { s: TalkMessages; talk: Talk; focus?: () => boolean }) {
  const length = [...talk.text.trim()].length;
  const box = useRef<HTMLTextAreaElement>(null);
  // Opened with the page's button (or it had the focus): the player came to write.
  useEffect(() => {
    if (focus?.()) box.current?.focus();
  }, []);
  return (
    <form onSubmit={(e) => void talk.send(e)}>
      <label for="talk-input">{s.label}</label>
      <textarea
        id="talk-input"
        ref={box}
        rows={2}
        value={talk.text}
        maxLength={MESSAGE_MAX * 2}
        aria-describedby="talk-count"
        style={{ width: "100%", boxSizing: "border-box" }}
        onFocus={() => void loadAct().catch(() => undefined)}
        onInput={(e) => talk.setText((e.target as HTMLTextAreaElement).value)}
        onKeyDown={(e) => {
          if (e.key === "Enter" && !e.shiftKey && !e.isComposing) void talk.send(e);
        }}
      />
      <p>
        <span id="talk-count" class={length > MESSAGE_MAX ? "error" : "muted"}>
          {s.count(length, MESSAGE_MAX)}
        </span>{" "}
        <button type="submit" disabled={talk.busy}>
          {talk.busy ? s.sending : s.send}
        </button>
      </p>
    </form>
  );
}
