// The database as the app needs it before its first request: migrated, the curriculum files loaded
// and rendered, the configured roles applied. The server runs it at start (src/app.ts), and
// `npm start` runs it beside the first build (scripts/prepare-database.ts) so the two overlap.
import { type DatabaseHandle, migrateDatabase } from '../db/client.ts';
import { loadContent } from './lib/server/content/curriculum-loader.ts';
import { renderStaleLessons } from './lib/server/content/lesson-render.ts';
import { applyConfiguredRoles } from './lib/server/auth/roles.ts';

export async function prepareDatabase(handle: DatabaseHandle, url?: string): Promise<Record<string, number>> {
  await migrateDatabase(handle, url);
  const loaded = await loadContent(handle.db);
  const rendered = await renderStaleLessons(handle.db);
  await applyConfiguredRoles(handle.db);
  return { ...loaded, lessonsRendered: rendered };
}
