/** A read-only field with a Copy button (and Share where the browser offers it): invite links, keys, secrets. */
import { useState } from "preact/hooks";
import { t } from "../i18n";

export function CopyField(p: { value: string; label: string; share?: boolean }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(p.value);
    } catch {
      const el = document.createElement("textarea");
      el.value = p.value;
      document.body.appendChild(el);
      el.select();
      document.execCommand("copy");
      el.remove();
    }
    setCopied(true);
    setTimeout(() => setCopied(false), 2000);
  };
  return (
    <div class="copy-field row">
      <input
        readOnly
        value={p.value}
        aria-label={p.label}
        class="grow"
        onFocus={(e) => (e.target as HTMLInputElement).select()}
      />
      <button type="button" onClick={copy}>
        {copied ? t.copied : t.copy}
      </button>
      {p.share && typeof navigator !== "undefined" && "share" in navigator && (
        <button type="button" onClick={() => navigator.share({ url: p.value, title: "Canopy" }).catch(() => {})}>
          {t.share}
        </button>
      )}
      <span class="sr-only" aria-live="polite">
        {copied ? t.copied : ""}
      </span>
    </div>
  );
}
