/**
 * A component whose code is a chunk loaded when it is first shown, so the game page's first paint
 * does not wait for it (issue 10: the page's weight). Written here rather than taken from
 * preact/compat (`lazy` + `Suspense`), which would bring all of compat into the page for ten lines.
 * Until the chunk has arrived it shows `placeholder` (nothing by default); a failed load says so,
 * with a button to try again.
 */
import type { ComponentChildren, ComponentType } from "preact";
import { useEffect, useState } from "preact/hooks";
import { t } from "../i18n";

export function lazy<P extends object>(
  load: () => Promise<ComponentType<P>>,
  placeholder: () => ComponentChildren = () => null,
): ComponentType<P> & { preload(): Promise<unknown> } {
  let loaded: ComponentType<P> | null = null;
  let loading: Promise<ComponentType<P>> | null = null;
  /** Loads the chunk now (a failure is left for the component to show): it then renders at once. */
  const preload = () => {
    loading ??= load().then(
      (c) => (loaded = c),
      (e) => {
        loading = null;
        throw e;
      },
    );
    return loading.catch(() => {});
  };
  return Object.assign(
    function Lazy(props: P) {
      const [, rerender] = useState(0);
      const [failed, setFailed] = useState(false);
      useEffect(() => {
        if (loaded || failed) return;
        let live = true;
        void preload();
        loading!.then(
          () => live && rerender((n) => n + 1),
          () => live && setFailed(true),
        );
        return () => {
          live = false;
        };
      }, [failed]);
      const C = loaded;
      if (C) return <C {...props} />;
      if (failed)
        return (
          <p class="error" role="alert">
            {t.loadFailed}{" "}
            <button type="button" onClick={() => setFailed(false)}>
              {t.retry}
            </button>
          </p>
        );
      return <>{placeholder()}</>;
    },
    { preload },
  );
}
