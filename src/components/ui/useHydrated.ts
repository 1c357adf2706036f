import { useEffect, useState } from 'react';

/**
 * False in the server-rendered HTML and until the island has hydrated. Buttons that only work
 * with their React handler stay disabled until then, so an early click is never silently lost.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
