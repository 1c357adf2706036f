// The publishing rules' problems as an author would write them, each tied to the editor field it
// is about (a path like the form's: `sources.0.url`, `questions.2`), so the editor shows it there.
import { WORDS_PER_MINUTE } from './curriculum.ts';

export interface DraftIssue {
  /** The editor field the problem is about ('' when it is about the lesson as a whole). */
  field: string;
  message: string;
}

interface SchemaIssue {
  path: PropertyKey[];
  code: string;
  message: string;
}

const ordinal = (n: number) => ['first', 'second', 'third', 'fourth', 'fifth'][n - 1] ?? `#${n}`;

/** One schema issue of lessonFileSchema over a draft, reworded; `counts` are the draft's list lengths. */
export function schemaIssue(issue: SchemaIssue, counts: { objectives: number; questions: number }): DraftIssue {
  const [field, index, part] = issue.path as [string, number | undefined, string | undefined];
  const n = typeof index === 'number' ? index + 1 : 0;
  const at = (message: string, path = field) => ({ field: path, message });
  switch (field) {
    case 'title':
      return at(
        issue.code === 'too_big'
          ? 'Shorten the title to at most 120 characters'
          : 'Give the lesson a title of at least 3 characters',
      );
    case 'duration':
      return at('Set the duration to 5 to 12 minutes: a lesson is short');
    case 'orderIndex':
      return at('Set the order to 1 or more');
    case 'weight':
      return at('Set a weight from 0 to 100');
    case 'pillar':
      return at('Choose a pillar');
    case 'level':
      return at('Choose a level');
    case 'learningObjectives':
      if (n) return at(`Write objective ${n} out: what the learner can do after the lesson`, `${field}.${index}`);
      if (issue.code === 'too_big') return at('Keep it to at most four learning objectives');
      return at(
        counts.objectives === 0
          ? 'Add two learning objectives: what the learner can do after the lesson'
          : `Add a ${ordinal(counts.objectives + 1)} learning objective`,
      );
    case 'sources':
      if (!n) return at("Add a source: where the lesson's facts come from (title, publisher and address)");
      if (part === 'publisher') {
        return at(`Name the publisher of source ${n} (like IRS or FDIC)`, `sources.${index}.publisher`);
      }
      if (part === 'url') return at(`Give source ${n} an address starting with https://`, `sources.${index}.url`);
      return at(`Give source ${n} a title of at least 3 characters`, `sources.${index}.title`);
    case 'questions': {
      if (!n) {
        const missing = 3 - counts.questions;
        return at(
          missing > 0
            ? `A quiz has 3 to 5 questions: add ${missing} more`
            : `A quiz has 3 to 5 questions: remove ${counts.questions - 5}`,
        );
      }
      const path = `questions.${index}`;
      if (part === 'question') return at(`Write question ${n} out (at least 10 characters)`, path);
      if (part === 'explanation') {
        return at(`Explain question ${n}'s answer: why it is right (at least 20 characters)`, path);
      }
      if (part === 'correctAnswer') return at(`Choose the correct option of question ${n}`, path);
      return at(`Fill in all four options of question ${n}`, path);
    }
  }
  return at(`${issue.path.join(' ')}: ${issue.message}`, '');
}

const QUESTION = /^question (\d+)/i;

/** One problem of checkLesson or the figure checks (its file name removed), reworded and placed. */
export function ruleIssue(problem: string): DraftIssue {
  let m: RegExpExecArray | null;
  if (/text before the first "## " header/.test(problem)) {
    return { field: 'sections', message: 'Give every section a header' };
  }
  if ((m = /^(\d+) sections \(3 to 6 required\)/.exec(problem))) {
    return { field: 'sections', message: `Write 3 to 6 sections, each with a header (now ${m[1]})` };
  }
  if (/no "Try this now" section/.test(problem)) {
    return { field: 'sections', message: 'Add a section headed "Try this now": one thing to do today' };
  }
  if ((m = /^duration (\d+) min but (\d+) words is ([\d.]+) min/.exec(problem))) {
    const words = Number(m[2]);
    const minutes = Math.max(1, Math.round(words / WORDS_PER_MINUTE));
    return {
      field: 'duration',
      message: words < WORDS_PER_MINUTE * 5
        ? `The lesson reads in ${
          minutes === 1 ? 'about a minute' : `about ${minutes} minutes`
        } (${words} words): write at least ${WORDS_PER_MINUTE * 4} words for a 5-minute lesson`
        : `At ${words} words the lesson reads in about ${minutes} minutes: set the duration to ${minutes}`,
    };
  }
  if (/no worked example with dollar figures/.test(problem)) {
    return { field: 'sections', message: 'Add a worked example with dollar figures (like $1,200)' };
  }
  if ((m = /^reviewedAt (.*) is not a date within the last 12 months/.exec(problem))) {
    return {
      field: 'reviewedAt',
      message: m[1]
        ? `The review date ${m[1]} is not within the last 12 months: check the facts again and set the day you did`
        : "Set the review date: the day you checked the lesson's facts",
    };
  }
  if (/needs its source|does not cite its source|not a primary source/.test(problem)) {
    return { field: 'sources', message: problem.charAt(0).toUpperCase() + problem.slice(1) };
  }
  if ((m = QUESTION.exec(problem))) {
    return { field: `questions.${Number(m[1]) - 1}`, message: problem.charAt(0).toUpperCase() + problem.slice(1) };
  }
  if ((m = /^more than one recall question/.exec(problem))) {
    return { field: 'questions', message: 'Ask at most one recall question: put the learner in a situation instead' };
  }
  return { field: problem.startsWith('section') ? 'sections' : '', message: problem };
}
