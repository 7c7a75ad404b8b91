/**
 * Moving between the client's pages without reloading: the shell (app.tsx) listens for popstate and
 * the pages link through here, so no page imports the shell that imports it.
 */
import type { ComponentChildren } from "preact";

export function navigate(path: string): void {
  history.pushState(null, "", path);
  dispatchEvent(new PopStateEvent("popstate"));
  window.scrollTo(0, 0);
}

/** A link that stays in the page. */
export function Link(p: { href: string; class?: string; children: ComponentChildren }) {
  return (
    <a
      href={p.href}
      class={p.class}
      onClick={(e) => {
        if (e.ctrlKey || e.metaKey || e.shiftKey || e.button !== 0) return;
        e.preventDefault();
        navigate(p.href);
      }}
    >
      {p.children}
    </a>
  );
}
