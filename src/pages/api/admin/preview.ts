import type { APIRoute } from 'astro';
import { z } from 'zod';
import { ADMIN_BODY_LIMIT, readJson } from '../../../lib/server/http.ts';
import { requireAdmin } from '../../../lib/server/guards.ts';
import { renderMarkdown } from '../../../lib/server/markdown.ts';

const previewSchema = z.object({ sections: z.array(z.object({ content: z.string().max(20_000) })).max(30) });

/** The sections rendered exactly as learners see them (same markdown and sanitizer). */
export const POST: APIRoute = async (context) => {
  requireAdmin(context);
  const { sections } = await readJson(context.request, previewSchema, ADMIN_BODY_LIMIT);
  return Response.json({ html: sections.map((s) => renderMarkdown(s.content)) });
};
