// Imported first by src/serve.ts, before anything that loads React: React and other CommonJS
// packages pick their build from NODE_ENV when they are first loaded, and under Deno it is unset,
// which would load React's development build (several times slower to render; the e-mails are
// rendered with React too, so even the server's own imports load it).
import process from 'node:process';

process.env.NODE_ENV ??= 'production';
