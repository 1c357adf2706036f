import type { APIRoute } from 'astro';
import { requireUser } from '../../../lib/server/auth/guards.ts';

export const GET: APIRoute = (context) => {
  const { id, email, firstName, lastName, phoneNumber, zipCode, role, emailVerified } = requireUser(context);
  return Response.json(
    { id, email, firstName, lastName, phoneNumber, zipCode, role, emailVerified },
    { headers: { 'Cache-Control': 'no-store' } },
  );
};
