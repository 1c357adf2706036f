// `npm run content:check [pillar] [--cues]`: the content rules of tests/unit/curriculum.test.ts,
// printed for authors (optionally for one pillar), without running the test suite. `--cues` also
// prints each lesson's quiz cues: keys strictly longest, keys alone in a hedge word, keys alone
// without an absolute word.
import process from 'node:process';
import { checkFactLiterals, MIN_LESSONS_PER_LEVEL, type ParsedLesson } from '../src/lib/curriculum.ts';
import { checkCurriculum, checkFactSources, checkLesson, checkOrderOfOperations } from '../src/lib/content-rules.ts';
import { isAmongTwoLongest, onlyHedgedKeys, onlyHedgeWordKeys, quizCues } from '../src/lib/quiz-cues.ts';
import { LEVELS, type Pillar, PILLARS } from '../src/lib/domain.ts';
import { readFacts, readLessonFiles } from '../src/lib/server/content/curriculum-loader.ts';
import { checkAssessmentContent } from './check-assessment.ts';

const args = process.argv.slice(2);
const showCues = args.includes('--cues');
const pillar = args.find((a) => !a.startsWith('--')) as Pillar | undefined;
if (pillar && !PILLARS.includes(pillar)) {
  console.error(`usage: check-content [${PILLARS.join('|')}] [--cues]`);
  process.exit(2);
}
const facts = readFacts();
const lessons: ParsedLesson[] = [];
const problems: string[] = [];
for (const { file, raw, lesson, error } of readLessonFiles(undefined, facts)) {
  if (pillar && !file.startsWith(`${pillar}-`) && lesson?.pillar !== pillar) continue;
  if (!lesson) {
    problems.push(error!);
    continue;
  }
  lessons.push(lesson);
  problems.push(
    ...checkLesson(lesson, file),
    ...checkFactLiterals(raw, facts, file),
    ...checkOrderOfOperations(raw, file),
    ...checkFactSources(raw, lesson, facts, file),
  );
}
problems.push(...(pillar ? checkCurriculum(lessons).filter((p) => p.startsWith(pillar)) : checkCurriculum(lessons)));
problems.push(...(pillar ? [] : checkAssessmentContent()));
for (const p of PILLARS.filter((p) => !pillar || p === pillar)) {
  const inPillar = lessons.filter((l) => l.pillar === p);
  const questions = inPillar.flatMap((l) => l.questions);
  const counts = LEVELS.map((level) => inPillar.filter((l) => l.level === level).length).join('/');
  const longest = questions.filter((q) =>
    q.options.every((o, i) =>
      i === q.correctAnswer || o.length < q.options[q.correctAnswer].length
    )
  ).length;
  const twoLongest = questions.filter(isAmongTwoLongest).length;
  const positions = [0, 1, 2, 3].map((i) => questions.filter((q) => q.correctAnswer === i).length).join('/');
  const hedged = inPillar.reduce((n, l) => n + onlyHedgedKeys(l.questions).length, 0);
  const hedgeWord = inPillar.reduce((n, l) => n + onlyHedgeWordKeys(l.questions).length, 0);
  const skills = ['recall', 'apply', 'calculate'].map((s) => `${s} ${questions.filter((q) => q.skill === s).length}`)
    .join(', ');
  console.log(
    `${p}: lessons ${counts} (want at least ${MIN_LESSONS_PER_LEVEL} each), ${questions.length} questions, correct is longest in ${longest}, among the two longest in ${twoLongest}, positions ${positions}, key alone without an absolute word ${hedged}, key alone with a hedge word ${hedgeWord}, ${skills}, weights ${
      inPillar.reduce((s, l) => s + l.weight, 0).toFixed(2)
    }`,
  );
}
if (showCues) {
  console.log(
    '\nlesson | questions | key strictly longest | key alone with a hedge word | key alone without an absolute word',
  );
  for (const lesson of [...lessons].sort((a, b) => a.slug.localeCompare(b.slug))) {
    const cues = quizCues(lesson.questions);
    const list = (n: number[]) => (n.length ? `${n.length} (q${n.join(', q')})` : '0');
    console.log(
      `${lesson.slug} | ${lesson.questions.length} | ${list(cues.longest)} | ${list(cues.hedgeWord)} | ${
        list(cues.notAbsolute)
      }`,
    );
  }
}
console.log(problems.length ? `\n${problems.length} problem(s):\n- ${problems.join('\n- ')}` : '\nNo problems.');
process.exit(problems.length ? 1 : 0);
