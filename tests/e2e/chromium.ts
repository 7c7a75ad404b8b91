/**
 * Debian's chromium with the flags that work on these machines (the browser tests' one Chromium,
 * launched by ./workers.setup.ts). playwright-core gives every launch a fresh temporary
 * --user-data-dir (it refuses the flag in `args`).
 */
export const CHROMIUM = {
  executablePath: "/usr/bin/chromium",
  args: [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ],
};
