// The public lesson library (issue 42): the published lessons for /learn, full-text search over
// them (PostgreSQL's own, the same on PGlite), a lesson by its slug or an old one, and the
// version tags public pages answer with. Every read is of stored data, so a publish shows on the
// next request on every instance.
import { and, eq, isNull, sql } from 'drizzle-orm';
import { type Lesson, lessons, lessonSearch, lessonSlugs } from '../../../../db/schema.ts';
import type { Level, Pillar } from '../../domain.ts';
import {
  cleanQuery,
  type HighlightPart,
  highlightParts,
  lessonSummary,
  MATCH_END,
  MATCH_START,
  SLUG_PATTERN,
} from '../../library.ts';
import { findActiveLessons } from './learner-store/index.ts';
import { getDb } from '../platform/db.ts';

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
    summary: lessonSummary(lesson),
  };
}

/** Every published lesson, in learning order. */
export async function listLibrary(): Promise<LibraryEntry[]> {
  return (await findActiveLessons()).map(toEntry);
}

const MARKERS = `${MATCH_START}${MATCH_END}`;
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
        ts_headline('english', ${lessonSearch.body}, q.q, ${HEADLINE_OPTIONS}) as excerpt
      from q, ${lessonSearch} join ${lessons} on ${lessons.id} = ${lessonSearch.lessonId}
      where ${lessonSearch.document} @@ q.q and ${lessons.deletedAt} is null
      order by title_match desc, rank desc, ${lessons.id}
      limit 50`,
  );
  const byId = new Map((await findActiveLessons()).map((l) => [l.id, l]));
  return resultRows<{ id: number; rank: number; title_h: string; excerpt: string }>(result).flatMap((row) => {
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

/** Rows of db.execute: postgres.js answers an array, PGlite an object holding one. */
function resultRows<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

export type SlugLookup = { lesson: Lesson; moved?: undefined } | { moved: string; lesson?: undefined } | null;

/** The stored version of the published lesson at a slug (a visitor's ETag), or null: one indexed row. */
export async function publishedVersion(slug: string): Promise<string | null> {
  if (slug.length > 200 || !SLUG_PATTERN.test(slug)) return null;
  const db = await getDb();
  const [row] = await db
    .select({ id: lessons.id, version: lessons.version, updatedAt: lessons.updatedAt })
    .from(lessons)
    .where(and(eq(lessons.slug, slug), isNull(lessons.deletedAt)));
  return row ? `${row.id}:${row.version}:${row.updatedAt.toISOString()}` : null;
}

/** The published lesson at a slug; for an old slug, the lesson's current slug; otherwise null. */
export async function findBySlug(slug: string): Promise<SlugLookup> {
  // Every slug, current or old, is lowercase-hyphen: anything else (NUL included) is no lesson's.
  if (slug.length > 200 || !SLUG_PATTERN.test(slug)) return null;
  const lesson = (await findActiveLessons()).find((l) => l.slug === slug);
  if (lesson) return { lesson };
  const db = await getDb();
  const [old] = await db
    .select({ slug: lessons.slug })
    .from(lessonSlugs)
    .innerJoin(lessons, eq(lessons.id, lessonSlugs.lessonId))
    .where(and(eq(lessonSlugs.slug, slug), isNull(lessons.deletedAt)));
  return old ? { moved: old.slug } : null;
}
