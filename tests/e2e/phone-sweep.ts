// What the phone sweeps look for: sideways scroll and tap targets under 44 x 44 px.
import type { Page } from './fixtures.ts';

export interface Problem {
  page: string;
  what: string;
}

/** Sideways scroll and small tap targets on the page as it is now. */
export async function problemsOn(page: Page, name: string): Promise<Problem[]> {
  const found = await page.evaluate(() => {
    const out: string[] = [];
    const width = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth > width) {
      // Name the widest elements, to say what to fix.
      const wide = [...document.querySelectorAll<HTMLElement>('body *')]
        .filter((el) => el.getBoundingClientRect().right > width + 1 && el.offsetParent !== null)
        .slice(0, 3)
        .map((el) => `${el.tagName.toLowerCase()}.${[...el.classList].join('.')}`);
      out.push(`scrolls sideways: ${document.documentElement.scrollWidth}px wide (${wide.join(', ')})`);
    }
    const targets = [
      ...document.querySelectorAll<HTMLElement>(
        'button, a.btn, nav a, [role="tab"], summary, select, input[type="checkbox"] + *, .link-button',
      ),
    ];
    for (const el of targets) {
      const box = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      if (
        box.width === 0 || box.height === 0 || style.visibility === 'hidden' ||
        el.closest('[hidden], [aria-hidden="true"]')
      ) continue;
      if (el.matches('.visually-hidden, .skip-link') || el.closest('.visually-hidden')) continue;
      if (box.width < 44 || box.height < 44) {
        out.push(
          `small tap target ${Math.round(box.width)}x${Math.round(box.height)}: ${el.tagName.toLowerCase()} "${
            (el.textContent ?? el.getAttribute('aria-label') ?? '').trim().slice(0, 40)
          }"`,
        );
      }
    }
    return out;
  });
  return found.map((what) => ({ page: name, what }));
}
