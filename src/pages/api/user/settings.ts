import type { APIRoute } from 'astro';
import { z } from 'zod';
import { HttpError, readJson } from '../../../lib/server/platform/http.ts';
import { requireUser } from '../../../lib/server/auth/guards.ts';
import { requestNow } from '../../../lib/server/platform/clock.ts';
import { dailyStatus } from '../../../lib/server/learning/streaks.ts';
import { isReminderHour, loadSettingsAndDay, updateSettings } from '../../../lib/server/learning/learner-settings.ts';
import { DAILY_GOAL_CHOICES, isDailyGoal, validTimeZone } from '../../../lib/streak.ts';

const settingsSchema = z
  .object({
    timeZone: z.string().refine(
      (zone) => validTimeZone(zone) !== null,
      'timeZone must be a time zone name such as Europe/Berlin',
    ).optional(),
    dailyGoal: z
      .number(`dailyGoal must be one of ${DAILY_GOAL_CHOICES.join(', ')}`)
      .refine(isDailyGoal, `dailyGoal must be one of ${DAILY_GOAL_CHOICES.join(', ')}`)
      .optional(),
    remindReview: z.boolean('remindReview must be true or false').optional(),
    remindStreak: z.boolean('remindStreak must be true or false').optional(),
    reminderHour: z
      .number('reminderHour must be a whole hour from 0 to 23')
      .refine(isReminderHour, 'reminderHour must be a whole hour from 0 to 23')
      .optional(),
  })
  .refine((s) => Object.values(s).some((v) => v !== undefined), {
    message: 'Send at least one setting to change',
    path: ['body'],
  });

async function answer(
  userId: string,
  emailVerified: boolean,
  request: Request,
  settings: Awaited<ReturnType<typeof updateSettings>>,
) {
  if (!settings) throw new HttpError(401, 'Please sign in to continue');
  return Response.json({ ...settings, emailVerified, daily: await dailyStatus(userId, requestNow(request)) }, {
    headers: { 'Cache-Control': 'no-store' },
  });
}

/** The learner's daily goal, time zone and reminder settings, with today's status. */
export const GET: APIRoute = async (context) => {
  const user = requireUser(context);
  const settings = await loadSettingsAndDay(user.id, requestNow(context.request));
  if (!settings) throw new HttpError(401, 'Please sign in to continue');
  return Response.json({ ...settings, emailVerified: user.emailVerified }, {
    headers: { 'Cache-Control': 'no-store' },
  });
};

/**
 * Changes any of them: `{ timeZone?, dailyGoal?, remindReview?, remindStreak?, reminderHour? }`. A new
 * time zone answers in `nextTimeZone` and `nextTimeZoneAt` until the next local day begins.
 */
export const POST: APIRoute = async (context) => {
  const user = requireUser(context);
  const body = await readJson(context, settingsSchema);
  const now = requestNow(context.request);
  return answer(user.id, user.emailVerified, context.request, await updateSettings(user.id, body, now));
};
