// The dashboard's browser side, without a framework (its cards are rendered on the server only):
// the greeting by local time, this browser's time zone told to the server, and fresh figures when
// the page is shown again (spec 2: progress made in another tab shows). It imports only what no
// other script does, so Astro inlines it and the page requests no script file before its first paint.
import { greetingFor } from '../../lib/greeting.ts';

const FOCUSABLE = 'a[href], button, summary';

/** A fire-and-forget POST of JSON to our API; true when it was taken. */
async function post(path: string, body: unknown): Promise<boolean> {
  const response = await fetch(path, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify(body),
  });
  await response.body?.cancel();
  return response.ok;
}

/** The first visit tells the server it was shown (a GET writes nothing); later ones greet by the local hour. */
function greet(heading: HTMLElement): void {
  if (heading.dataset.firstVisit) {
    post('/api/user/first-visit', {}).catch((error) => console.warn('First visit not kept', error));
  } else {
    const text = `${greetingFor(new Date().getHours())}${heading.dataset.to ?? ''}!`;
    // The server greeted by the stored zone's hour; a rewrite of the same words would be a new paint.
    if (heading.textContent !== text) heading.textContent = text;
  }
}

/** `fresh` takes `old`'s place; disclosures the learner opened stay open, and the focus stays where it was. */
function swap(old: HTMLElement, fresh: HTMLElement): void {
  const opened = [...old.querySelectorAll('details')].map((d) => d.open);
  fresh.querySelectorAll('details').forEach((d, i) => (d.open = opened[i] ?? false));
  if (fresh.isEqualNode(old)) return;
  const focusAt = old.contains(document.activeElement)
    ? [...old.querySelectorAll(FOCUSABLE)].indexOf(document.activeElement as Element)
    : -1;
  old.replaceWith(fresh);
  if (focusAt >= 0) fresh.querySelectorAll<HTMLElement>(FOCUSABLE)[focusAt]?.focus();
}

/** Reads the page again and swaps in each region (`data-live`) whose figures changed. */
async function refresh(root: HTMLElement): Promise<void> {
  const response = await fetch(location.pathname, { credentials: 'same-origin', headers: { Accept: 'text/html' } });
  // Signed out meanwhile: the redirect's page is not this one.
  if (!response.ok || response.redirected) return;
  // The server's own page, parsed as a navigation would; nothing in it runs.
  const page = new DOMParser().parseFromString(await response.text(), 'text/html');
  for (const old of root.querySelectorAll<HTMLElement>('[data-live]')) {
    const fresh = page.querySelector<HTMLElement>(`[data-live="${old.dataset.live}"]`);
    if (fresh) swap(old, document.adoptNode(fresh));
  }
}

/**
 * Days (streak, goal, reminders) and badge dates are in the learner's zone: tells the server this
 * browser's zone when it is not the one stored, and shows the page as the server then writes it.
 */
async function keepTimeZone(root: HTMLElement): Promise<void> {
  let zone: string | undefined;
  try {
    zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    return;
  }
  if (!zone || zone === root.dataset.timeZone) return;
  if (await post('/api/user/settings', { timeZone: zone })) {
    root.dataset.timeZone = zone;
    await refresh(root);
  }
}

const root = document.querySelector<HTMLElement>('[data-dashboard]');
if (root) {
  const heading = root.querySelector<HTMLElement>('[data-testid="greeting"]');
  if (heading) greet(heading);
  keepTimeZone(root).catch((error) => console.warn('Time zone not saved', error));
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') {
      refresh(root).catch((error) => console.warn('Dashboard refresh failed', error));
    }
  });
}
