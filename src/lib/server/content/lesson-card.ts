// The lessons list's cards as HTML. A card shows its lesson and the learner's state of it (locked,
// completed, last score); there are few such states, so each version of a lesson renders each of
// its card states once and the list page joins the strings (as an Astro component, the cards were
// the largest part of the page's rendering: ~60 µs of each request, measured).
import type { Lesson } from '../../../../db/schema.ts';
import { toAsciiHtml } from '../../ascii-text.ts';
import { html, type SafeHtml } from '../platform/html.ts';

export interface LessonCardState {
  locked: boolean;
  completed: boolean;
  /** The last attempt's score, when the learner has taken the quiz. */
  last: { score: number; total: number } | null;
  /** Published recently, after the learner started (a "New" tag). */
  isNew?: boolean;
  /** For a locked card: what opens it, in words (unlock-hint.ts). */
  unlockHint?: string;
}

const LOCK_ICON = html`
  <svg width="14" height="14" viewBox="0 0 24 24" aria-hidden="true">
    <path fill="currentColor" d="M17 9V7a5 5 0 0 0-10 0v2H5v13h14V9h-2zm-8 0V7a3 3 0 0 1 6 0v2H9z"></path>
  </svg>
`;

/** The card of `lesson` in `state`, its title a heading of `headingLevel`; ASCII (see ascii-text.ts). */
export function lessonCardHtml(lesson: Lesson, state: LessonCardState, headingLevel: 2 | 3): string {
  let cards = rendered.get(lesson);
  if (!cards) rendered.set(lesson, cards = new Map());
  const key = `${headingLevel}${state.locked ? `L${state.unlockHint ?? ''}` : ''}${state.completed ? 'C' : ''}${
    state.isNew ? 'N' : ''
  }${state.last ? `${state.last.score}/${state.last.total}` : ''}`;
  let card = cards.get(key);
  if (card === undefined) {
    card = toAsciiHtml(renderCard(lesson, state, headingLevel));
    // A lesson has a handful of states in practice; the bound only guards against the unexpected.
    if (cards.size < 64) cards.set(key, card);
  }
  return card;
}

// Keyed by the lesson as the catalogue holds it: an edited lesson is a new object, so its cards
// render anew and the old ones go with the old object.
const rendered = new WeakMap<Lesson, Map<string, string>>();

function renderCard(
  lesson: Lesson,
  { locked, completed, last, isNew, unlockHint }: LessonCardState,
  headingLevel: 2 | 3,
): SafeHtml {
  const title = lesson.title;
  const heading = headingLevel === 2
    ? html`<h2 class="card-title">${title}</h2>`
    : html`<h3 class="card-title">${title}</h3>`;
  const objectives = lesson.learningObjectives.length > 0 &&
    html`
      <div class="objectives">
        <p>You'll learn:</p>
        <ul>${lesson.learningObjectives.slice(0, 2).map((o) => html`<li>${o}</li>`)}</ul>
      </div>
    `;
  const score = last &&
    html`<p class="score">Last score: <strong>${last.score}/${last.total}</strong>${
      completed && html`<span class="passed"> &middot; Completed &#10003;</span>`
    }</p>`;
  const action = locked
    ? html`
      ${unlockHint && html`<p class="unlock-hint">${unlockHint}</p>`}<span class="btn btn-block locked-btn"
        aria-disabled="true">${LOCK_ICON}Locked<span class="visually-hidden">: ${title}</span></span>
    `
    : html`
      <a class="btn btn-block ${completed ? 'btn-outline' : 'btn-primary'}"
        href="/lesson/${lesson.id}">${completed
          ? 'Review Lesson'
          : 'Start Lesson'}<span class="visually-hidden">: ${title}</span></a>
    `;
  const classes = `lesson-card${completed ? ' done' : ''}${locked ? ' locked' : ''}`;
  return html`
    <article class="${classes}"
      data-lesson-id="${lesson.id}"><div class="top"><span class="order" aria-label="Lesson ${lesson
        .orderIndex}">${lesson.orderIndex}</span>${isNew &&
        html`<span class="new-tag">New</span>`}<span class="duration">${lesson
        .duration} min</span></div>${heading}${objectives}${score}${action}</article>
  `;
}
