import type { APIRoute } from 'astro';
import { isGoogleConfigured } from '../../../lib/server/auth/google.ts';

export const GET: APIRoute = () => Response.json({ google: isGoogleConfigured() });
