// The dependency patches in patches/ (applied by patch-package at `npm install`, postinstall) and
// the text each leaves behind. astro.config.mjs calls checkDependencyPatches() so that a build on
// an unpatched or upgraded package stops with the file named instead of quietly losing speed.
// Why each patch exists and what would let us drop it: README.md, "Patched dependencies".
import { readFileSync } from 'node:fs';
import path from 'node:path';

/** Each patched file (under node_modules) and a line only the patched text has. */
export const DEPENDENCY_PATCHES = [
  { file: 'astro/dist/core/encryption.js', patched: 'const rememberedCspDigests = new Map();' },
  { file: 'astro/dist/core/render/ssr-element.js', patched: 'const rememberedAssetPaths = new Map();' },
];

/** Throws, naming the file, when a patched file lacks its patched text. */
export function checkDependencyPatches(nodeModules, patches = DEPENDENCY_PATCHES) {
  for (const { file, patched } of patches) {
    const full = path.join(nodeModules, file);
    let text;
    try {
      text = readFileSync(full, 'utf8');
    } catch {
      throw new Error(`${full} is missing: the patch in patches/ for it no longer fits this version; see README.md, "Patched dependencies".`);
    }
    if (!text.includes(patched)) {
      throw new Error(
        `${full} does not carry our patch (no "${patched}"): run \`npm install\` (its postinstall applies patches/), ` +
          'or, after an upgrade, remake the patch for the new version; see README.md, "Patched dependencies".',
      );
    }
  }
}
