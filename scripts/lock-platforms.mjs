// Our npm registry mirror serves only the linux-x64 builds of a few platform-specific optional
// packages, so `npm install` leaves the other platforms out of package-lock.json and `npm ci`
// then refuses the lock. This records them (version + os/cpu, as npm does), so `npm ci` skips
// them here and installs the right one on other machines. Run after changing dependencies.
import { readFileSync, writeFileSync } from 'node:fs';

const lock = JSON.parse(readFileSync('package-lock.json', 'utf8'));
const platform = (name) => {
  const n = name.split('/').pop();
  const os = ['darwin', 'linux', 'win32', 'android'].find((o) => n.includes(o));
  const cpu = n.includes('wasm32') ? 'wasm32' : n.includes('arm64') ? 'arm64' : 'x64';
  const libc = n.includes('musl') ? 'musl' : n.includes('gnu') || n.includes('glibc') ? 'glibc' : undefined;
  return { ...(os ? { os: [os] } : {}), cpu: [cpu], ...(libc ? { libc: [libc] } : {}) };
};
let added = 0;
for (const [path, entry] of Object.entries(lock.packages)) {
  for (const [dep, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const key = `node_modules/${dep}`;
    if (lock.packages[key] || !/(darwin|linux|win32|android|wasm32)/.test(dep)) continue;
    lock.packages[key] = { version, optional: true, ...platform(dep) };
    added++;
  }
  void path;
}
const sorted = Object.fromEntries(
  Object.entries(lock.packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))),
);
lock.packages = sorted;
writeFileSync('package-lock.json', JSON.stringify(lock, null, 2) + '\n');
console.log(`recorded ${added} platform packages`);
