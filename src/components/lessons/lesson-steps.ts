// A lesson in steps (the learning-loop issue): one section at a time with a progress indicator,
// Back and Continue, a way to see it all on one page, and "Skip to quiz". The step and the mode
// are kept in this browser, so the reading position survives a reload. Plain DOM: the page's
// HTML already shows the first step before this runs.

// lesson-signals.ts's names, written out (tests/unit/lesson-signals.test.ts checks they are the
// same): this module runs inlined in the lesson page, before the first paint, and a module it
// shared with the quiz would become a chunk of its own, requested before the paint.
export const REREAD_EVENT = 'lesson:reread';
export const QUIZ_REQUESTED = 'quizRequested';

const key = (lessonId: string) => `lesson-step:${lessonId}`;

export function mountLessonSteps(article: HTMLElement): void {
  const nav = article.querySelector<HTMLElement>('#lesson-steps');
  const sections = [...article.querySelectorAll<HTMLElement>('#lesson-content > .lesson-section')];
  if (!nav || sections.length === 0) return;
  const lessonId = article.dataset.lessonId ?? '';
  const label = nav.querySelector<HTMLElement>('[data-step-label]')!;
  const meter = nav.querySelector<HTMLElement>('[data-step-meter]')!;
  const back = nav.querySelector<HTMLButtonElement>('[data-step-back]')!;
  const next = nav.querySelector<HTMLButtonElement>('[data-step-next]')!;
  const mode = nav.querySelector<HTMLButtonElement>('[data-step-mode]')!;
  const skip = nav.querySelector<HTMLAnchorElement>('[data-skip-quiz]')!;
  const startQuiz = () => {
    const button = document.querySelector<HTMLButtonElement>('#lesson-start [data-start-quiz]');
    if (button && !button.disabled) button.click();
    else document.documentElement.dataset[QUIZ_REQUESTED] = 'true';
  };

  let saved: { step?: number; all?: boolean } = {};
  try {
    saved = JSON.parse(localStorage.getItem(key(lessonId)) ?? '{}') ?? {};
  } catch {
    saved = {};
  }
  let step = Math.min(Math.max(0, (saved.step ?? 1) - 1), sections.length - 1);
  let all = article.dataset.mode === 'all' || saved.all === true;

  function save() {
    try {
      localStorage.setItem(key(lessonId), JSON.stringify({ step: step + 1, all }));
    } catch {
      // storage unavailable: the position is kept for this page only
    }
  }

  function show(focus: boolean) {
    article.dataset.mode = all ? 'all' : 'steps';
    const last = step === sections.length - 1;
    if (last) article.dataset.lastStep = '';
    else delete article.dataset.lastStep;
    sections.forEach((s, i) => {
      if (i === step) s.dataset.current = '';
      else delete s.dataset.current;
    });
    label.textContent = all ? `${sections.length} parts` : `Step ${step + 1} of ${sections.length}`;
    meter.className = `meter-fill w-${Math.round(((all ? sections.length : step + 1) / sections.length) * 20) * 5}`;
    back.hidden = all;
    next.hidden = all;
    back.disabled = step === 0;
    next.disabled = false;
    next.textContent = last ? 'Take the quiz' : 'Continue';
    mode.textContent = all ? 'Read it in steps' : 'Show the whole lesson on one page';
    if (focus && !all) {
      const heading = sections[step].querySelector<HTMLElement>('h2') ?? sections[step];
      heading.tabIndex = -1;
      heading.focus();
      heading.scrollIntoView?.({ block: 'start' });
    }
  }

  back.addEventListener('click', () => {
    if (step > 0) step--;
    save();
    show(true);
  });
  next.addEventListener('click', () => {
    if (step === sections.length - 1) return startQuiz();
    step++;
    save();
    show(true);
  });
  mode.addEventListener('click', () => {
    all = !all;
    save();
    show(false);
  });
  skip.addEventListener('click', (event) => {
    event.preventDefault();
    startQuiz();
  });
  // "Review the lesson" after a failed quiz starts the reading again from the first step.
  document.addEventListener(REREAD_EVENT, () => {
    step = 0;
    save();
    show(false);
  });
  mode.disabled = false;
  show(false);
}
