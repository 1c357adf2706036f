/** The streak's flame, drawn (an emoji needs a font a phone or a Linux browser may not have). */
export default function FlameIcon({ size = 28, className = 'streak-flame' }: { size?: number; className?: string }) {
  return (
    <svg className={className} viewBox='0 0 24 24' width={size} height={size} aria-hidden='true' focusable='false'>
      <path d='M12 2c1 3.5-1.5 5.5-3 7.5C7.3 11.8 6 13.6 6 16a6 6 0 0 0 12 0c0-2.6-1.3-4.7-2.6-6.3-.3 1.6-1.1 2.7-2.4 3.3.6-3.6-.2-7.6-1-11Z' />
    </svg>
  );
}
