// The studio's drafts: an author's unpublished edit of a lesson (or a new lesson), saved with an
// optimistic revision. Learners never read drafts; publishing (publish-draft.ts) turns one into
// the lesson row. See README.md here.
import { and, asc, eq, sql } from 'drizzle-orm';
import { type LessonContentData, type LessonDraft, lessonDrafts } from '../../../../db/schema.ts';
import { getDb, prepared } from '../platform/db.ts';
import { HttpError } from '../platform/http.ts';
import { log } from '../platform/log.ts';
import { suggestedWeight } from '../../lesson-form.ts';
import type { DraftSave } from '../../studio-form.ts';
import { draftProblems } from '../../draft-rules.ts';
import { contentOf } from '../content/lesson-versions.ts';
import { getStudioLesson, values } from './admin-lessons.ts';
import { findActiveLessons, findStudioLesson } from '../content/catalogue.ts';
import { readFacts } from '../content/curriculum-loader.ts';

const STALE_REVISION =
  'Someone else saved this draft while you were editing it. Reload it to see their changes, then make yours again.';

/** The draft's content from a save: the form, and the sources and review date (kept when not sent). */
function contentFrom(save: DraftSave, previous: LessonContentData | null, weight: number): LessonContentData {
  const skills = new Map((previous?.questions ?? []).map((q) => [q.id, q.skill]));
  return {
    ...values(save.lesson, weight),
    questions: save.lesson.questions.map((q) => ({
      ...(q.id !== undefined ? { id: q.id } : {}),
      question: q.question,
      options: q.options,
      correctAnswer: q.correctAnswer,
      explanation: q.explanation,
      ...(q.id !== undefined && skills.get(q.id) ? { skill: skills.get(q.id) } : {}),
    })),
    sources: save.sources ?? previous?.sources ?? [],
    reviewedAt: save.reviewedAt !== undefined ? save.reviewedAt : previous?.reviewedAt ?? null,
  };
}

/** A draft as the studio shows it: with the published version it is based on and its problems. */
export interface DraftView {
  id: number;
  lessonId: number | null;
  slug: string | null;
  revision: number;
  baseVersion: number | null;
  /** The lesson's published version now (null: a new lesson, or one deleted since). */
  publishedVersion: number | null;
  /** The older version "Restore as draft" put in this draft (null: none). */
  restoredFrom: number | null;
  /** The lesson is unpublished: publishing the draft publishes it again. */
  unpublished: boolean;
  /** Published since the draft was started (e.g. directly through the admin API): rebase or discard. */
  stale: boolean;
  content: LessonContentData;
  problems: string[];
  updatedAt: string;
}

async function viewOf(draft: LessonDraft): Promise<DraftView> {
  const lesson = draft.lessonId === null ? undefined : await findStudioLesson(draft.lessonId);
  return {
    id: draft.id,
    lessonId: draft.lessonId,
    slug: lesson?.slug ?? null,
    revision: draft.revision,
    baseVersion: draft.baseVersion,
    publishedVersion: lesson?.version ?? null,
    restoredFrom: draft.restoredFrom,
    unpublished: lesson?.state === 'unpublished',
    stale: lesson !== undefined && draft.baseVersion !== lesson.version,
    content: draft.content,
    problems: draftProblems(draft.content, readFacts()),
    updatedAt: draft.updatedAt.toISOString(),
  };
}

const draftStatement = prepared((db) =>
  db.select().from(lessonDrafts).where(eq(lessonDrafts.id, sql.placeholder('id'))).prepare('draft')
);

export async function findDraft(id: number): Promise<LessonDraft> {
  const [draft] = await (await draftStatement()).execute({ id });
  if (!draft) throw new HttpError(404, 'Draft not found');
  return draft;
}

export async function getDraft(id: number): Promise<DraftView> {
  return viewOf(await findDraft(id));
}

/** Every draft, oldest first, with its lesson id (null for a new lesson). */
const draftsStatement = prepared((db) =>
  db
    .select({
      id: lessonDrafts.id,
      lessonId: lessonDrafts.lessonId,
      baseVersion: lessonDrafts.baseVersion,
      updatedAt: lessonDrafts.updatedAt,
      title: sql<string>`${lessonDrafts.content}->>'title'`,
    })
    .from(lessonDrafts)
    .orderBy(asc(lessonDrafts.id))
    .prepare('drafts')
);

export async function listDrafts(): Promise<
  Array<Pick<LessonDraft, 'id' | 'lessonId' | 'baseVersion' | 'updatedAt'> & { title: string }>
> {
  return (await draftsStatement()).execute();
}

/** The lesson's open draft, or a new one holding its published content (or `content`, to restore). */
export async function openDraft(
  actorId: string,
  lessonId: number,
  content?: LessonContentData,
  restoredFrom?: number,
): Promise<DraftView> {
  const lesson = await getStudioLesson(lessonId);
  const db = await getDb();
  const published = contentOf(lesson);
  const [created] = await db
    .insert(lessonDrafts)
    .values({
      lessonId,
      baseVersion: lesson.version,
      base: published,
      content: content ?? published,
      restoredFrom: restoredFrom ?? null,
      createdBy: actorId,
      updatedBy: actorId,
    })
    .onConflictDoNothing()
    .returning();
  if (created) {
    log('info', 'draft opened', { actorId, draftId: created.id, lessonId });
    return viewOf(created);
  }
  const [open] = await db.select().from(lessonDrafts).where(eq(lessonDrafts.lessonId, lessonId));
  if (!open) throw new HttpError(409, 'The draft was just discarded; open it again');
  if (content) {
    // Restoring an older version replaces the open draft's content.
    const [restored] = await db
      .update(lessonDrafts)
      .set({
        content,
        restoredFrom: restoredFrom ?? null,
        revision: sql`${lessonDrafts.revision} + 1`,
        updatedBy: actorId,
        updatedAt: new Date(),
      })
      .where(eq(lessonDrafts.id, open.id))
      .returning();
    return viewOf(restored);
  }
  return viewOf(open);
}

/** A draft of a lesson that is not published yet. */
export async function createDraft(actorId: string, save: DraftSave): Promise<DraftView> {
  const db = await getDb();
  const weight = save.lesson.weight ??
    suggestedWeight(await findActiveLessons(), save.lesson.pillar, save.lesson.level);
  const [created] = await db
    .insert(lessonDrafts)
    .values({ content: contentFrom(save, null, weight), createdBy: actorId, updatedBy: actorId })
    .returning();
  log('info', 'draft created', { actorId, draftId: created.id });
  return viewOf(created);
}

export async function saveDraft(actorId: string, id: number, save: DraftSave): Promise<DraftView> {
  if (save.revision === undefined) {
    throw new HttpError(400, 'Send the draft revision you edited', { revision: 'The revision is required' });
  }
  const current = await findDraft(id);
  if (current.revision !== save.revision) throw new HttpError(409, STALE_REVISION);
  const db = await getDb();
  const [saved] = await db
    .update(lessonDrafts)
    .set({
      content: contentFrom(save, current.content, save.lesson.weight ?? current.content.weight),
      revision: sql`${lessonDrafts.revision} + 1`,
      updatedBy: actorId,
      updatedAt: new Date(),
    })
    .where(and(eq(lessonDrafts.id, id), eq(lessonDrafts.revision, save.revision)))
    .returning();
  if (!saved) throw new HttpError(409, STALE_REVISION);
  return viewOf(saved);
}

export async function discardDraft(actorId: string, id: number): Promise<void> {
  const db = await getDb();
  const [gone] = await db.delete(lessonDrafts).where(eq(lessonDrafts.id, id)).returning({ id: lessonDrafts.id });
  if (!gone) throw new HttpError(404, 'Draft not found');
  log('info', 'draft discarded', { actorId, draftId: id });
}

const FIELDS = [
  'title',
  'pillar',
  'level',
  'orderIndex',
  'duration',
  'weight',
  'sections',
  'learningObjectives',
  'questions',
  'sources',
  'reviewedAt',
] as const satisfies ReadonlyArray<keyof LessonContentData>;

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Moves a stale draft onto the version published now: each field the draft left as it was takes
 * the published value; each field the draft changed keeps the draft's (listed in `kept`).
 */
export async function rebaseDraft(actorId: string, id: number): Promise<DraftView & { kept: string[] }> {
  const draft = await findDraft(id);
  if (draft.lessonId === null) throw new HttpError(409, 'A new lesson has no published version to rebase on');
  const lesson = await getStudioLesson(draft.lessonId);
  const published = contentOf(lesson);
  const base = draft.base ?? published;
  const merged = { ...draft.content } as Record<string, unknown>;
  const kept: string[] = [];
  for (const field of FIELDS) {
    if (same(draft.content[field], base[field])) merged[field] = published[field];
    else kept.push(field);
  }
  const db = await getDb();
  const [rebased] = await db
    .update(lessonDrafts)
    .set({
      content: merged as unknown as LessonContentData,
      base: published,
      baseVersion: lesson.version,
      revision: sql`${lessonDrafts.revision} + 1`,
      updatedBy: actorId,
      updatedAt: new Date(),
    })
    .where(and(eq(lessonDrafts.id, id), eq(lessonDrafts.revision, draft.revision)))
    .returning();
  if (!rebased) throw new HttpError(409, STALE_REVISION);
  log('info', 'draft rebased', { actorId, draftId: id, version: lesson.version, kept });
  return { ...(await viewOf(rebased)), kept };
}
