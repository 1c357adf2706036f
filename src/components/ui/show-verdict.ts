/**
 * After "Check answer": focus the verdict and scroll so it and the buttons below it (Next) sit in
 * view above the phone's tab bar (issue 53), never pushing the verdict above the top of the screen.
 */
export function showVerdict(heading: HTMLElement | null): void {
  if (!heading) return;
  heading.focus({ preventScroll: true });
  const actions = heading.closest('.quiz')?.querySelector('.quiz-actions') ?? heading;
  const bar = document.querySelector('.tab-bar');
  const barHeight = bar && getComputedStyle(bar).display !== 'none' ? bar.getBoundingClientRect().height : 0;
  const gap = 12;
  const top = heading.getBoundingClientRect().top;
  const below = actions.getBoundingClientRect().bottom - (window.innerHeight - barHeight - gap);
  const by = below > 0 ? Math.min(below, top - gap) : top < gap ? top - gap : 0;
  if (by !== 0) window.scrollBy({ top: by, behavior: 'instant' as ScrollBehavior });
}
