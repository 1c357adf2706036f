// The one script of the signed-in screens (PageScript.astro, in AppLayout): it finds what the
// page holds (the server-rendered islands, a lesson) and starts it. One entry for every page, so
// Vite's helper for dynamic imports is bundled into it: with a script per page the helper was a
// chunk of its own, requested only once the page's script had arrived, a second round trip before
// the first paint. AppLayout starts it after the first paint (its template); a lesson's steps,
// which must be set before the paint, are a script of the lesson page's own, inlined.
// Nothing it loads imports a stylesheet: Astro gives a script's stylesheets, those of its dynamic
// imports too, to every page that has the script, so each signed-in page carried every island's
// CSS. The pages import the stylesheets of what they render.
/** The components of the islands ReactIsland.astro renders, by island name. */
const islands: Record<string, () => Promise<{ default: Parameters<typeof import('./hydrate.ts').hydrateIsland>[1] }>> =
  {
    dashboard: () => import('../dashboard/Dashboard.tsx'),
    progress: () => import('../progress/ProgressScreen.tsx'),
    review: () => import('../review/ReviewSession.tsx'),
    'account-settings': () => import('../account/AccountSettings.tsx'),
    'delete-account': () => import('../account/DeleteAccount.tsx'),
  };

/** Runs once the page has painted (AppLayout moves this script out of its template then). */
export async function startPage(): Promise<void> {
  const names = [...document.querySelectorAll<HTMLElement>('[data-island]')].map((root) => root.dataset.island!).filter(
    (name) => name in islands,
  );
  await Promise.all([
    startShell(),
    names.length > 0 && hydrateIslands(names),
    document.getElementById('lesson-quiz-data') &&
    import('../lessons/mount-lesson-quiz.tsx').then((m) => m.mountLessonQuiz('lesson-quiz', 'lesson-quiz-data')),
  ]);
}

async function hydrateIslands(names: string[]): Promise<void> {
  const [{ hydrateIsland }, ...components] = await Promise.all([
    import('./hydrate.ts'),
    ...names.map((name) => islands[name]()),
  ]);
  names.forEach((name, i) => hydrateIsland(name, components[i].default));
}

/** The toaster and Sign Out: disabled in the server's HTML until this runs, so an early click is never silently lost. */
async function startShell(): Promise<void> {
  const [{ signOut }, { mountToaster }] = await Promise.all([import('../api.ts'), import('../ui/toaster-dom.ts')]);
  const region = document.querySelector<HTMLElement>('[data-toaster]');
  if (region) mountToaster(region);
  const signOutButton = document.querySelector<HTMLButtonElement>('[data-sign-out]');
  if (signOutButton) {
    signOutButton.disabled = false;
    signOutButton.addEventListener('click', () => {
      signOutButton.disabled = true;
      signOutButton.textContent = 'Signing out...';
      void signOut();
    });
  }
}
