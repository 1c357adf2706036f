// The dashboard's browser side, without a framework (its cards are rendered on the server only):
// the greeting by local time, this browser's time zone told to the server, badge dates in that
// zone, and fresh figures when the page is shown again (spec 2: progress made in another tab shows).
import { api } from '../api.ts';
import { greetingFor } from '../../lib/progress.ts';
import { localDate } from './badge-dates.ts';

const FOCUSABLE = 'a[href], button, summary';

/** Badge dates in this browser's zone (the server wrote them in UTC). */
function localiseDates(scope: ParentNode): void {
  for (const time of scope.querySelectorAll<HTMLTimeElement>('time[data-local-date]')) {
    time.textContent = localDate(time.dateTime);
  }
}

/** The first visit tells the server it was shown (a GET writes nothing); later ones greet by the local hour. */
function greet(heading: HTMLElement): void {
  if (heading.dataset.firstVisit) {
    api('/api/user/first-visit', { body: {} }).catch((error) => console.warn('First visit not kept', error));
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
  localiseDates(fresh);
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

/** Days (streak, goal, reminders) are the learner's own: tells the server this browser's zone when it is not the one stored. */
async function keepTimeZone(root: HTMLElement): Promise<void> {
  let zone: string | undefined;
  try {
    zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    return;
  }
  if (!zone || zone === root.dataset.timeZone) return;
  const saved = await api('/api/user/settings', { body: { timeZone: zone } });
  if (saved.ok) {
    root.dataset.timeZone = zone;
    await refresh(root);
  }
}

export function mountDashboard(root: HTMLElement): void {
  const heading = root.querySelector<HTMLElement>('[data-testid="greeting"]');
  if (heading) greet(heading);
  localiseDates(root);
  keepTimeZone(root).catch((error) => console.warn('Time zone not saved', error));
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') {
      refresh(root).catch((error) => console.warn('Dashboard refresh failed', error));
    }
  });
}
