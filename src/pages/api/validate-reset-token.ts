import type { APIRoute } from 'astro';
import { jsonError } from '../../lib/server/http.ts';
import { isResetTokenValid } from '../../lib/server/accounts.ts';

export const GET: APIRoute = async ({ url }) => {
  const token = url.searchParams.get('token') ?? '';
  if (!token) return jsonError(400, 'Invalid or missing reset token');
  if (!(await isResetTokenValid(token))) return jsonError(400, 'Invalid or expired reset token');
  return Response.json({ valid: true, message: 'Reset token is valid' });
};
