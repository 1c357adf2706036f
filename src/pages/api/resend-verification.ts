import type { APIRoute } from 'astro';
import { readJson } from '../../lib/server/http.ts';
import { emailOnlySchema } from '../../lib/schemas.ts';
import { resendVerification } from '../../lib/server/accounts.ts';

export const POST: APIRoute = async ({ request }) => {
  const { email } = await readJson(request, emailOnlySchema);
  await resendVerification(email);
  return Response.json({
    message: 'If that address has an account waiting for verification, we have sent a new verification link.',
    emailSent: true,
  });
};
