// `npm run bench`: measures side by side, in one run on this machine, a static file server
// serving the landing page's bytes (the ceiling), a trivial server-rendered response (the
// framework's ceiling), and the app's pages and APIs for signed-in learners, on PGlite and on
// PostgreSQL (when DATABASE_URL is set); then the JavaScript each page ships and Lighthouse
// (mobile) scores. Appends a table to bench/RESULTS.md with the machine, date and commit.
import { spawn, spawnSync, execSync } from 'node:child_process';
import { appendFileSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { freePort, startServer } from '../tests/helpers/server.mjs';
import { buildIfStale } from '../scripts/start.mjs';
import { benchToken as token } from './tokens.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// The bench's own tools (autocannon, lighthouse) live in bench/package.json, out of the app's
// install: installed here on first use.
if (!existsSync(path.join(root, 'bench', 'node_modules'))) execSync('npm ci --prefix bench --no-audit --no-fund', { cwd: root, stdio: 'inherit' });
const { default: autocannon } = await import('autocannon');
const deno = path.join(root, 'node_modules', 'deno', 'deno');
const duration = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const learners = Number(process.env.BENCH_LEARNERS ?? 500);
const lighthouseRuns = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 5);
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

function measure(opts) {
  return new Promise((resolve, reject) => {
    autocannon({ connections, duration, ...opts }, (err, result) => (err ? reject(err) : resolve(result)));
  });
}

async function waitFor(url) {
  for (let i = 0; i < 100; i++) {
    try {
      const res = await fetch(url);
      await res.arrayBuffer();
      if (res.ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not answer`);
}

const rows = [];
function record(db, name, r, ceiling, { target = true } = {}) {
  const row = { db, name, rps: Math.round(r.requests.average), p50: r.latency.p50, p99: r.latency.p99, errors: r.errors + r.timeouts + r.non2xx };
  row.ratio = ceiling ? (row.rps / ceiling).toFixed(2) : '—';
  // DESIGN.md's server target: at least half its ceiling's throughput, p99 under 100 ms, no errors.
  row.meets = !ceiling || !target ? '—' : row.rps / ceiling >= 0.5 && row.p99 < 100 && row.errors === 0 ? 'yes' : 'no';
  rows.push(row);
  console.log(JSON.stringify(row));
  return row;
}

/** Rotates through the seeded learners' sessions. */
function asLearners(requestFactory) {
  let n = 0;
  return (req) => {
    const i = n++ % learners;
    return requestFactory(req, i);
  };
}

buildIfStale();

// 1. The static ceiling: the landing page's bytes from a plain server, same runtime. It keeps
// running (idle) so it can be measured again beside each landing-page row.
const staticPort = await freePort();
const baseline = spawn(deno, ['run', '--allow-net', '--allow-env', '--allow-read', 'bench/static-server.mjs'], {
  cwd: root,
  env: { ...process.env, PORT: String(staticPort) },
  stdio: 'ignore',
});
process.on('exit', () => baseline.kill('SIGTERM'));
const staticUrl = `http://127.0.0.1:${staticPort}/`;
await waitFor(staticUrl);
await measure({ url: staticUrl, duration: 2 });
const staticRuns = [record('—', 'static file server, landing bytes (ceiling)', await measure({ url: staticUrl })).rps];
async function measureStatic() {
  const rps = Math.round((await measure({ url: staticUrl })).requests.average);
  staticRuns.push(rps);
  return rps;
}

const targets = [{ kind: 'pglite' }];
if (process.env.DATABASE_URL) targets.push({ kind: 'postgres' });
let pageBytes = [];
/** Every measurement of each database's trivial page, in order. */
const ceilingRuns = [];
let lighthouse = [];

for (const target of targets) {
  let env = {};
  let cleanup = () => {};
  if (target.kind === 'pglite') {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-'));
    env = { DATA_DIR: dir };
    cleanup = () => rmSync(dir, { recursive: true, force: true });
    seed(dir);
  } else {
    const name = `bench_${Date.now()}`;
    const admin = process.env.DATABASE_URL;
    execSync(`${deno} eval "import postgres from 'postgres'; const sql = postgres('${admin}'); await sql.unsafe('create database ${name}'); await sql.end();"`, { cwd: root, stdio: 'inherit' });
    const url = new URL(admin);
    url.pathname = `/${name}`;
    env = { DATABASE_URL: url.href };
    seed(url.href);
    cleanup = () =>
      execSync(`${deno} eval "import postgres from 'postgres'; const sql = postgres('${admin}'); await sql.unsafe('drop database if exists ${name} with (force)'); await sql.end();"`, { cwd: root, stdio: 'inherit' });
  }
  const server = await startServer({ env: { LOG_LEVEL: 'error', ...env } });
  try {
    const base = server.url;
    const probe = await fetch(`${base}/api/lessons/credit/intermediate`, { headers: { authorization: `Bearer ${token(0)}` } });
    if (!probe.ok) throw new Error(`a seeded learner's session was refused (${probe.status}): ${await probe.text()}`);
    const lessons = await probe.json();
    const lessonId = lessons[0].id;
    const cookie = (i) => ({ cookie: `session=${token(i)}` });
    const bearer = (i) => ({ authorization: `Bearer ${token(i)}` });
    await measure({ url: `${base}/trivial`, duration: 2 });
    // DESIGN.md: the framework's ceiling is the same server rendering a trivial page. The bare
    // endpoint (/ping, no page rendering) is shown beside it for reference.
    const ceiling = record(target.kind, 'trivial page /trivial (framework ceiling)', await measure({ url: `${base}/trivial` })).rps;
    record(target.kind, 'trivial endpoint /ping (reference)', await measure({ url: `${base}/ping` }), ceiling, { target: false });
    // As for the signed-in rows below: the static ceiling measured right before and right after.
    const staticBefore = await measureStatic();
    await measure({ url: `${base}/`, duration: 2 });
    const landing = await measure({ url: `${base}/` });
    record(target.kind, 'landing page / (prerendered; ratio to the static ceiling)', landing, (staticBefore + (await measureStatic())) / 2);
    const pages = [
      ['lessons list /lessons?pillar=credit', '/lessons?pillar=credit', 'cookie'],
      [`lesson page /lesson/${lessonId}`, `/lesson/${lessonId}`, 'cookie'],
      ['GET /api/lessons/credit/intermediate', '/api/lessons/credit/intermediate', 'bearer'],
    ];
    // Throughput on these machines drifts within a run, so the ceiling is measured again right
    // before and right after each signed-in row, and the row's ratio is to the mean of the two.
    const ceilings = [ceiling];
    const measureCeiling = async () => {
      const rps = Math.round((await measure({ url: `${base}/trivial` })).requests.average);
      ceilings.push(rps);
      return rps;
    };
    let before = await measureCeiling();
    const besideCeiling = async (name, load) => {
      // Steady state, as for the ceiling: a short unrecorded run first (JIT, each learner's first read).
      await measure({ ...load, duration: 2 });
      const result = await measure(load);
      const after = await measureCeiling();
      record(target.kind, name, result, (before + after) / 2);
      before = after;
    };
    for (const [name, p, auth] of pages) {
      await besideCeiling(name, {
        url: base + p,
        requests: [{ setupRequest: asLearners((req, i) => ({ ...req, headers: { ...req.headers, ...(auth === 'cookie' ? cookie(i) : bearer(i)) } })) }],
      });
    }
    const correct = JSON.parse(
      execSync(`${deno} eval "import { parseLessonFile } from './src/lib/curriculum.ts'; import { readFileSync } from 'node:fs'; console.log(JSON.stringify(parseLessonFile(readFileSync('db/content/lessons/${lessons[0].slug}.md','utf8'), '${lessons[0].slug}.md').questions.map(q => q.correctAnswer)))"`, { cwd: root }).toString(),
    );
    const completions = {
      url: `${base}/api/lesson/${lessonId}/complete`,
      method: 'POST',
      requests: [
        {
          setupRequest: asLearners((req, i) => ({
            ...req,
            method: 'POST',
            headers: { ...req.headers, ...bearer(i), 'content-type': 'application/json' },
            body: JSON.stringify({ attemptId: crypto.randomUUID(), quizResponses: correct.map((userAnswer, k) => ({ questionId: k + 1, userAnswer })), durationMs: 60000 }),
          })),
        },
      ],
    };
    await besideCeiling(`POST /api/lesson/${lessonId}/complete`, completions);
    ceilingRuns.push({ db: target.kind, rps: ceilings });
    if (target.kind === 'pglite') {
      pageBytes = await measureJavaScript(base, lessonId);
      lighthouse = await runLighthouse(base, lessonId);
    }
  } finally {
    await server.stop();
    cleanup();
  }
}

function seed(target) {
  const result = spawnSync(deno, ['run', '-A', 'bench/seed.ts', target, String(learners)], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('seeding failed');
}

/** JavaScript each page ships (gzip), after it has loaded and its charts became visible. */
async function measureJavaScript(base, lessonId) {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'] });
  const out = [];
  try {
    for (const [name, p, signedIn] of [
      ['landing /', '/', false],
      ['lessons list', '/lessons?pillar=credit', true],
      ['lesson page', `/lesson/${lessonId}`, true],
      ['dashboard', '/dashboard', true],
      ['progress (charts visible)', '/progress', true],
    ]) {
      const context = await browser.newContext();
      if (signedIn) await context.addCookies([{ name: 'session', value: token(1), url: base }]);
      const page = await context.newPage();
      const scripts = new Map();
      page.on('response', async (r) => {
        if (r.request().resourceType() === 'script') {
          try {
            scripts.set(r.url(), gzipSync(await r.body()).byteLength);
          } catch {}
        }
      });
      await page.goto(base + p, { waitUntil: 'networkidle' });
      await page.mouse.wheel(0, 3000);
      await page.waitForTimeout(800);
      await page.waitForLoadState('networkidle');
      const inline = await page.evaluate(() => [...document.querySelectorAll('script:not([src])')].map((s) => s.textContent ?? '').join(''));
      const total = [...scripts.values()].reduce((a, b) => a + b, 0) + gzipSync(Buffer.from(inline)).byteLength;
      out.push({ name, kb: (total / 1024).toFixed(1), files: scripts.size });
      await context.close();
    }
  } finally {
    await browser.close();
  }
  console.log(out);
  return out;
}

/** Lighthouse (mobile, its default) in Debian's Chromium; the median of several runs. */
async function runLighthouse(base, lessonId) {
  const out = [];
  for (const [name, p, signedIn] of [
    ['landing /', '/', false],
    ['lessons list', '/lessons?pillar=credit', true],
    ['lesson page', `/lesson/${lessonId}`, true],
  ]) {
    const runs = [];
    // A run that fails (Chromium's start-up can time out on a busy machine) is retried, up to
    // twice as many tries, so the median is over the runs asked for.
    for (let tries = 0; runs.length < lighthouseRuns && tries < 2 * lighthouseRuns; tries++) {
      const file = path.join(os.tmpdir(), `lh-${Date.now()}.json`);
      const args = [
        path.join(root, 'bench', 'node_modules', 'lighthouse', 'cli', 'index.js'),
        base + p,
        `--chrome-path=${chromiumPath}`,
        '--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync --no-first-run',
        '--output=json',
        `--output-path=${file}`,
        '--quiet',
        '--only-categories=performance,accessibility,best-practices,seo',
      ];
      if (signedIn) args.push(`--extra-headers=${JSON.stringify({ Cookie: `session=${token(2)}` })}`);
      const r = spawnSync(process.execPath, args, { cwd: root, stdio: ['ignore', 'ignore', 'pipe'], timeout: 180_000, encoding: 'utf8' });
      if (r.status !== 0 || !existsSync(file)) {
        console.log(`lighthouse ${name}: run failed (${r.error?.message ?? `exit ${r.status}`}) ${String(r.stderr ?? '').trim().split('\n').slice(-2).join(' ')}`);
        continue;
      }
      const report = JSON.parse(readFileSync(file, 'utf8'));
      rmSync(file, { force: true });
      runs.push({
        performance: Math.round(report.categories.performance.score * 100),
        accessibility: Math.round(report.categories.accessibility.score * 100),
        bestPractices: Math.round(report.categories['best-practices'].score * 100),
        seo: Math.round(report.categories.seo.score * 100),
        lcp: report.audits['largest-contentful-paint'].numericValue,
      });
    }
    const median = (key) => {
      const xs = runs.map((r) => r[key]).sort((a, b) => a - b);
      return xs.length ? xs[Math.floor(xs.length / 2)] : null;
    };
    out.push({ name, runs: runs.length, performance: median('performance'), accessibility: median('accessibility'), bestPractices: median('bestPractices'), seo: median('seo'), lcpMs: median('lcp') && Math.round(median('lcp')) });
  }
  console.log(out);
  return out;
}

let commit = 'unknown';
try {
  commit = execSync('git rev-parse --short HEAD', { cwd: root }).toString().trim();
} catch {}
const file = path.join(root, 'bench', 'RESULTS.md');
// Every row beside the plain static file server too (the mean of its measurements in this run).
const staticMean = staticRuns.reduce((a, b) => a + b, 0) / staticRuns.length;
if (!existsSync(file)) writeFileSync(file, '# Benchmark results\n\nWritten by `npm run bench`; newest run last.\n');
const table = [
  `\n## ${new Date().toISOString()} · commit ${commit}`,
  '',
  `Machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, ${os.platform()} ${os.release()}. ` +
    `Load: autocannon from the same machine, ${connections} connections, ${duration} s per row after a 2 s unrecorded warm-up; ${learners} seeded learners, requests rotate through their sessions.`,
  '',
  '| database | what | requests/s | ratio to its ceiling | ratio to the static server | p50 ms | p99 ms | errors | meets target |',
  '|---|---|---:|---:|---:|---:|---:|---:|---|',
  ...rows.map((r) => `| ${r.db} | ${r.name} | ${r.rps} | ${r.ratio} | ${(r.rps / staticMean).toFixed(2)} | ${r.p50} | ${r.p99} | ${r.errors} | ${r.meets} |`),
  '',
  'Throughput drifts within a run, so each ceiling is measured again right before and right after',
  'the rows compared with it (the landing page, each signed-in row), and the ratio is to the mean',
  'of those two; the ratio to the static server is to the mean of all its measurements. All',
  'measurements of the ceilings, in order (requests/s):',
  `static file server: ${staticRuns.join(', ')}.`,
  ...ceilingRuns.map((c) => `${c.db} trivial page: ${c.rps.join(', ')}.`),
  '',
  'JavaScript shipped (gzip, everything the page loads, inline scripts included):',
  '',
  '| page | KB gzip | script files |',
  '|---|---:|---:|',
  ...pageBytes.map((p) => `| ${p.name} | ${p.kb} | ${p.files} |`),
  '',
  `Lighthouse (mobile), median of ${lighthouseRuns} runs in Debian's Chromium:`,
  '',
  '| page | performance | accessibility | best practices | SEO | LCP ms | runs |',
  '|---|---:|---:|---:|---:|---:|---:|',
  ...lighthouse.map((l) => `| ${l.name} | ${l.performance} | ${l.accessibility} | ${l.bestPractices} | ${l.seo} | ${l.lcpMs} | ${l.runs} |`),
  '',
].join('\n');
appendFileSync(file, table);
console.log(table);
baseline.kill('SIGTERM');
