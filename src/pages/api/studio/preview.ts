import type { APIRoute } from 'astro';
import { experimental_AstroContainer } from 'astro/container';
import { z } from 'zod';
import { ADMIN_BODY_LIMIT, readJson } from '../../../lib/server/platform/http.ts';
import { requireStudio } from '../../../lib/server/auth/guards.ts';
import { toLessonSections } from '../../../lib/server/content/lesson-content.ts';
import LessonSection from '../../../components/lessons/LessonSection.astro';

const previewSchema = z.object({
  sections: z
    .array(
      z.object({
        header: z.string().trim().max(200).optional(),
        subheader: z.string().trim().max(200).optional(),
        content: z.string().trim().max(20_000),
      }),
    )
    .max(30),
});

/** Authors' and admins' live preview (the studio's and the admin screen's editors): each section as saving would store it (trimmed), rendered by the lesson page's own component (practice tools as named placeholders). */
export const POST: APIRoute = async (context) => {
  requireStudio(context);
  const { sections } = await readJson(context, previewSchema, ADMIN_BODY_LIMIT);
  const container = await experimental_AstroContainer.create();
  const html = await Promise.all(
    toLessonSections(sections).map((section) =>
      container.renderToString(LessonSection, { props: { section, preview: true } })
    ),
  );
  return Response.json({ html });
};
