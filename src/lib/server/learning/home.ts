import { findLatestAssessment } from './assessment.ts';

/** Where `/` takes a signed-in learner: the dashboard after the assessment, else the assessment. */
export async function homePathFor(userId: string): Promise<'/dashboard' | '/assessment'> {
  return (await findLatestAssessment(userId)) ? '/dashboard' : '/assessment';
}
