// The public lesson library (issue 42): the published lessons for /learn, full-text search over
// them (PostgreSQL's own, the same on PGlite), a lesson by its slug or an old one, and the
// version tags public pages answer with. Every read is of stored data, so a publish shows on the
// next request on every instance.
import { sql } from 'drizzle-orm';
import { type Lesson, lessons, lessonSearch } from '../../../../db/schema.ts';
import type { Level, Pillar } from '../../domain.ts';
import { cleanQuery, type HighlightPart, highlightParts, MATCH_END, MATCH_START } from '../../library.ts';
import { findActiveLessons, readCatalogue } from '../content/catalogue.ts';
import { getDb, rowsOf } from '../platform/db.ts';

export interface LibraryEntry {
  id: number;
  slug: string;
  title: string;
  pillar: Pillar;
  level: Level;
  orderIndex: number;
  duration: number;
  reviewedAt: string | null;
  summary: string;
}

export interface SearchHit extends LibraryEntry {
  /** The title with the matched words marked. */
  titleParts: HighlightPart[];
  /** A passage of the text around the matched words, marked. */
  excerpt: HighlightPart[];
  rank: number;
}

/** The longest query searched: longer input is cut here (the rest is not an error). */
export const QUERY_MAX = 200;

export function toEntry(lesson: Lesson): LibraryEntry {
  return {
    id: lesson.id,
    slug: lesson.slug,
    title: lesson.title,
    pillar: lesson.pillar,
    level: lesson.level,
    orderIndex: lesson.orderIndex,
    duration: lesson.duration,
    reviewedAt: lesson.reviewedAt,
    summary: lesson.summary,
  };
}

/** Every published lesson, in learning order. */
export async function listLibrary(): Promise<LibraryEntry[]> {
  return (await findActiveLessons()).map(toEntry);
}

const MARKERS = `${MATCH_START}${MATCH_END}`;
/** A sentence longer than this is not an excerpt: the fragment around the match is shown instead. */
const SENTENCE_MAX = 400;
const TITLE_OPTIONS = `StartSel=${MATCH_START}, StopSel=${MATCH_END}, HighlightAll=true`;
const HEADLINE_OPTIONS = `StartSel=${MATCH_START}, StopSel=${MATCH_END}, MaxWords=28, MinWords=12, MaxFragments=2, ` +
  'FragmentDelimiter=" … "';

/**
 * The lessons matching a query, best first. Title words weigh most (A), then the objectives (B),
 * then section headings and text (C); a lesson whose title matches always ranks above one that
 * matches only in its text. The query is parsed by websearch_to_tsquery, which accepts any
 * input (quotes, operators, punctuation) without error; it is always a bound parameter.
 */
export async function searchLibrary(query: string): Promise<SearchHit[]> {
  const q = cleanQuery(query).slice(0, QUERY_MAX).trim();
  if (!q) return [];
  const db = await getDb();
  // Each lesson's document is stored (lesson_search, kept by a trigger): a query reads it, and
  // quotes (ts_headline) only the lessons that match.
  const result = await db.execute(
    sql`with q as (select websearch_to_tsquery('english', ${q}) as q)
      select ${lessons.id} as id, ts_rank(${lessonSearch.document}, q.q) as rank,
        to_tsvector('english', translate(${lessons.title}, ${MARKERS}, '')) @@ q.q as title_match,
        ts_headline('english', translate(${lessons.title}, ${MARKERS}, ''), q.q, ${TITLE_OPTIONS}) as title_h,
        coalesce(sentence.excerpt, ts_headline('english', ${lessonSearch.body}, q.q, ${HEADLINE_OPTIONS})) as excerpt
      from q, ${lessonSearch} join ${lessons} on ${lessons.id} = ${lessonSearch.lessonId}
        -- The excerpt is the first whole sentence that matches (issue 53: never from mid-sentence).
        left join lateral (
          select ts_headline('english', s.text, q.q, ${TITLE_OPTIONS}) as excerpt
          from regexp_split_to_table(${lessonSearch.body}, '(?<=[.!?])[[:space:]]+') with ordinality as s(text, n)
          where to_tsvector('english', s.text) @@ q.q and length(s.text) <= ${SENTENCE_MAX}
          order by s.n limit 1
        ) sentence on true
      where ${lessonSearch.document} @@ q.q and ${lessons.state} = 'published'
      -- An equal match (both in the title, or both in the text only): the beginner lesson first.
      order by title_match desc,
        case ${lessons.level} when 'beginner' then 0 when 'intermediate' then 1 else 2 end,
        rank desc, ${lessons.id}
      limit 50`,
  );
  const byId = new Map((await findActiveLessons()).map((l) => [l.id, l]));
  return rowsOf<{ id: number; rank: number; title_h: string; excerpt: string }>(result).flatMap((row) => {
    const lesson = byId.get(Number(row.id));
    if (!lesson) return [];
    return [{
      ...toEntry(lesson),
      titleParts: highlightParts(row.title_h),
      excerpt: highlightParts(row.excerpt),
      rank: Number(row.rank),
    }];
  });
}

export type SlugLookup = { lesson: Lesson; moved?: undefined } | { moved: string; lesson?: undefined } | null;

/** The published lesson at a slug; for an old slug, the lesson's current slug; otherwise null (the catalogue: no statement). */
export async function findBySlug(slug: string): Promise<SlugLookup> {
  const catalogue = await readCatalogue();
  const lesson = catalogue.bySlug.get(slug);
  if (lesson) return { lesson };
  const moved = catalogue.movedSlugs.get(slug);
  return moved ? { moved } : null;
}

/** The stored version of a published lesson (a visitor's ETag names it). */
export const lessonVersionTag = (lesson: Lesson): string =>
  `${lesson.id}:${lesson.version}:${lesson.updatedAt.getTime()}`;
