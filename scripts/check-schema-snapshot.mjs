// CI: `npm run db:generate` on a clean tree must add nothing. Generates into a scratch copy of
// db/migrations and fails when drizzle-kit writes a migration (db/schema.ts and the newest
// snapshot in db/migrations/meta disagree). Migrations are hand-written (docs/ARCHITECTURE.md).
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const scratch = mkdtempSync(path.join(os.tmpdir(), 'schema-snapshot-'));
try {
  cpSync(path.join(root, 'db/migrations'), scratch, { recursive: true });
  const before = new Set(readdirSync(scratch));
  // drizzle-kit reads --out relative to the working directory.
  execFileSync(
    path.join(root, 'node_modules/.bin/drizzle-kit'),
    ['generate', '--dialect', 'postgresql', '--schema', './db/schema.ts', '--out', path.relative(root, scratch)],
    { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const added = readdirSync(scratch).filter((f) => !before.has(f));
  if (added.length > 0) {
    console.error(`db/schema.ts differs from the newest snapshot: drizzle-kit generate wrote ${added.join(', ')}`);
    process.exit(1);
  }
  console.log('schema snapshot: db:generate adds nothing');
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
