import type { APIRoute } from 'astro';
import { type FieldErrors, HttpError, readJson } from '../../../lib/server/platform/http.ts';
import { assessmentSubmitSchema } from '../../../lib/schemas.ts';
import { requireOwnUserId, requireUser } from '../../../lib/server/auth/guards.ts';
import { loadAssessmentQuestions, recordAssessment, scoreSubmission } from '../../../lib/server/learning/assessment.ts';

export const POST: APIRoute = async (context) => {
  const user = requireUser(context);
  const body = await readJson(context, assessmentSubmitSchema);
  requireOwnUserId(user, body.userId);
  const answers = body.answers ?? {};
  if (Object.keys(answers).length > 0) {
    const questions = new Map(loadAssessmentQuestions().map((q) => [String(q.id), q]));
    const errors: FieldErrors = {};
    for (const [id, value] of Object.entries(answers)) {
      const question = questions.get(id);
      if (!question) errors[`answers.${id}`] = 'There is no such question';
      else if (!question.options.some((o) => o.value === value)) {
        errors[`answers.${id}`] = 'That is not one of the options';
      }
    }
    if (Object.keys(errors).length) throw new HttpError(400, 'Some answers are not valid', errors);
  }
  // With answers, the server scores them itself (docs/DESIGN.md 6); the sent scores are ignored.
  const scores = Object.keys(answers).length > 0
    ? scoreSubmission(answers)
    : { savingScore: body.savingScore!, creditScore: body.creditScore!, investingScore: body.investingScore! };
  const record = await recordAssessment(user.id, scores, answers);
  return Response.json({ message: 'Assessment saved', assessment: record, ...scores }, { status: 201 });
};
