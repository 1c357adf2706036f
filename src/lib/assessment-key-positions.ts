// Where the assessment's knowledge questions put their right answers on screen (issue 55). Pure;
// checkKnowledgeItems (assessment.ts) runs it for the content check.
import type { AssessmentQuestion } from './assessment.ts';

/** At most this share of the knowledge questions' right answers may sit in one position on screen. */
export const MAX_KNOWLEDGE_KEY_POSITION_SHARE = 0.4;

/**
 * Where the knowledge questions' right answers sit on screen (issue 55: in version 3 none was ever
 * first): with four or more knowledge questions, every answer position before "I'm not sure" holds
 * at least one right answer, and none holds more than 40% of them. Options may be reordered freely:
 * stored answers name an option by its value, not its place.
 */
export function checkKnowledgeKeyPositions(questions: AssessmentQuestion[]): string[] {
  const knowledge = questions.filter((q) => q.kind === 'knowledge');
  if (knowledge.length < 4) return [];
  const positions = [0, 0, 0, 0];
  for (const q of knowledge) {
    const best = Math.max(...q.options.map((o) => o.score));
    const at = q.options.findIndex((o) => o.score === best);
    if (at >= 0 && at < positions.length) positions[at]++;
  }
  const letters = 'abcd';
  const problems: string[] = [];
  positions.forEach((n, i) => {
    if (n === 0) problems.push(`no knowledge question's right answer is in position ${letters[i]}: move one there`);
    if (n > MAX_KNOWLEDGE_KEY_POSITION_SHARE * knowledge.length) {
      problems.push(
        `${n} of ${knowledge.length} knowledge questions' right answers are in position ${letters[i]} (at most ${
          Math.floor(MAX_KNOWLEDGE_KEY_POSITION_SHARE * knowledge.length)
        })`,
      );
    }
  });
  return problems;
}
