/**
 * Small icons drawn as shapes, in the text's colour: never emoji, which show as empty boxes where no
 * emoji font is installed (tests/web/no-emoji.test.ts keeps them out of the client).
 */
const PATHS = {
  bell: "M8 1.5a1 1 0 0 1 1 1v.6a4.5 4.5 0 0 1 3.5 4.4v2.8l1.3 1.7a.6.6 0 0 1-.5 1H2.7a.6.6 0 0 1-.5-1l1.3-1.7V7.5A4.5 4.5 0 0 1 7 3.1v-.6a1 1 0 0 1 1-1ZM6.3 14h3.4a1.7 1.7 0 0 1-3.4 0Z",
  bulb: "M8 1a4.6 4.6 0 0 1 2.8 8.2c-.5.4-.8.9-.8 1.5v.3H6v-.3c0-.6-.3-1.1-.8-1.5A4.6 4.6 0 0 1 8 1Zm-2 11h4v1.3H6Zm.5 2h3a1.5 1.5 0 0 1-3 0Z",
  pause: "M4 2.5h2.6v11H4Zm5.4 0H12v11H9.4Z",
  clock:
    "M8 1.5a6.5 6.5 0 1 1 0 13 6.5 6.5 0 0 1 0-13Zm0 1.6a4.9 4.9 0 1 0 0 9.8 4.9 4.9 0 0 0 0-9.8ZM7.2 4.5h1.6v3.2l2.3 1.4-.8 1.4-3.1-1.9Z",
} as const;

export function Glyph({ name }: { name: keyof typeof PATHS }) {
  return (
    <svg
      class="glyph"
      viewBox="0 0 16 16"
      width="1em"
      height="1em"
      aria-hidden="true"
      focusable="false"
      fill="currentColor"
    >
      <path d={PATHS[name]} fill-rule="evenodd" />
    </svg>
  );
}
