// Starts a page's scripts once its server-rendered HTML has had its first frame: the modules they
// import (React DOM among them) are then requested after the first paint starts instead of
// competing with the stylesheet and the HTML for it. Measured with Lighthouse (bench/RESULTS.md):
// the lesson page's LCP went from ~2.0 s to ~1.3 s. One frame was not always enough: the imports
// of a callback run after the first requestAnimationFrame were requested before the first paint
// was shown (Lighthouse's trace), so they counted toward it; after the second frame they come
// after it (lesson page ~1.3 s -> ~1.1 s, the other learner pages 50-150 ms less). Waiting for
// the paint-timing entry instead (it comes when the frame is shown) gave the same LCP, and
// headless Chromium reports none, so islands waited for a fallback timer. The HTML is complete without these scripts; controls that
// need one stay disabled until it runs, and tests wait for an island's `data-ssr` to go.

/** Runs `start` once the first frame has been drawn: after the second (at once in a hidden tab, which runs no frames). */
export function afterFirstPaint(start: () => unknown): void {
  if (document.visibilityState === 'hidden') {
    void start();
    return;
  }
  requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(start, 0)));
}
