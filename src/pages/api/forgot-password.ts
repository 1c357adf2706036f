import type { APIRoute } from 'astro';
import { readJson } from '../../lib/server/http.ts';
import { emailOnlySchema } from '../../lib/schemas.ts';
import { requestPasswordReset } from '../../lib/server/accounts.ts';

const FORGOT_MESSAGE =
  'Password reset instructions have been sent to your email address. Please check your inbox and follow the link to reset your password.';

export const POST: APIRoute = async ({ request }) => {
  const { email } = await readJson(request, emailOnlySchema);
  await requestPasswordReset(email);
  return Response.json({ message: FORGOT_MESSAGE });
};
