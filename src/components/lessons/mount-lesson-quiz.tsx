import { createRoot } from 'react-dom/client';
import LessonQuiz, { type LessonQuizProps } from './LessonQuiz.tsx';

/** Mounts the quiz into `rootId`, with the props the page wrote as JSON into `dataId`. */
export function mountLessonQuiz(rootId: string, dataId: string): void {
  const root = document.getElementById(rootId);
  const data = document.getElementById(dataId)?.textContent;
  if (!root || !data) return;
  createRoot(root).render(<LessonQuiz {...(JSON.parse(data) as LessonQuizProps)} />);
}
