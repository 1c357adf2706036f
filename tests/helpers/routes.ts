// The API's endpoints as the routes in src/pages/api declare them, so a table test covers a new
// endpoint without being told about it.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname!, '..', '..');

export interface Endpoint {
  method: string;
  /** A path that reaches the route ([id] and the like filled in). */
  url: string;
  /** The route reads a JSON body. */
  readsJson: boolean;
}

/** Every endpoint of src/pages/api that takes a body (POST, PUT, PATCH). */
export function bodyEndpoints(): Endpoint[] {
  const out: Endpoint[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir).sort()) {
      const full = path.join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else if (name.endsWith('.ts')) {
        const source = readFileSync(full, 'utf8');
        const route = '/' +
          path.relative(path.join(root, 'src/pages'), full).replace(/\.ts$/, '').replace(/\/index$/, '');
        const url = route
          .replace('[id]', route.startsWith('/api/review/') ? '00000000-0000-0000-0000-000000000000' : '1')
          .replace('[pillar]', 'saving')
          .replace('[level]', 'beginner')
          .replace(/\[[^\]]+\]/g, 'x');
        for (const method of ['POST', 'PUT', 'PATCH']) {
          const at = source.search(new RegExp(`export const ${method}\\b`));
          if (at < 0) continue;
          const next = source.slice(at + 1).search(/export const [A-Z]+\b/);
          const handler = next < 0 ? source.slice(at) : source.slice(at, at + 1 + next);
          out.push({ method, url, readsJson: handler.includes('readJson(') });
        }
      }
    }
  };
  walk(path.join(root, 'src/pages/api'));
  return out;
}
