import { useEffect, useRef } from 'react';
import { mountToaster } from './toaster-dom.ts';
import './toaster.css';

/** The toast area for React screens: one toast at a time, announced to screen readers. */
export default function Toaster() {
  const region = useRef<HTMLDivElement>(null);
  useEffect(() => mountToaster(region.current!), []);
  return <div className='toaster' role='status' aria-live='polite' aria-atomic='true' ref={region} />;
}

/**
 * Shows toasts in the signed-in shell's area (AppLayout's `data-toaster`), for the islands that
 * show any: the shell itself has no script file to do it before the first paint.
 */
export function usePageToaster(): void {
  useEffect(() => {
    const region = document.querySelector<HTMLElement>('[data-toaster]');
    // One island per page mounts it: two would each render every toast.
    if (!region || region.dataset.mounted) return;
    region.dataset.mounted = 'true';
    const unmount = mountToaster(region);
    return () => {
      delete region.dataset.mounted;
      unmount();
    };
  }, []);
}
