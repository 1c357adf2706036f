import type { APIRoute } from 'astro';
import { z } from 'zod';
import { readJson } from '../../../../../lib/server/platform/http.ts';
import { requireAdmin } from '../../../../../lib/server/auth/guards.ts';
import { parseLessonId } from '../../../../../lib/server/platform/params.ts';
import { handOverDraft } from '../../../../../lib/server/studio/draft-owner.ts';

const handOverSchema = z.object({
  email: z.string({ error: 'The author’s e-mail address is required' }).trim().min(3).max(254),
});

/** An admin hands the draft to another author (`{ email }`): from then on only they (and admins) change it. */
export const POST: APIRoute = async (context) => {
  const admin = requireAdmin(context);
  const id = parseLessonId(context.params.id);
  const { email } = await readJson(context, handOverSchema);
  return Response.json({ message: 'Draft handed over', ...(await handOverDraft(admin, id, email)) });
};
