// Lesson files for tests of the curriculum loader: a minimal valid file, and a folder holding some.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** A minimal lesson file, as the curriculum of an earlier release wrote it. */
export function lessonFile(
  slug: string,
  level: string,
  orderIndex: number,
  question = `What does ${slug} teach first?`,
) {
  return `---
slug: ${slug}
title: "${slug}"
pillar: saving
level: ${level}
orderIndex: ${orderIndex}
duration: 5
weight: 10
reviewedAt: 2026-01-10
learningObjectives: [One thing to learn, Another thing to learn]
sources: [{ title: Source, publisher: CFPB, url: "https://www.consumerfinance.gov/" }]
questions:
${
    [0, 1, 2]
      .map((i) =>
        `  - question: "${
          i === 0 ? question : `Question ${i} of ${slug}?`
        }"\n    options: [a, b, c, d]\n    correctAnswer: ${i}\n    skill: apply\n    explanation: "Because it is. The other one is not."`
      )
      .join('\n')
  }
---

## Text

Some text with $5.

## Try this now

Do it.
`;
}

/** A new lessons folder (inside a new temporary folder) holding `files`, by slug. */
export function folderWith(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'curriculum-'));
  const lessonsDir = path.join(dir, 'lessons');
  mkdirSync(lessonsDir);
  for (const [slug, text] of Object.entries(files)) writeFileSync(path.join(lessonsDir, `${slug}.md`), text);
  return lessonsDir;
}
