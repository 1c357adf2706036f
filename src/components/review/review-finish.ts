// A review or practice round reached its end: it counts toward the daily streak and goal, in the
// learner's time zone (once: the server counts only answers newer than the last round counted).
import { api } from '../api.ts';
import type { DailyStatus } from '../../lib/server/learning/streaks.ts';

export async function recordFinish(): Promise<DailyStatus | null> {
  let timeZone: string | undefined;
  try {
    timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    // the server keeps the stored zone
  }
  try {
    const r = await api<{ counted: boolean; daily: DailyStatus }>('/api/review/finish', {
      body: timeZone ? { timeZone } : {},
    });
    return r.ok && r.data ? r.data.daily : null;
  } catch (error) {
    console.warn('Review session not recorded', error);
    return null;
  }
}
