// Hydrates a ReactIsland.astro island in the browser: the props come from its JSON data block.
// The root loses `data-ssr` once React has hydrated it (tests wait for that, as for Astro's
// islands losing `ssr`).
import { type ComponentType, createElement, type ReactNode, useEffect } from 'react';
import { hydrateRoot } from 'react-dom/client';

function Hydrated({ root, children }: { root: Element; children?: ReactNode }) {
  useEffect(() => root.removeAttribute('data-ssr'), [root]);
  return children;
}

export function hydrateIsland(name: string, component: ComponentType<any>): void {
  const root = document.querySelector(`[data-island="${name}"]`);
  const data = document.querySelector(`script[data-island-props="${name}"]`);
  if (!root || !data?.textContent) return;
  const props = JSON.parse(data.textContent) as Record<string, unknown>;
  hydrateRoot(root, createElement(Hydrated, { root }, createElement(component, props)));
}
