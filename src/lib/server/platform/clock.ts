import { getEnv } from './env.ts';

/**
 * The time a request happens at. Tests (APP_ENV=test only) may move it with an `X-Test-Now`
 * header, so time-based rules such as the review schedule can be tested without waiting.
 */
export function requestNow(request: Request): Date {
  if (getEnv().APP_ENV === 'test') {
    const header = request.headers.get('x-test-now');
    const parsed = header ? new Date(header) : null;
    if (parsed && !Number.isNaN(parsed.getTime())) return parsed;
  }
  return new Date();
}
