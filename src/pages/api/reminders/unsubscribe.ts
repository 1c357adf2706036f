import type { APIRoute } from 'astro';
import { jsonError } from '../../../lib/server/platform/http.ts';
import { getDb } from '../../../lib/server/platform/db.ts';
import { unsubscribeByToken } from '../../../lib/server/learning/reminders.ts';

/**
 * One-click unsubscribe (RFC 8058): the mail provider POSTs `List-Unsubscribe=One-Click` as a
 * form to the List-Unsubscribe URL, without cookies, so no session is needed: the token in the
 * URL names the learner. Only a POST changes anything.
 */
export const POST: APIRoute = async (context) => {
  const token = context.url.searchParams.get('token') ?? '';
  const type = context.request.headers.get('content-type') ?? '';
  if (!/^(application\/x-www-form-urlencoded|multipart\/form-data)\b/i.test(type)) {
    return jsonError(415, 'Send List-Unsubscribe=One-Click as a form (application/x-www-form-urlencoded)');
  }
  const form = await context.request.formData().catch(() => null);
  if (form?.get('List-Unsubscribe') !== 'One-Click') {
    return jsonError(400, 'The body must be List-Unsubscribe=One-Click');
  }
  if (!(await unsubscribeByToken(await getDb(), token))) {
    return jsonError(404, 'This unsubscribe link is not valid. Change your reminders in your account settings.');
  }
  return Response.json({ message: 'You will get no more reminder e-mails.' }, {
    headers: { 'Cache-Control': 'no-store' },
  });
};
