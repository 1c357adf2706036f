// The assessment's questions (db/content/assessment.yaml, and each earlier version's file) and the
// learners' results. A result keeps the version it was answered in: its answers are read with
// that version's questions, so an old result still explains itself after the questions change.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { desc, eq, sql } from 'drizzle-orm';
import { parse as parseYaml } from 'yaml';
import { z } from 'zod';
import { type Assessment, assessments, userBadges } from '../../../../db/schema.ts';
import { PILLARS } from '../../domain.ts';
import {
  type Answers,
  type AssessmentQuestion,
  checkKnowledgeItems,
  NOT_SURE,
  type PillarHalves,
  type PillarScores,
  placementFor,
  placementScores,
  QUESTION_KINDS,
  scoreAnswers,
  scoreHalves,
  TESTED_LEVELS,
} from '../../assessment.ts';
import type { Pillar } from '../../domain.ts';
import { getDb, prepared } from '../platform/db.ts';

const optionSchema = z.object({
  value: z.string().min(1).max(8),
  label: z.string().min(1),
  score: z.number().int().min(0).max(4),
  notApplicable: z.boolean().optional(),
});

const questionSchema = z.object({
  id: z.number().int().min(1),
  category: z.enum(PILLARS),
  kind: z.enum(QUESTION_KINDS).optional(),
  level: z.enum(TESTED_LEVELS).optional(),
  lesson: z.string().regex(/^[a-z0-9-]+$/).optional(),
  text: z.string().min(5),
  options: z.array(optionSchema).length(5),
});

/** A version's file: 12 questions, 4 per pillar, 5 options each scored 0 to 4. */
export const assessmentFileSchema = z
  .object({ version: z.number().int().min(1), questions: z.array(questionSchema).length(12) })
  .superRefine((file, ctx) => {
    for (const pillar of PILLARS) {
      const n = file.questions.filter((q) => q.category === pillar).length;
      if (n !== 4) {
        ctx.addIssue({ code: 'custom', path: ['questions'], message: `${pillar} has ${n} questions, not 4` });
      }
    }
    for (const q of file.questions) {
      const values = new Set(q.options.map((o) => o.value));
      if (values.size !== 5) {
        ctx.addIssue({
          code: 'custom',
          path: ['questions', q.id],
          message: `question ${q.id} repeats an option value`,
        });
      }
    }
  });

/**
 * The current version's own rules (docs/DESIGN.md difference 11): in each pillar 2 knowledge and 2
 * habit questions; a knowledge question has one best answer (scored 4) and "I'm not sure" last,
 * scored 0; only a habit may have a "does not apply" option.
 */
export function checkCurrentAssessment(questions: AssessmentQuestion[]): string[] {
  const problems: string[] = [];
  for (const pillar of PILLARS) {
    const kinds = questions.filter((q) => q.category === pillar).map((q) => q.kind);
    if (kinds.filter((k) => k === 'knowledge').length !== 2 || kinds.filter((k) => k === 'habit').length !== 2) {
      problems.push(`${pillar}: needs 2 knowledge and 2 habit questions, has ${kinds.join(', ')}`);
    }
  }
  for (const q of questions) {
    if (q.kind === 'knowledge') {
      const last = q.options.at(-1)!;
      if (last.label !== NOT_SURE || last.score !== 0) {
        problems.push(`question ${q.id}: a knowledge question ends with "${NOT_SURE}", scored 0`);
      }
      if (q.options.filter((o) => o.score === 4).length !== 1) {
        problems.push(`question ${q.id}: a knowledge question has exactly one best answer (scored 4)`);
      }
      if (q.options.some((o) => o.notApplicable)) {
        problems.push(`question ${q.id}: a knowledge question cannot be "does not apply"`);
      }
    }
    if (q.options.filter((o) => o.notApplicable).some((o) => o.score !== 0)) {
      problems.push(`question ${q.id}: a "does not apply" option is scored 0 (it is never counted)`);
    }
    if (q.kind === 'habit' && (q.level || q.lesson)) {
      problems.push(`question ${q.id}: only a knowledge question names a level and a lesson`);
    }
  }
  // Issue 41: placement comes from the knowledge questions, so each tests a level's material, without partial credit.
  problems.push(...checkKnowledgeItems(questions));
  return problems;
}

interface AssessmentVersions {
  current: number;
  byVersion: Map<number, AssessmentQuestion[]>;
}

let cached: { dir: string; byDefault: boolean; versions: AssessmentVersions } | undefined;

/** Every version's questions from db/content/assessment*.yaml (read once). */
export function loadAssessmentVersions(dir?: string): AssessmentVersions {
  // Read on most learner requests: the cached answer costs no call to the file system (cwd).
  if (cached && (dir === undefined ? cached.byDefault : cached.dir === dir)) return cached.versions;
  const contentDir = dir ?? path.resolve(process.cwd(), 'db/content');
  const byVersion = new Map<number, AssessmentQuestion[]>();
  const read = (file: string) =>
    assessmentFileSchema.parse(parseYaml(readFileSync(path.join(contentDir, file), 'utf8')));
  const current = read('assessment.yaml');
  byVersion.set(current.version, current.questions);
  const older = existsSync(contentDir) ? readdirSync(contentDir).filter((f) => /^assessment-v\d+\.yaml$/.test(f)) : [];
  for (const file of older) {
    const parsed = read(file);
    if (parsed.version >= current.version) {
      throw new Error(`${file}: version ${parsed.version} is not older than the current ${current.version}`);
    }
    byVersion.set(parsed.version, parsed.questions);
  }
  const versions = { current: current.version, byVersion };
  cached = { dir: contentDir, byDefault: dir === undefined, versions };
  return versions;
}

/** The current version's 12 questions. */
export function loadAssessmentQuestions(contentDir?: string): AssessmentQuestion[] {
  const versions = loadAssessmentVersions(contentDir);
  return versions.byVersion.get(versions.current)!;
}

export function currentAssessmentVersion(): number {
  return loadAssessmentVersions().current;
}

/** The questions of a version (the current one when the version is unknown). */
export function questionsOfVersion(version: number): AssessmentQuestion[] {
  const versions = loadAssessmentVersions();
  return versions.byVersion.get(version) ?? versions.byVersion.get(versions.current)!;
}

export interface AssessmentRecord extends PillarScores {
  id: string;
  userId: string;
  answers: Answers;
  /** The version of the assessment these answers belong to. */
  version: number;
  /** True when the result came from an earlier version than today's. */
  earlierVersion: boolean;
  createdAt: string;
  /** The level per pillar: from the knowledge questions (version 3 on), else from the pillar score. */
  levels: ReturnType<typeof placementFor>;
  /** The figure each level and the result's words come from (see `placementScores`). */
  placementScores: Record<Pillar, number>;
  /** "What you know" and "what you do" per pillar; null for a version without the split (1). */
  halves: Record<Pillar, PillarHalves> | null;
}

/** A stored result as the screens read it (its version's questions, placement and halves). */
export function toAssessmentRecord(row: Assessment): AssessmentRecord {
  const scores = { savingScore: row.savingScore, creditScore: row.creditScore, investingScore: row.investingScore };
  const questions = questionsOfVersion(row.version);
  const split = questions.every((q) => q.kind) && Object.keys(row.answers).length > 0;
  return {
    id: row.id,
    userId: row.userId,
    ...scores,
    answers: row.answers,
    version: row.version,
    earlierVersion: row.version < currentAssessmentVersion(),
    createdAt: row.createdAt.toISOString(),
    levels: placementFor(questions, scores, row.answers),
    placementScores: placementScores(questions, scores, row.answers),
    halves: split ? scoreHalves(questions, row.answers) : null,
  };
}

export function scoreSubmission(answers: Answers): PillarScores {
  return scoreAnswers(loadAssessmentQuestions(), answers);
}

/** Stores a result, and the assessment badge with the first one (in the same transaction). */
export async function recordAssessment(
  userId: string,
  scores: PillarScores,
  answers: Answers,
): Promise<AssessmentRecord> {
  const db = await getDb();
  const row = await db.transaction(async (tx) => {
    const [stored] = await tx.insert(assessments).values({
      userId,
      ...scores,
      answers,
      version: currentAssessmentVersion(),
    }).returning();
    await tx.insert(userBadges).values({ userId, badge: 'assessment-complete', earnedAt: stored.createdAt })
      .onConflictDoNothing();
    return stored;
  });
  return toAssessmentRecord(row);
}

/** The newest attempt sets placement; earlier ones stay for the progress screen. */
const latestStatement = prepared((db) =>
  db.select().from(assessments).where(eq(assessments.userId, sql.placeholder('userId'))).orderBy(
    desc(assessments.createdAt),
  ).limit(1).prepare('latest_assessment')
);

export async function findLatestAssessment(userId: string): Promise<AssessmentRecord | null> {
  const [row] = await (await latestStatement()).execute({ userId });
  return row ? toAssessmentRecord(row) : null;
}
