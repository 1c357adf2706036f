import { readFileSync } from 'node:fs';
import path from 'node:path';
import { desc, eq } from 'drizzle-orm';
import { parse as parseYaml } from 'yaml';
import { z } from 'zod';
import { assessments, type Assessment } from '../../../db/schema.ts';
import { PILLARS } from '../domain.ts';
import { placementOf, scoreAnswers, type Answers, type AssessmentQuestion, type PillarScores } from '../assessment.ts';
import { getDb } from './db.ts';

const questionFile = z
  .array(
    z.object({
      id: z.number().int().min(1),
      category: z.enum(PILLARS),
      text: z.string().min(5),
      options: z.array(z.object({ value: z.string(), label: z.string().min(1), score: z.number().int().min(0).max(4) })).length(5),
    }),
  )
  .length(12);

let cached: AssessmentQuestion[] | undefined;

/** The 12 questions from db/content/assessment.yaml (read once). */
export function loadAssessmentQuestions(contentDir = path.resolve(process.cwd(), 'db/content')): AssessmentQuestion[] {
  if (cached) return cached;
  const parsed = questionFile.parse(parseYaml(readFileSync(path.join(contentDir, 'assessment.yaml'), 'utf8')));
  cached = parsed;
  return parsed;
}

export interface AssessmentRecord extends PillarScores {
  id: string;
  userId: string;
  answers: Answers;
  createdAt: string;
  levels: ReturnType<typeof placementOf>;
}

function toRecord(row: Assessment): AssessmentRecord {
  const scores = { savingScore: row.savingScore, creditScore: row.creditScore, investingScore: row.investingScore };
  return { id: row.id, userId: row.userId, ...scores, answers: row.answers, createdAt: row.createdAt.toISOString(), levels: placementOf(scores) };
}

export function scoreSubmission(answers: Answers): PillarScores {
  return scoreAnswers(loadAssessmentQuestions(), answers);
}

export async function recordAssessment(userId: string, scores: PillarScores, answers: Answers): Promise<AssessmentRecord> {
  const db = await getDb();
  const [row] = await db.insert(assessments).values({ userId, ...scores, answers }).returning();
  return toRecord(row);
}

/** The newest attempt sets placement; earlier ones stay for the progress screen. */
export async function findLatestAssessment(userId: string): Promise<AssessmentRecord | null> {
  const db = await getDb();
  const [row] = await db.select().from(assessments).where(eq(assessments.userId, userId)).orderBy(desc(assessments.createdAt)).limit(1);
  return row ? toRecord(row) : null;
}

export async function listAssessments(userId: string): Promise<AssessmentRecord[]> {
  const db = await getDb();
  const rows = await db.select().from(assessments).where(eq(assessments.userId, userId)).orderBy(assessments.createdAt);
  return rows.map(toRecord);
}
