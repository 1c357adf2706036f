import { findLatestAssessment } from './assessment.ts';

export type HomePath = '/dashboard' | '/assessment' | '/studio';

/**
 * Where `/` and a sign-in take someone: authors and admins to the studio (they are not sent through
 * the learner's assessment, issue 53); a learner to the dashboard after the assessment, else to it.
 */
export async function homePathFor(user: { id: string; role: string }): Promise<HomePath> {
  if (user.role === 'author' || user.role === 'admin') return '/studio';
  return (await findLatestAssessment(user.id)) ? '/dashboard' : '/assessment';
}
