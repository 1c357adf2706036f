import { atom } from 'nanostores';

export interface Toast {
  id: number;
  title: string;
  description?: string;
  variant: 'success' | 'error' | 'info';
  duration: number;
}

/** Spec section 9: a toast shows for five seconds by default, at most one visible at a time. */
export const TOAST_DEFAULT_MS = 5000;

export const $toast = atom<Toast | null>(null);
let nextId = 1;
let timer: ReturnType<typeof setTimeout> | undefined;

export function showToast(
  toast: Omit<Toast, 'id' | 'duration' | 'variant'> & Partial<Pick<Toast, 'duration' | 'variant'>>,
): void {
  clearTimeout(timer);
  const value: Toast = { id: nextId++, variant: 'info', duration: TOAST_DEFAULT_MS, ...toast };
  $toast.set(value);
  timer = setTimeout(() => dismissToast(value.id), value.duration);
}

export function dismissToast(id?: number): void {
  if (id === undefined || $toast.get()?.id === id) $toast.set(null);
}
