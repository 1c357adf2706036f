import { useEffect, useRef } from 'react';
import { mountToaster } from './toaster-dom.ts';
import './toaster.css';

/** The toast area for React screens: one toast at a time, announced to screen readers. */
export default function Toaster() {
  const region = useRef<HTMLDivElement>(null);
  useEffect(() => mountToaster(region.current!), []);
  return <div className='toaster' role='status' aria-live='polite' aria-atomic='true' ref={region} />;
}
