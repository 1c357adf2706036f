// A plain line diff for the studio's side-by-side view of two lesson versions: the longest common
// subsequence of lines, as rows of (left, right) with what changed. Pure and bounded: a lesson's
// text is a few hundred lines; longer texts are compared line by line at the same positions.
import type { LessonContentData } from '../../db/schema.ts';

export interface DiffRow {
  kind: 'same' | 'removed' | 'added' | 'changed';
  left: string | null;
  right: string | null;
}

const MAX_CELLS = 4_000_000;

/** The rows that show `a` beside `b`: unchanged lines side by side, changes paired where they line up. */
export function diffLines(a: string[], b: string[]): DiffRow[] {
  if (a.length * b.length > MAX_CELLS) {
    return Array.from({ length: Math.max(a.length, b.length) }, (_, i) => row(a[i] ?? null, b[i] ?? null));
  }
  // lcs[i][j]: the longest common subsequence of a[i..] and b[j..].
  const lcs = Array.from({ length: a.length + 1 }, () => new Uint32Array(b.length + 1));
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      lcs[i][j] = a[i] === b[j] ? lcs[i + 1][j + 1] + 1 : Math.max(lcs[i + 1][j], lcs[i][j + 1]);
    }
  }
  const rows: DiffRow[] = [];
  let removed: string[] = [];
  let added: string[] = [];
  const flush = () => {
    for (let k = 0; k < Math.max(removed.length, added.length); k++) {
      rows.push(row(removed[k] ?? null, added[k] ?? null));
    }
    removed = [];
    added = [];
  };
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) {
      flush();
      rows.push({ kind: 'same', left: a[i++], right: b[j++] });
    } else if (j >= b.length || (i < a.length && lcs[i + 1][j] >= lcs[i][j + 1])) removed.push(a[i++]);
    else added.push(b[j++]);
  }
  flush();
  return rows;
}

function row(left: string | null, right: string | null): DiffRow {
  if (left === right) return { kind: 'same', left, right };
  return { kind: left === null ? 'added' : right === null ? 'removed' : 'changed', left, right };
}

const LETTERS = ['A', 'B', 'C', 'D', 'E', 'F'];

/** A version as lines of text: its fields, objectives, sections, then each question with its options. */
export function lessonLines(content: LessonContentData): string[] {
  return [
    `Title: ${content.title}`,
    `Place: ${content.pillar} · ${content.level} · #${content.orderIndex} · ${content.duration} min · weight ${content.weight}`,
    `Reviewed: ${content.reviewedAt ?? '(none)'}`,
    ...content.learningObjectives.map((o) => `Objective: ${o}`),
    ...content.sections.flatMap((s) => [
      ...(s.header ? [`## ${s.header}`] : []),
      ...(s.subheader ? [`### ${s.subheader}`] : []),
      ...s.content.split('\n'),
    ]),
    ...content.questions.flatMap((q, n) => [
      `Question ${n + 1}: ${q.question}`,
      ...q.options.map((o, k) => `  ${LETTERS[k] ?? k + 1}) ${o}${k === q.correctAnswer ? '  (correct)' : ''}`),
      `  Why: ${q.explanation}`,
    ]),
    ...content.sources.map((s) => `Source: ${s.title} (${s.url})`),
  ];
}
