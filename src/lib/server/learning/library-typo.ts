// One typo tolerated in a library search (issue 53): when a query finds nothing, each word that is
// not in the lessons is replaced by a lesson word one edit away (pg_trgm's similarity ranks the near words;
// PostgreSQL and PGlite both ship it), and the search runs again for the corrected words.
import { sql } from 'drizzle-orm';
import { getDb, rowsOf } from '../platform/db.ts';
import { type SearchHit, searchLibrary } from './library.ts';

/** Edits between two words, a swap of neighbours counting as one ("scroe" is one edit from "score"). */
export function editDistance(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) d[0][j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
      }
    }
  }
  return d[a.length][b.length];
}

/** The search, and when it found nothing, the search of the query with its typos corrected. */
export async function searchTolerant(query: string): Promise<{ hits: SearchHit[]; corrected: string | null }> {
  const hits = await searchLibrary(query);
  if (hits.length > 0) return { hits, corrected: null };
  const words = query.toLowerCase().match(/\p{L}+/gu)?.slice(0, 6) ?? [];
  if (words.length === 0) return { hits, corrected: null };
  const db = await getDb();
  let changed = false;
  const fixed: string[] = [];
  for (const word of words) {
    const near = word.length < 4 ? [] : rowsOf<{ word: string }>(
      await db.execute(sql`select word from ts_stat('select to_tsvector(''simple'', body) from lesson_search')
        where length(word) between ${word.length - 1} and ${word.length + 1}
        order by similarity(word, ${word}) desc, word limit 20`),
    ).map((r) => r.word);
    const best = near.includes(word) ? word : near.find((w) => editDistance(w, word) === 1);
    if (best && best !== word) changed = true;
    fixed.push(best ?? word);
  }
  if (!changed) return { hits, corrected: null };
  const corrected = fixed.join(' ');
  const again = await searchLibrary(corrected);
  return again.length > 0 ? { hits: again, corrected } : { hits, corrected: null };
}
