// The pillar and level of a test-out's URL (issue 56): a level above beginner, or a 404.
import { type Pillar, PILLARS } from '../../domain.ts';
import { isTestOutLevel, type TestOutLevel } from '../../test-out.ts';
import { HttpError } from '../platform/http.ts';

export function parseTestOut(params: { pillar?: string; level?: string }): { pillar: Pillar; level: TestOutLevel } {
  const { pillar, level } = params;
  if (!pillar || !(PILLARS as readonly string[]).includes(pillar) || !level || !isTestOutLevel(level)) {
    throw new HttpError(404, 'There is no such test-out: use a pillar and the intermediate or advanced level');
  }
  return { pillar: pillar as Pillar, level };
}
