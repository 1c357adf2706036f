import type { ReactNode } from 'react';

/**
 * A link that opens its form in place once the island has hydrated, and before that simply goes to
 * `href`, which opens the same form (issue 53: no tap is lost while the island loads).
 */
export default function InPlaceLink(
  { href, onOpen, children }: { href: string; onOpen: () => void; children: ReactNode },
) {
  return (
    <a
      className='link-button'
      href={href}
      onClick={(e) => {
        e.preventDefault();
        onOpen();
      }}
    >
      {children}
    </a>
  );
}
