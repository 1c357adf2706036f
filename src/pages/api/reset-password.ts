import type { APIRoute } from 'astro';
import { jsonError, readJson } from '../../lib/server/http.ts';
import { resetPasswordSchema } from '../../lib/schemas.ts';
import { resetPassword } from '../../lib/server/accounts.ts';
import { log } from '../../lib/server/log.ts';

export const POST: APIRoute = async ({ request }) => {
  const { token, password } = await readJson(request, resetPasswordSchema);
  if (!(await resetPassword(token, password))) return jsonError(400, 'Invalid or expired reset token');
  log('info', 'password reset');
  return Response.json({ message: 'Password reset successfully. You can now sign in with your new password.' });
};
