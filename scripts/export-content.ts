// `npm run content:export`: writes the published lessons back to db/content/lessons/*.md (the
// format the loader reads; unchanged lessons keep their files byte for byte), from the database
// the server uses (DATABASE_URL, else the PGlite folder DATA_DIR; stop the server first when it is
// PGlite, which allows one process). Review the result with `git diff db/content`.
import { getDatabaseHandle } from '../src/lib/server/platform/db.ts';
import { migrateDatabase } from '../db/client.ts';
import { exportContent } from '../src/lib/server/content/content-export.ts';

const handle = await getDatabaseHandle();
await migrateDatabase(handle);
const changed = await exportContent();
console.log(changed.length ? `written: ${changed.join(', ')}` : 'every lesson file is up to date');
await handle.close();
