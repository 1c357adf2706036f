// Starts a page's scripts once its server-rendered HTML has been painted: the modules they import
// (React DOM among them) are then requested after the first paint instead of competing with the
// stylesheet and the HTML for it. Two animation frames were not enough: the imports could still be
// requested before the frame was shown. The paint-timing entry comes once the frame
// has been shown. The HTML is complete without these scripts; controls that need one stay disabled
// until it runs, and tests wait for an island's `data-ssr` to go.

/** Longest wait for the paint entry, in case none comes (a page with nothing to paint). */
const PAINT_FALLBACK_MS = 1500;

/** Runs `start` once the first contentful paint has been shown (at once in a hidden tab, which paints nothing). */
export function afterFirstPaint(start: () => unknown): void {
  let started = false;
  const go = () => {
    if (started) return;
    started = true;
    setTimeout(start, 0);
  };
  if (document.visibilityState === 'hidden') return go();
  if (typeof PerformanceObserver === 'undefined' || !PerformanceObserver.supportedEntryTypes?.includes('paint')) {
    // No paint timing in this browser: two frames, the nearest it tells.
    requestAnimationFrame(() => requestAnimationFrame(go));
    return;
  }
  const observer = new PerformanceObserver((list) => {
    if (!list.getEntriesByName('first-contentful-paint').length) return;
    observer.disconnect();
    go();
  });
  // Buffered: a paint shown before this script ran is delivered at once.
  observer.observe({ type: 'paint', buffered: true });
  setTimeout(() => {
    observer.disconnect();
    go();
  }, PAINT_FALLBACK_MS);
  document.addEventListener('visibilitychange', go, { once: true });
}
