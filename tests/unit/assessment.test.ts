import { assert, assertEquals, assertMatch } from '../helpers/assert.ts';
import {
  type AssessmentQuestion,
  bandForScore,
  checkKnowledgeItems,
  colourForScore,
  formatChange,
  knowledgeResult,
  leftOutNote,
  levelForScore,
  messageForScore,
  placementFor,
  placementScores,
  placesOnKnowledge,
  scoreAnswers,
  scoreChange,
  scoreHalves,
} from '../../src/lib/assessment.ts';
import { checkKnowledgeKeyPositions } from '../../src/lib/assessment-key-positions.ts';
import {
  assessmentFileSchema,
  checkCurrentAssessment,
  currentAssessmentVersion,
  loadAssessmentQuestions,
  questionsOfVersion,
} from '../../src/lib/server/learning/assessment.ts';

const opts = (n: number) => [0, 1, 2, 3, 4].map((s) => ({ value: String(s), label: `${n}-${s}`, score: s }));
const questions: AssessmentQuestion[] = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12].map((id) => ({
  id,
  text: `q${id}`,
  category: id <= 4 ? 'saving' : id <= 8 ? 'credit' : 'investing',
  options: opts(id),
}));

Deno.test('category score = chosen scores / (answered × 4), as a rounded percentage', () => {
  const all4 = Object.fromEntries(questions.map((q) => [String(q.id), '4']));
  assertEquals(scoreAnswers(questions, all4), { savingScore: 100, creditScore: 100, investingScore: 100 });
  const all0 = Object.fromEntries(questions.map((q) => [String(q.id), '0']));
  assertEquals(scoreAnswers(questions, all0), { savingScore: 0, creditScore: 0, investingScore: 0 });
  // saving 1+2+3+4 = 10 / 16 = 62.5 → 63; credit 1+1+1+2 = 5/16 = 31.25 → 31; investing 3+3+3+2 = 11/16 = 68.75 → 69
  const mixed = { 1: '1', 2: '2', 3: '3', 4: '4', 5: '1', 6: '1', 7: '1', 8: '2', 9: '3', 10: '3', 11: '3', 12: '2' };
  assertEquals(scoreAnswers(questions, mixed), { savingScore: 63, creditScore: 31, investingScore: 69 });
});

Deno.test('only answered questions count; an unanswered category scores 0', () => {
  // saving: one answer of 3 → 3/4 = 75; credit: two answers 1 and 2 → 3/8 = 37.5 → 38
  assertEquals(scoreAnswers(questions, { 1: '3', 5: '1', 6: '2' }), {
    savingScore: 75,
    creditScore: 38,
    investingScore: 0,
  });
  assertEquals(scoreAnswers(questions, {}), { savingScore: 0, creditScore: 0, investingScore: 0 });
  // Unknown ids and values are ignored (the endpoint refuses them before scoring).
  assertEquals(scoreAnswers(questions, { 99: '4', 1: '9', 2: '2' }).savingScore, 50);
});

Deno.test('level bands at every boundary: 49/50 and 74/75', () => {
  assertEquals([0, 49, 50, 74, 75, 100].map(levelForScore), [
    'beginner',
    'beginner',
    'intermediate',
    'intermediate',
    'advanced',
    'advanced',
  ]);
});

Deno.test('text bands, colours and dashboard messages at 24/25, 49/50, 74/75', () => {
  assertEquals([24, 25, 49, 50, 74, 75].map(bandForScore), [
    'Start with foundation concepts',
    'Basic understanding',
    'Basic understanding',
    'Good foundation',
    'Good foundation',
    'Excellent knowledge',
  ]);
  assertEquals([49, 50, 74, 75].map(colourForScore), ['red', 'yellow', 'yellow', 'green']);
  assertEquals(messageForScore(75), 'Excellent knowledge! Continue with advanced topics.');
  assertEquals(messageForScore(50), 'Good foundation. Ready for intermediate lessons.');
  assertEquals(messageForScore(25), 'Basic understanding. Focus on beginner lessons.');
});

Deno.test('the content file: 12 questions, 1-4 saving, 5-8 credit, 9-12 investing; 2 knowledge and 2 habit per pillar; 5 options scored 0 to 4; "I\'m not sure" last on knowledge', () => {
  const loaded = loadAssessmentQuestions();
  assertEquals(loaded.map((q) => q.id), [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
  assertEquals(loaded.map((q) => q.category), [
    ...Array(4).fill('saving'),
    ...Array(4).fill('credit'),
    ...Array(4).fill('investing'),
  ]);
  for (const q of loaded) {
    assertEquals(q.options.length, 5);
    assert(
      q.options.every((o) => Number.isInteger(o.score) && o.score >= 0 && o.score <= 4),
      `question ${q.id} scores 0 to 4`,
    );
    assertEquals(new Set(q.options.map((o) => o.label)).size, 5);
    assertEquals(new Set(q.options.map((o) => o.value)).size, 5);
    assert(q.kind === 'knowledge' || q.kind === 'habit', `question ${q.id} has a kind`);
    if (q.kind === 'knowledge') {
      assertEquals(q.options.at(-1)!.label, "I'm not sure");
      assertEquals(q.options.at(-1)!.score, 0);
      assertEquals(q.options.filter((o) => o.score === 4).length, 1, `question ${q.id} has one best answer`);
    }
  }
  for (const pillar of ['saving', 'credit', 'investing']) {
    const kinds = loaded.filter((q) => q.category === pillar).map((q) => q.kind).sort();
    assertEquals(kinds, ['habit', 'habit', 'knowledge', 'knowledge'], pillar);
  }
  assertEquals(checkCurrentAssessment(loaded), []);
  // 30+ days late asked about (q5); a question on paying a card in full (q6, a habit).
  assertMatch(loaded[4].text, /30 days or more/);
  assert(
    loaded[5].options.some((o) => /in full every month/i.test(o.label) && o.score === 4),
    'q6: paying in full every month scores 4',
  );
  // Issue 41: q1 asks about take-home pay, and no earnings is not counted.
  assertMatch(loaded[0].text, /take-home pay/);
  assert(
    loaded[0].options.some((o) => o.label === 'I have no earnings right now' && o.notApplicable),
    'q1: no earnings is not counted',
  );
  // q9 asks about the full employer match; no match offered is not counted.
  assertMatch(loaded[8].text, /full match/);
  assert(
    loaded[8].options.some((o) => /full match/.test(o.label) && o.score === 4),
    'q9: getting the full match scores 4',
  );
  assert(
    loaded[8].options.some((o) => /No match is offered/.test(o.label) && o.notApplicable),
    'q9: no match offered is not counted',
  );
  // q11 (a 20% drop) is not counted for people who do not invest.
  assert(
    loaded[10].options.some((o) => o.label === "I don't invest yet" && o.notApplicable),
    'q11: not investing is not counted',
  );
  // q12's right answer gives the right reason: the lower fee leaves more money compounding.
  const q12Key = loaded[11].options.find((o) => o.score === 4)!;
  assertMatch(q12Key.label, /lower fee leaves more money compounding/);
});

Deno.test('the content checks catch a bad file: wrong kinds, a knowledge question without "I\'m not sure" last, two best answers, a counted "does not apply"', () => {
  const good = loadAssessmentQuestions();
  const withKinds = good.map((q) => ({ ...q, kind: 'habit' as const }));
  assertMatch(checkCurrentAssessment(withKinds).join('\n'), /saving: needs 2 knowledge and 2 habit questions/);
  const q3 = good.find((q) => q.kind === 'knowledge')!;
  const noNotSure = good.map((
    q,
  ) => (q.id === q3.id ? { ...q, options: [...q.options.slice(0, 4).reverse(), q.options[4]].reverse() } : q));
  assertMatch(
    checkCurrentAssessment(noNotSure).join('\n'),
    new RegExp(`question ${q3.id}: a knowledge question ends with`),
  );
  const twoBest = good.map((
    q,
  ) => (q.id === q3.id ? { ...q, options: q.options.map((o, i) => (i === 0 ? { ...o, score: 4 } : o)) } : q));
  assertMatch(
    checkCurrentAssessment(twoBest).join('\n'),
    new RegExp(`question ${q3.id}: a knowledge question has exactly one best answer`),
  );
  const scoredNa = good.map((q) => ({
    ...q,
    options: q.options.map((o) => (o.notApplicable ? { ...o, score: 2 } : o)),
  }));
  assertMatch(checkCurrentAssessment(scoredNa).join('\n'), /"does not apply" option is scored 0/);
  assertEquals(
    assessmentFileSchema.safeParse({ version: 2, questions: good.slice(0, 11) }).success,
    false,
    '11 questions',
  );
  assertEquals(
    assessmentFileSchema.safeParse({
      version: 2,
      questions: good.map((q) => ({ ...q, options: q.options.slice(0, 4) })),
    }).success,
    false,
    '4 options',
  );
  assertEquals(
    assessmentFileSchema.safeParse({
      version: 2,
      questions: good.map((q) => (q.id === 1 ? { ...q, options: q.options.map((o) => ({ ...o, score: 5 })) } : q)),
    }).success,
    false,
    'a score of 5',
  );
});

Deno.test('an answer that does not apply is not counted; a pillar answered only that way has no answers (0)', () => {
  const qs: AssessmentQuestion[] = questions.map((
    q,
  ) => (q.id === 6 || q.id === 9
    ? {
      ...q,
      options: [...q.options.slice(0, 4), { value: 'na', label: 'Does not apply', score: 0, notApplicable: true }],
    }
    : q)
  );
  // credit: q5 = 3, q6 does not apply → 3 / 4 = 75 (not 3 / 8); investing: only q9, not applicable → 0.
  assertEquals(scoreAnswers(qs, { 5: '3', 6: 'na', 9: 'na' }), { savingScore: 0, creditScore: 75, investingScore: 0 });
  assertEquals(scoreAnswers(qs, { 5: '3', 6: '0' }).creditScore, 38);
});

Deno.test('the result says which answers did not apply and were left out, so its figures add up', () => {
  const qs: AssessmentQuestion[] = questions.map((q) => ({
    ...q,
    options: [...q.options.slice(0, 4), { value: 'na', label: 'Does not apply', score: 0, notApplicable: true }],
  }));
  const all = Object.fromEntries(questions.map((q) => [q.id, '3']));
  const table: Array<[string, Record<number, string>, string, string | null]> = [
    ['nothing left out', all, 'credit', null],
    [
      'one of four',
      { ...all, 6: 'na' },
      'credit',
      '1 answer did not apply to you and was left out: your Credit result is from your other 3 answers',
    ],
    [
      'two of four',
      { ...all, 9: 'na', 11: 'na' },
      'investing',
      '2 answers did not apply to you and were left out: your Investing result is from your other 2 answers',
    ],
    [
      'all of them',
      { ...all, 1: 'na', 2: 'na', 3: 'na', 4: 'na' },
      'saving',
      '4 answers did not apply to you and were left out: your Saving result has no answers to count',
    ],
  ];
  for (const [name, answers, pillar, note] of table) {
    assertEquals(leftOutNote(qs, answers, pillar as 'saving'), note, name);
  }
  // The figure it explains: credit is 3 of 4 points on its 3 counted answers.
  assertEquals(scoreAnswers(qs, { ...all, 6: 'na' }).creditScore, 75);
});

Deno.test('the halves: what you know and what you do, each by the same formula; none counted is null', () => {
  const kinds: AssessmentQuestion[] = questions.map((q) => ({ ...q, kind: q.id % 2 === 0 ? 'knowledge' : 'habit' }));
  // saving: knowledge q2 = 4, q4 = 1 → 5/8 = 63; habits q1 = 2, q3 = 2 → 4/8 = 50. credit: habits only (q5 = 0) → 0, knowledge null.
  assertEquals(scoreHalves(kinds, { 1: '2', 2: '4', 3: '2', 4: '1', 5: '0' }), {
    saving: { knowledge: 63, habits: 50 },
    credit: { knowledge: null, habits: 0 },
    investing: { knowledge: null, habits: null },
  });
});

Deno.test('results of the first version stay readable: its file loads, and it has no knowledge/habit split', () => {
  const v1 = questionsOfVersion(1);
  assertEquals(v1.length, 12);
  assertEquals(v1[0].options.map((o) => o.value), ['0', '1', '2', '3', '4']);
  assertEquals(v1.some((q) => q.kind), false);
  assert(currentAssessmentVersion() > 1);
  assertEquals(questionsOfVersion(currentAssessmentVersion()), loadAssessmentQuestions());
});

/**
 * Mutual exclusivity, for the two questions whose options once overlapped: every kind of learner
 * (each combination below) fits exactly one option, and each option still says the words the
 * rule it stands for is read from. Rewording an option means revisiting its rule here.
 */
function assertPartition<P>(
  questionId: number,
  profiles: P[],
  options: Array<{ score: number | 'n/a'; says: string[]; fits: (p: P) => boolean }>,
) {
  const question = loadAssessmentQuestions().find((q) => q.id === questionId)!;
  const optionFor = (score: number | 'n/a') =>
    question.options.find((o) => (score === 'n/a' ? o.notApplicable : !o.notApplicable && o.score === score));
  for (const option of options) {
    const label = optionFor(option.score)!.label.toLowerCase().replaceAll('’', "'");
    for (const words of option.says) {
      assert(
        label.includes(words),
        `question ${questionId}, option ${option.score} ("${label}") should say "${words}"`,
      );
    }
  }
  assertEquals(options.length, question.options.length, 'every option is accounted for');
  assertEquals(new Set(options.map((o) => optionFor(o.score))).size, question.options.length);
  for (const p of profiles) {
    const fitting = options.filter((o) => o.fits(p)).map((o) => o.score);
    assertEquals(
      fitting.length,
      1,
      `question ${questionId}: ${JSON.stringify(p)} fits options ${JSON.stringify(fitting)}`,
    );
  }
}

Deno.test('question 5 (late payments): every payment record fits exactly one option, and only 30+ days late counts as late on a report', () => {
  type Record_ = { late30: 0 | 1 | 2; fewDaysLate: 'never' | 'once or twice' | 'often' };
  const profiles: Record_[] = [];
  for (const late30 of [0, 1, 2] as const) {
    for (const fewDaysLate of ['never', 'once or twice', 'often'] as const) profiles.push({ late30, fewDaysLate });
  }
  assertPartition(5, profiles, [
    { score: 0, says: ['yes, more than once'], fits: (p) => p.late30 === 2 },
    { score: 1, says: ['yes, once'], fits: (p) => p.late30 === 1 },
    { score: 2, says: ['no', 'often pay a few days late'], fits: (p) => p.late30 === 0 && p.fewDaysLate === 'often' },
    {
      score: 3,
      says: ['no', 'a few days late once or twice'],
      fits: (p) => p.late30 === 0 && p.fewDaysLate === 'once or twice',
    },
    { score: 4, says: ['no', 'always pay on time'], fits: (p) => p.late30 === 0 && p.fewDaysLate === 'never' },
  ]);
});

Deno.test('question 11 (a 20% drop): every person fits exactly one option, worst to best, and someone who does not invest is not counted', () => {
  type Reaction = { invests: boolean; takeOut: 'all' | 'some' | 'none'; addsOnSchedule: boolean; keepsAdding: boolean };
  const profiles: Reaction[] = [{ invests: false, takeOut: 'none', addsOnSchedule: false, keepsAdding: false }];
  for (const takeOut of ['all', 'some', 'none'] as const) {
    // Someone who adds nothing on a schedule has nothing to keep adding or to stop.
    for (const addsOnSchedule of [true, false]) {
      for (const keepsAdding of addsOnSchedule ? [true, false] : [false]) {
        profiles.push({ invests: true, takeOut, addsOnSchedule, keepsAdding });
      }
    }
  }
  assertPartition(11, profiles, [
    { score: 0, says: ['sell everything'], fits: (p) => p.invests && p.takeOut === 'all' },
    { score: 1, says: ['sell some', 'rest invested'], fits: (p) => p.invests && p.takeOut === 'some' },
    {
      score: 2,
      says: ['all invested', 'stop adding money'],
      fits: (p) => p.invests && p.takeOut === 'none' && p.addsOnSchedule && !p.keepsAdding,
    },
    {
      score: 4,
      says: ['all invested', 'carry on as usual', 'adding money if i usually do'],
      fits: (p) => p.invests && p.takeOut === 'none' && (!p.addsOnSchedule || p.keepsAdding),
    },
    { score: 'n/a', says: ["i don't invest yet"], fits: (p) => !p.invests },
  ]);
});

Deno.test('question 9 (the employer match): every person fits exactly one option, and no match offered is not counted', () => {
  type Person = { match: 'offered' | 'none' | 'unknown'; puts: 'nothing' | 'less' | 'full' };
  const profiles: Person[] = [];
  for (const match of ['offered', 'none', 'unknown'] as const) {
    for (const puts of ['nothing', 'less', 'full'] as const) {
      profiles.push({ match, puts });
    }
  }
  assertPartition(9, profiles, [
    {
      score: 0,
      says: ['a match is offered', 'put nothing in'],
      fits: (p) => p.match === 'offered' && p.puts === 'nothing',
    },
    { score: 1, says: ["i'm not sure whether a match is offered"], fits: (p) => p.match === 'unknown' },
    {
      score: 2,
      says: ['less than it takes to get the full match'],
      fits: (p) => p.match === 'offered' && p.puts === 'less',
    },
    { score: 4, says: ['enough to get the full match'], fits: (p) => p.match === 'offered' && p.puts === 'full' },
    { score: 'n/a', says: ['no match is offered'], fits: (p) => p.match === 'none' },
  ]);
});

Deno.test('the change per pillar between the first and the newest assessment, with its sign', () => {
  const change = scoreChange({ savingScore: 50, creditScore: 25, investingScore: 100 }, {
    savingScore: 50,
    creditScore: 50,
    investingScore: 75,
  });
  assertEquals(change, { saving: 0, credit: 25, investing: -25 });
  assertEquals([formatChange(change.saving), formatChange(change.credit), formatChange(change.investing)], [
    '0',
    '+25',
    '-25',
  ]);
});

// ---- Issue 41: placement and the result's words come from the knowledge half. ----

const current = loadAssessmentQuestions();
/** Answers to the current questions: habits all at `habit` ('best', 'worst' or 'n/a'), knowledge per pillar as 'right', 'wrong' or 'unsure' for its [intermediate, advanced] questions. */
function learner(
  habit: 'best' | 'worst' | 'n/a',
  knowledge: Record<string, ['right' | 'wrong' | 'unsure', 'right' | 'wrong' | 'unsure']>,
): Record<string, string> {
  const answers: Record<string, string> = {};
  for (const q of current) {
    if (q.kind === 'habit') {
      const counted = q.options.filter((o) => !o.notApplicable);
      const pick = habit === 'best'
        ? counted.find((o) => o.score === 4)
        : habit === 'worst'
        ? counted.find((o) => o.score === 0)
        : (q.options.find((o) => o.notApplicable) ?? counted.find((o) => o.score === 4));
      answers[String(q.id)] = pick!.value;
    } else {
      const which = knowledge[q.category][q.level === 'intermediate' ? 0 : 1];
      const pick = which === 'right'
        ? q.options.find((o) => o.score === 4)
        : which === 'unsure'
        ? q.options.at(-1)
        : q.options.find((o) => o.score === 0 && o.label !== "I'm not sure");
      answers[String(q.id)] = pick!.value;
    }
  }
  return answers;
}

Deno.test('placement from the knowledge half: a table of learners (habits never move the level)', () => {
  assert(placesOnKnowledge(current), 'the current version places on knowledge');
  const table: Array<[string, Record<string, string>, Record<string, string>, Record<string, string>]> = [
    // name, answers, levels, words
    [
      'every knowledge answer "I\'m not sure", with the best habits',
      learner('best', { saving: ['unsure', 'unsure'], credit: ['unsure', 'unsure'], investing: ['unsure', 'unsure'] }),
      { saving: 'beginner', credit: 'beginner', investing: 'beginner' },
      {
        saving: 'Start with foundation concepts',
        credit: 'Start with foundation concepts',
        investing: 'Start with foundation concepts',
      },
    ],
    [
      'every knowledge answer wrong, with the best habits',
      learner('best', { saving: ['wrong', 'wrong'], credit: ['wrong', 'wrong'], investing: ['wrong', 'wrong'] }),
      { saving: 'beginner', credit: 'beginner', investing: 'beginner' },
      {
        saving: 'Start with foundation concepts',
        credit: 'Start with foundation concepts',
        investing: 'Start with foundation concepts',
      },
    ],
    [
      'every knowledge answer right, with the worst habits',
      learner('worst', { saving: ['right', 'right'], credit: ['right', 'right'], investing: ['right', 'right'] }),
      { saving: 'advanced', credit: 'advanced', investing: 'advanced' },
      { saving: 'Excellent knowledge', credit: 'Excellent knowledge', investing: 'Excellent knowledge' },
    ],
    [
      'one right in each pillar (the intermediate one, or the advanced one), habits not applying',
      learner('n/a', { saving: ['right', 'wrong'], credit: ['unsure', 'right'], investing: ['right', 'unsure'] }),
      { saving: 'intermediate', credit: 'intermediate', investing: 'intermediate' },
      { saving: 'Good foundation', credit: 'Good foundation', investing: 'Good foundation' },
    ],
    [
      'a mix: both, one, none',
      learner('best', { saving: ['right', 'right'], credit: ['wrong', 'right'], investing: ['wrong', 'unsure'] }),
      { saving: 'advanced', credit: 'intermediate', investing: 'beginner' },
      { saving: 'Excellent knowledge', credit: 'Good foundation', investing: 'Start with foundation concepts' },
    ],
  ];
  for (const [name, answers, levels, words] of table) {
    const scores = scoreAnswers(current, answers);
    assertEquals(placementFor(current, scores, answers), levels, name);
    const by = placementScores(current, scores, answers);
    assertEquals(Object.fromEntries(Object.entries(by).map(([p, s]) => [p, bandForScore(s)])), words, name);
  }
  // The habits still count in the pillar score (the spec's formula) and are shown beside the level.
  const unsureGreatHabits = learner('best', {
    saving: ['unsure', 'unsure'],
    credit: ['unsure', 'unsure'],
    investing: ['unsure', 'unsure'],
  });
  assertEquals(scoreAnswers(current, unsureGreatHabits), { savingScore: 50, creditScore: 50, investingScore: 50 });
  assertEquals(scoreHalves(current, unsureGreatHabits).saving, { knowledge: 0, habits: 100 });
});

Deno.test('an unanswered knowledge question is not right: one answered right of two places at intermediate, not advanced', () => {
  const q = current.filter((x) => x.category === 'credit' && x.kind === 'knowledge');
  const answers = { [String(q[0].id)]: q[0].options.find((o) => o.score === 4)!.value };
  assertEquals(knowledgeResult(current, answers, 'credit'), 50);
  assertEquals(placementFor(current, scoreAnswers(current, answers), answers).credit, 'intermediate');
});

Deno.test('results of earlier versions, and results sent as scores only, are placed by the pillar score as before', () => {
  const v2 = questionsOfVersion(2);
  assertEquals(
    placesOnKnowledge(v2),
    false,
    'version 2 knowledge questions tested beginner material, with partial credit',
  );
  assertEquals(placesOnKnowledge(questionsOfVersion(1)), false);
  const v2Answers = Object.fromEntries(
    v2.map((q) => [String(q.id), q.options.find((o) => o.score === (q.kind === 'knowledge' ? 0 : 4))!.value]),
  );
  const v2Scores = scoreAnswers(v2, v2Answers);
  assertEquals(placementFor(v2, v2Scores, v2Answers), {
    saving: 'intermediate',
    credit: 'intermediate',
    investing: 'intermediate',
  }, 'v2: 50 of 100 everywhere');
  const sent = { savingScore: 20, creditScore: 62, investingScore: 90 };
  assertEquals(placementFor(current, sent, {}), { saving: 'beginner', credit: 'intermediate', investing: 'advanced' });
  assertEquals(placementScores(current, sent, {}), { saving: 20, credit: 62, investing: 90 });
});

Deno.test('content check: knowledge items have no partial credit, and are marked with the level and lesson they test', () => {
  const lessons = new Map([
    ['saving-sinking-funds', { pillar: 'saving' as const, level: 'intermediate' as const }],
    ['saving-inflation-and-real-returns', { pillar: 'saving' as const, level: 'advanced' as const }],
  ]);
  assertEquals(checkKnowledgeItems(current), []);
  const q3 = current.find((q) => q.id === 3)!;
  const swap = (patch: Partial<AssessmentQuestion>) => current.map((q) => (q.id === 3 ? { ...q, ...patch } : q));
  assertMatch(
    checkKnowledgeItems(swap({ options: q3.options.map((o, i) => (i === 0 ? { ...o, score: 2 } : o)) })).join('\n'),
    /question 3: no partial credit/,
  );
  assertMatch(
    checkKnowledgeItems(swap({ level: undefined })).join('\n'),
    /question 3: a knowledge question is marked with the level it tests/,
  );
  assertMatch(
    checkKnowledgeItems(swap({ level: 'advanced' })).join('\n'),
    /saving: its knowledge questions test one intermediate and one advanced lesson/,
  );
  assertMatch(
    checkKnowledgeItems(swap({ lesson: undefined })).join('\n'),
    /question 3: a knowledge question names the lesson it tests/,
  );
  assertMatch(
    checkKnowledgeItems(swap({ lesson: 'saving-inflation-and-real-returns' }), lessons).join('\n'),
    /question 3: tests saving intermediate, but saving-inflation-and-real-returns is saving advanced/,
  );
  assertMatch(
    checkKnowledgeItems(swap({ options: [...q3.options.slice(0, 3), q3.options[4], q3.options[3]] })).join('\n'),
    /question 3: "I'm not sure" is the last option/,
  );
  assertMatch(
    checkCurrentAssessment(swap({ options: q3.options.map((o, i) => (i === 0 ? { ...o, score: 1 } : o)) })).join('\n'),
    /no partial credit/,
    'the current file check runs it',
  );
});

Deno.test("content check: the knowledge questions' right answers sit in every position, a to d, none in more than 40% (issue 55)", () => {
  assertEquals(checkKnowledgeKeyPositions(current), []);
  const positionsOf = (qs: AssessmentQuestion[]) =>
    qs.filter((q) => q.kind === 'knowledge').map((q) => q.options.findIndex((o) => o.score === 4));
  assert(positionsOf(current).includes(0), 'some right answer is the first option');
  // Version 3 as it was released: no right answer first.
  const neverFirst = current.map((q) => {
    if (q.kind !== 'knowledge' || q.options[0].score !== 4) return q;
    return { ...q, options: [q.options[1], q.options[0], ...q.options.slice(2)] };
  });
  assert(!positionsOf(neverFirst).includes(0));
  assertMatch(
    checkKnowledgeKeyPositions(neverFirst).join('\n'),
    /no knowledge question's right answer is in position a/,
  );
  assertMatch(checkKnowledgeItems(neverFirst).join('\n'), /position a/, 'the content check runs it');
  // Reordering keeps every stored answer's meaning: values, not places, name the options.
  const q4 = current.find((q) => q.id === 4)!;
  assertEquals([q4.options[0].value, q4.options[0].score], ['c', 4]);
});

Deno.test('content check: each knowledge question names a lesson of its pillar at the level it marks (the lesson files)', async () => {
  const { checkAssessmentContent } = await import('../../scripts/check-assessment.ts');
  assertEquals(checkAssessmentContent(), []);
});
