import type { APIRoute } from 'astro';
import { loadAssessmentQuestions } from '../../../lib/server/learning/assessment.ts';

export const GET: APIRoute = () =>
  Response.json(loadAssessmentQuestions(), { headers: { 'Cache-Control': 'public, max-age=300' } });
