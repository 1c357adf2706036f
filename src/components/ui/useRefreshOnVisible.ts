import { useEffect, useRef } from 'react';

/** Calls `refresh` whenever the page becomes visible again (spec 2: progress made in another tab shows). */
export function useRefreshOnVisible(refresh: () => void): void {
  const latest = useRef(refresh);
  latest.current = refresh;
  useEffect(() => {
    const onChange = () => {
      if (document.visibilityState === 'visible') latest.current();
    };
    document.addEventListener('visibilitychange', onChange);
    return () => document.removeEventListener('visibilitychange', onChange);
  }, []);
}
