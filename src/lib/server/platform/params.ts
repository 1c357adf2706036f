import { HttpError } from './http.ts';
import { type Level, LEVELS, type Pillar, PILLARS } from '../../domain.ts';

export function parsePillar(value: string | undefined): Pillar {
  if (!value || !(PILLARS as readonly string[]).includes(value)) {
    throw new HttpError(400, 'Unknown pillar: use saving, credit or investing');
  }
  return value as Pillar;
}

export function parseLevel(value: string | undefined): Level {
  if (!value || !(LEVELS as readonly string[]).includes(value)) {
    throw new HttpError(400, 'Unknown level: use beginner, intermediate or advanced');
  }
  return value as Level;
}

export function parseLessonId(value: string | undefined): number {
  const id = Number(value);
  if (!value || !/^\d{1,9}$/.test(value) || !Number.isSafeInteger(id) || id < 1) {
    throw new HttpError(404, 'Lesson Not Found');
  }
  return id;
}
