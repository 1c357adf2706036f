import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/** Every file under `dir` (none if it does not exist), node_modules left out: what the source-reading tests read. */
export function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    if (name === 'node_modules') return [];
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? filesUnder(full) : [full];
  });
}
