// Astro routes an image-transform endpoint (/_image) in every server build. We use no images that
// need it, and it is attack surface (a fuzz run found it answering 500), so astro.config.mjs points
// the route at this module instead: every request there is a plain 404.
import type { APIRoute } from 'astro';

export const ALL: APIRoute = () => Response.json({ message: 'Not found' }, { status: 404 });
