import type { APIRoute } from 'astro';
import { requireAdmin } from '../../../../lib/server/auth/guards.ts';
import { findActiveLessons } from '../../../../lib/server/learning/learner-store/index.ts';
import { cachedJson } from '../../../../lib/server/platform/cached-json.ts';
import type { Lesson } from '../../../../../db/schema.ts';
import type { AuthoredLesson } from '../../../../lib/lesson-form.ts';

// Every active lesson, whole, in learning order: the catalogue the learner pages use (kept in
// memory until a lesson changes; on PostgreSQL read again when its version moves, so an author
// sees their own change at once). About 450 KB of JSON, serialized once per catalogue version.
const answer = cachedJson((all: Lesson[]) => all satisfies AuthoredLesson[]);

export const GET: APIRoute = async (context) => {
  requireAdmin(context);
  return answer(context.request, await findActiveLessons());
};
