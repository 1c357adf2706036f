// A database as it was before a migration, to test what that migration does to existing data.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { DatabaseHandle } from '../../db/client.ts';

export const migrationsFolder = new URL('../../db/migrations/', import.meta.url).pathname;

/** A copy of the migrations folder holding only the migrations before `tag` (e.g. '0010'); remove it after. */
export function migrationsBefore(tag: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'migrations-'));
  cpSync(migrationsFolder, dir, { recursive: true });
  const journal = JSON.parse(readFileSync(path.join(dir, 'meta', '_journal.json'), 'utf8')) as {
    entries: Array<{ tag: string }>;
  };
  for (const entry of journal.entries.filter((e) => e.tag >= tag)) rmSync(path.join(dir, `${entry.tag}.sql`));
  journal.entries = journal.entries.filter((e) => e.tag < tag);
  writeFileSync(path.join(dir, 'meta', '_journal.json'), JSON.stringify(journal));
  return dir;
}

/** Applies the migrations of `folder` with drizzle's migrator for the handle's driver. */
export async function migrateTo(handle: DatabaseHandle, folder: string): Promise<void> {
  if (handle.kind === 'pglite') {
    const { migrate } = await import('drizzle-orm/pglite/migrator');
    // deno-lint-ignore no-explicit-any
    await migrate(handle.db as any, { migrationsFolder: folder });
  } else {
    const { migrate } = await import('drizzle-orm/postgres-js/migrator');
    await migrate(handle.db, { migrationsFolder: folder });
  }
}

/** The statements of one migration file, as drizzle splits them. */
export function migrationStatements(file: string): string[] {
  return readFileSync(path.join(migrationsFolder, file), 'utf8').split('--> statement-breakpoint');
}
