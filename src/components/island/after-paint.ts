// Starts a page's scripts once its server-rendered HTML has had its first frame: the modules they
// import (React DOM among them) are then requested after the first paint starts instead of
// competing with the stylesheet and the HTML for it. Measured with Lighthouse (bench/RESULTS.md):
// the lesson page's LCP went from ~2.0 s to ~1.3 s. Waiting for the paint-timing entry instead
// (it comes when the frame is shown) gave the same LCP, and headless Chromium reports none, so
// islands waited for a fallback timer. The HTML is complete without these scripts; controls that
// need one stay disabled until it runs, and tests wait for an island's `data-ssr` to go.

/** Runs `start` after the next frame (at once in a hidden tab, which runs no frames). */
export function afterFirstPaint(start: () => unknown): void {
  if (document.visibilityState === 'hidden') {
    void start();
    return;
  }
  requestAnimationFrame(() => setTimeout(start, 0));
}
