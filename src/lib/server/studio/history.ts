// A lesson's history in the studio: its published versions (who, when, a note), the history page's
// read in one statement, one version's content, and "Restore as draft" (drafts.ts opens the draft).
import { and, eq, sql } from 'drizzle-orm';
import { type LessonContentData, lessonVersions, users } from '../../../../db/schema.ts';
import { getDb, prepared } from '../platform/db.ts';
import { HttpError } from '../platform/http.ts';
import { log } from '../platform/log.ts';
import { type DraftView, openDraft } from './drafts.ts';

const versionsStatement = prepared((db) =>
  db
    .select({
      version: lessonVersions.version,
      note: lessonVersions.note,
      publishedBy: lessonVersions.publishedBy,
      createdAt: lessonVersions.createdAt,
    })
    .from(lessonVersions)
    .where(eq(lessonVersions.lessonId, sql.placeholder('lessonId')))
    .orderBy(sql`${lessonVersions.version} desc`)
    .limit(500)
    .prepare('lesson_versions')
);

export async function listVersions(lessonId: number) {
  return (await versionsStatement()).execute({ lessonId });
}

/**
 * The history page's read, in one statement: every version (newest first) and the content of the
 * two compared, `wanted` when they are versions of the lesson, else the newest two.
 */
export async function readHistory(lessonId: number, wanted: number[]) {
  const db = await getDb();
  const rows = await db
    .select({
      version: lessonVersions.version,
      note: lessonVersions.note,
      publishedBy: lessonVersions.publishedBy,
      /** Who published it, by name (null: from the curriculum files, or an account since deleted). */
      publisher: sql<string | null>`${users.firstName} || ' ' || ${users.lastName}`,
      createdAt: lessonVersions.createdAt,
      content: sql<LessonContentData | null>`case when ${lessonVersions.version} = any(${`{${
        wanted.filter(Number.isInteger).join(',')
      }}`}::int[]) or row_number() over (order by ${lessonVersions.version} desc) <= 2
        then ${lessonVersions.content} end`,
    })
    .from(lessonVersions)
    .leftJoin(users, eq(users.id, lessonVersions.publishedBy))
    .where(eq(lessonVersions.lessonId, lessonId))
    .orderBy(sql`${lessonVersions.version} desc`)
    .limit(500);
  return rows;
}

const versionStatement = prepared((db) =>
  db
    .select({ content: lessonVersions.content })
    .from(lessonVersions)
    .where(
      and(
        eq(lessonVersions.lessonId, sql.placeholder('lessonId')),
        eq(lessonVersions.version, sql.placeholder('version')),
      ),
    )
    .prepare('lesson_version')
);

export async function getVersion(lessonId: number, version: number): Promise<LessonContentData> {
  const [row] = await (await versionStatement()).execute({ lessonId, version });
  if (!row) throw new HttpError(404, 'Version not found');
  return row.content;
}

/** "Restore as draft": the lesson's open draft (opened if needed) takes that version's content. */
export async function restoreVersion(actorId: string, lessonId: number, version: number): Promise<DraftView> {
  const content = await getVersion(lessonId, version);
  log('info', 'version restored as draft', { actorId, lessonId, version });
  return openDraft(actorId, lessonId, content, version);
}
