// A lesson in steps (the learning-loop issue): one section at a time with a progress indicator,
// Back and Continue, a way to see it all on one page, and "Skip to quiz". The step and the mode
// are kept in this browser, so the reading position survives a reload. Plain DOM over the markup
// of LessonArticle.astro, whose script this is; it talks with the quiz through lesson-events.ts's
// events, their names written out here (see there why).
export const START_QUIZ_EVENT = 'lesson:start-quiz';
export const QUIZ_READY_EVENT = 'lesson:quiz-ready';
export const QUIZ_VIEW_EVENT = 'lesson:quiz-view';
export const REREAD_EVENT = 'lesson:reread';
export const REPORT_STEP_EVENT = 'lesson:report-step';

const key = (lessonId: string) => `lesson-step:${lessonId}`;

export function mountLessonSteps(article: HTMLElement): void {
  const body = article.querySelector<HTMLElement>('.lesson-body')!;
  const nav = article.querySelector<HTMLElement>('.lesson-steps')!;
  const start = article.querySelector<HTMLElement>('.start-quiz')!;
  const sections = [...body.querySelectorAll<HTMLElement>(':scope > .lesson-section')];
  const bar = article.querySelector<HTMLElement>('[data-step-bar]')!;
  const label = bar.querySelector<HTMLElement>('[data-step-label]')!;
  const meter = bar.querySelector<HTMLElement>('[data-step-meter]')!;
  const skip = nav.querySelector<HTMLElement>('[data-skip-quiz]')!;
  const back = nav.querySelector<HTMLButtonElement>('[data-step-back]')!;
  const next = nav.querySelector<HTMLButtonElement>('[data-step-next]')!;
  const mode = nav.querySelector<HTMLButtonElement>('[data-step-mode]')!;
  const startButton = start.querySelector<HTMLButtonElement>('[data-start-quiz]')!;
  // "Report a problem" at the end of each step: the quiz island opens the dialog.
  const reports = [...body.querySelectorAll<HTMLButtonElement>('[data-report-step]')];
  const lessonId = article.dataset.lessonId ?? '';

  // A request made before the quiz has loaded waits for it (the quiz hydrates after the paint).
  let quizReady = false;
  let quizRequested = false;
  const startQuiz = () => {
    if (quizReady) document.dispatchEvent(new Event(START_QUIZ_EVENT));
    else quizRequested = true;
  };
  document.addEventListener(QUIZ_READY_EVENT, () => {
    quizReady = true;
    startButton.disabled = false;
    for (const report of reports) report.disabled = false;
    if (quizRequested) startQuiz();
    quizRequested = false;
  });
  document.addEventListener(QUIZ_VIEW_EVENT, (event) => {
    const reading = (event as CustomEvent<string>).detail === 'content';
    body.hidden = !reading;
    bar.hidden = !reading;
    nav.hidden = !reading;
    start.hidden = !reading;
  });

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

  // The furthest step this page told the server, for the studio's funnel: the first step shown
  // (the opening: a GET writes nothing), then each further one. Fire and forget: reading never waits.
  let reported = 0;
  function report() {
    if (article.dataset.preview !== undefined) return; // the studio's preview of a draft records nothing
    const reached = all ? sections.length : step + 1;
    if (reached <= reported) return;
    reported = reached;
    fetch(`/api/lesson/${lessonId}/step`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ step: reached }),
      keepalive: true,
    }).catch(() => {});
  }

  function show(focus: boolean) {
    report();
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
    // The last step has one way into the quiz: the 'Ready for the quiz?' card below it.
    next.hidden = all || last;
    skip.hidden = !all && last;
    back.disabled = step === 0;
    next.disabled = false;
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
    if (step === sections.length - 1) return;
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
  startButton.addEventListener('click', startQuiz);
  for (const report of reports) {
    report.addEventListener('click', () => {
      document.dispatchEvent(new CustomEvent(REPORT_STEP_EVENT, { detail: Number(report.dataset.reportStep) }));
    });
  }
  document.addEventListener(REREAD_EVENT, () => {
    step = 0;
    save();
    show(false);
  });
  mode.disabled = false;
  show(false);
}
