// The one way a lesson is published: a studio draft, the specification's admin screen and its API
// (create and edit), and publishing an unpublished lesson again all come here. In one transaction
// that tells the other instances (writeLessons' NOTIFY): the row is written (a new lesson gets an
// address made from its title), its HTML and question set are rendered and stored, its version is
// kept in the history and the audit log records who did it.
import { and, eq, like, or, sql } from 'drizzle-orm';
import { type Lesson, type LessonContentData, lessons, lessonSlugs } from '../../../../db/schema.ts';
import type { Executor } from '../../../../db/client.ts';
import { HttpError } from '../platform/http.ts';
import { assignQuestionIds } from '../../lesson-form.ts';
import { SLUG_MAX } from '../../library.ts';
import { writeLessons } from '../content/catalogue.ts';
import { storeRendering } from '../content/lesson-render.ts';
import { recordVersion } from '../content/lesson-versions.ts';
import { type AuditAction, logChange, positionChecked, recordAudit } from './admin-lessons.ts';

const SLUG_TAKEN = 'Another lesson has, or had, this address. Choose another one.';
const STALE_VERSION =
  'Someone else saved this lesson while you were editing it. Reload it to see their changes, then make yours again.';

type Question = Omit<LessonContentData['questions'][number], 'id'> & { id?: number };

/** What to publish, read (and locked) by the caller inside the publishing transaction. */
export interface Publication {
  /** The lesson as it is now, locked `for update` (null: a new lesson). */
  current: Lesson | null;
  content: Omit<LessonContentData, 'questions'> & { questions: Question[] };
  /** The address the author chose; absent: a new lesson's is made from its title, an existing one keeps its own. */
  slug?: string;
}

/** The title as an address: lowercase words joined by hyphens, `-2`, `-3`... when another lesson has or had it. */
export async function slugFromTitle(tx: Executor, title: string): Promise<string> {
  const base = title.toLowerCase().normalize('NFKD').replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '')
    .slice(0, SLUG_MAX - 4).replace(/-+$/, '') || 'lesson';
  const pattern = `${base}-%`;
  const taken = new Set([
    ...(await tx.select({ slug: lessons.slug }).from(lessons).where(
      or(eq(lessons.slug, base), like(lessons.slug, pattern)),
    )).map((r) => r.slug),
    ...(await tx.select({ slug: lessonSlugs.slug }).from(lessonSlugs).where(
      or(eq(lessonSlugs.slug, base), like(lessonSlugs.slug, pattern)),
    )).map((r) => r.slug),
  ]);
  for (let n = 1;; n++) {
    const slug = n === 1 ? base : `${base}-${n}`;
    if (!taken.has(slug)) return slug;
  }
}

/**
 * Gives a lesson an address inside the transaction: refused (409) when another lesson has or had
 * it; the old address is kept in lesson_slugs so it answers 301 to the new one.
 */
export async function moveSlug(tx: Executor, lessonId: number, from: string | undefined, to: string): Promise<void> {
  const [current] = await tx.select({ id: lessons.id }).from(lessons).where(eq(lessons.slug, to));
  const [old] = await tx.select({ lessonId: lessonSlugs.lessonId }).from(lessonSlugs).where(eq(lessonSlugs.slug, to));
  if ((current && current.id !== lessonId) || (old && old.lessonId !== lessonId)) {
    throw new HttpError(409, SLUG_TAKEN, { slug: SLUG_TAKEN });
  }
  // Back to an address it had before: that address is current again, no longer a redirect.
  if (old) await tx.delete(lessonSlugs).where(eq(lessonSlugs.slug, to));
  if (from) await tx.insert(lessonSlugs).values({ slug: from, lessonId }).onConflictDoNothing();
}

async function write(tx: Executor, { current, content, slug }: Publication): Promise<Lesson> {
  const { questions: asked, ...fields } = content;
  if (!current) {
    if (slug) await moveSlug(tx, -1, undefined, slug);
    const { questions, lastQuestionId } = assignQuestionIds(asked, [], 0);
    const [inserted] = await tx
      .insert(lessons)
      .values({ ...fields, questions, lastQuestionId, slug: slug ?? await slugFromTitle(tx, fields.title) })
      .returning();
    return inserted;
  }
  const address = slug ?? current.slug;
  if (address !== current.slug) await moveSlug(tx, current.id, current.slug, address);
  const { questions, lastQuestionId } = assignQuestionIds(
    asked,
    current.questions.map((q) => q.id),
    current.lastQuestionId,
  );
  const [written] = await tx
    .update(lessons)
    .set({
      ...fields,
      slug: address,
      questions,
      lastQuestionId,
      version: sql`${lessons.version} + 1`,
      state: 'published',
      stateChangedAt: null,
      updatedAt: new Date(),
    })
    .where(and(eq(lessons.id, current.id), eq(lessons.version, current.version)))
    .returning();
  if (!written) throw new HttpError(409, STALE_VERSION);
  return written;
}

/**
 * Publishes what `prepare` reads (in the transaction, where it may also lock, check and close a
 * draft): a taken position is a 409 with `positionMessage`.
 */
export async function publishLesson(
  actorId: string,
  action: AuditAction,
  note: string,
  prepare: (tx: Executor) => Promise<Publication>,
  positionMessage?: string,
): Promise<Lesson> {
  const row = await positionChecked(() =>
    writeLessons(async (tx) => {
      const published = await storeRendering(tx, await write(tx, await prepare(tx)));
      await recordVersion(tx, published, actorId, note);
      await recordAudit(tx, actorId, action, {
        lessonId: published.id,
        title: published.title,
        version: published.version,
      });
      return published;
    }), positionMessage);
  logChange(actorId, action, { lessonId: row.id, title: row.title, version: row.version });
  return row;
}
