import type { APIRoute } from 'astro';
import { z } from 'zod';
import { readJson } from '../../../../lib/server/platform/http.ts';
import { requireAdmin } from '../../../../lib/server/auth/guards.ts';
import { adminAccountAction } from '../../../../lib/server/auth/admin-accounts.ts';

const schema = z.object({
  userId: z.uuid('userId must be an account id'),
  action: z.enum(['end-sessions', 'reset-factors'], { error: 'action must be end-sessions or reset-factors' }),
});

/** Ends an account's sessions or resets its second factors (audit-logged, mailed to the account). */
export const POST: APIRoute = async (context) => {
  const admin = requireAdmin(context);
  const { userId, action } = await readJson(context, schema);
  const result = await adminAccountAction(admin.id, userId, action);
  const message = action === 'end-sessions'
    ? `Ended ${result.sessionsEnded} session(s).`
    : `Removed ${result.factorsRemoved} second factor(s) and every recovery code; every session ended.`;
  return Response.json({ message, ...result });
};
