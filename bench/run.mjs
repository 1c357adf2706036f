// `npm run bench [-- options]`: checks the performance budgets of docs/DESIGN.md on this machine
// and prints one table (each row's ratio, p99, budget, ✓/✗). bench/README.md explains the method.
//   (default)      the server rows, on PGlite and on PostgreSQL when DATABASE_URL is set
//   --lighthouse   the JavaScript and Lighthouse rows instead
//   --volume       the learner rows on a large database against a small one
//   --db pglite|postgres, --seconds N (per load), --only TEXT (rows whose name has TEXT; not recorded)
// A row that misses is measured again once and judged by the better run; the command exits 1
// when a row misses in both. Full runs replace their section of bench/RESULTS.md.
import { execSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { freePort, startServer } from '../tests/helpers/server.mjs';
import { buildIfStale } from '../scripts/start.mjs';
import { benchToken as token } from './tokens.mjs';
import { writeResults } from './results.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
if (!existsSync(path.join(root, 'bench', 'node_modules'))) {
  execSync('npm ci --prefix bench --no-audit --no-fund', { cwd: root, stdio: 'inherit' });
}
const { default: autocannon } = await import('autocannon');
const deno = path.join(root, 'node_modules', 'deno', 'deno');
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const { values: flags } = parseArgs({
  options: {
    lighthouse: { type: 'boolean', default: false },
    volume: { type: 'boolean', default: false },
    db: { type: 'string' },
    seconds: { type: 'string', default: '3' },
    only: { type: 'string' },
    'volume-postgres': { type: 'string', default: '100000' },
    'volume-pglite': { type: 'string', default: '10000' },
  },
});
const mode = flags.lighthouse ? 'lighthouse' : flags.volume ? 'volume' : 'server';
const seconds = Number(flags.seconds);
const connections = 50;
const started = Date.now();

/** Seeded groups (bench/seed.ts): session token index = base + i. */
const GROUP = { fresh: 0, history: 10000, admin: 20000, historyAdmin: 30000 };
const LEARNERS = 20;
const ADMINS = 5;
const cookie = (i) => ({ cookie: `session=${token(i)}` });
const bearer = (i) => ({ authorization: `Bearer ${token(i)}` });

/** Signed-in routes with the page budget: [path, how the session is sent, who]. */
const signedInRoutes = (lessonId) => [
  ['/dashboard', cookie],
  ['/progress', cookie],
  ['/review', cookie],
  ['/account', cookie],
  ['/lessons?pillar=credit', cookie],
  [`/lesson/${lessonId}`, cookie],
  ['/api/user/dashboard', bearer],
  ['/api/user/progress', bearer],
  ['/api/user/quiz-analytics', bearer],
  ['/api/user/badges', bearer],
  ['/api/lessons/credit/intermediate', bearer],
  [`/api/lesson/${lessonId}`, bearer],
  ['/admin/lessons', cookie, 'admin'],
  ['/api/admin/lessons', bearer, 'admin'],
  [`/studio/stats/${lessonId}`, cookie, 'admin'],
];

// ---- measuring -------------------------------------------------------------------------------

function load(options, duration = seconds) {
  return new Promise((resolve, reject) => {
    autocannon({ connections, duration, ...options }, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

/** A warmed load: one unrecorded second first. Answers the rate, p99 and failed requests. */
async function measure(options) {
  await load(options, 1);
  const r = await load(options);
  return { rps: r.requests.average, p99: r.latency.p99, failed: r.errors + r.timeouts + r.non2xx };
}

/** Requests rotating through `count` seeded sessions from token index `first`. */
function asSessions(url, headers, first, count, extra = {}) {
  let n = 0;
  return {
    url,
    ...extra,
    requests: [{
      setupRequest: (req) => ({
        ...req,
        ...(extra.body ? { body: extra.body() } : {}),
        headers: { ...req.headers, ...extra.headers, ...headers(first + (n++ % count)) },
      }),
    }],
  };
}

/** A plain static server sending `bytes`: the ceiling of a row that mostly moves bytes. */
async function staticServer(bytes, contentType) {
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'bench-static-')), 'body');
  writeFileSync(file, bytes);
  const port = await freePort();
  const child = spawn(deno, ['run', '--allow-net', '--allow-env', '--allow-read', 'bench/static-server.mjs'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), FILE: file, CONTENT_TYPE: contentType },
    stdio: 'ignore',
  });
  const url = `http://127.0.0.1:${port}/`;
  for (let i = 0;; i++) {
    try {
      if ((await fetch(url).then((r) => r.arrayBuffer())).byteLength === bytes.byteLength) break;
    } catch {
      // not listening yet
    }
    if (i > 100) throw new Error('the static server did not start');
    await new Promise((r) => setTimeout(r, 100));
  }
  return { url, stop: () => child.kill('SIGTERM') };
}

// ---- rows and budgets ------------------------------------------------------------------------

/** Every judged row: { db, name, ratio, p99, budget, ok }. */
const results = [];
const pageBudget = (r) => r.ratio >= 0.5 && r.p99 < 100 && !r.failed;

/**
 * Runs `measureGroup` (which answers rows: { name, ratio, p99, failed, budget, pass }) and, when
 * any of its rows misses, once more; each row is judged by the better of its two runs.
 */
async function judged(db, measureGroup) {
  const first = await measureGroup();
  const again = first.some((r) => !r.pass(r)) ? await measureGroup() : [];
  for (const r of first) {
    const other = again.find((a) => a.name === r.name);
    const best = !other || r.pass(r) ? r : other.pass(other) || other.ratio > r.ratio ? other : r;
    const row = {
      db,
      name: best.name,
      ratio: best.ratio,
      p99: best.p99,
      budget: best.budget,
      ok: best.pass(best),
      runs: other ? 2 : 1,
    };
    results.push(row);
    console.log(
      `${row.ok ? '✓' : '✗'} ${db} ${row.name}: ${row.ratio.toFixed(2)}${
        row.p99 === undefined ? '' : `, p99 ${row.p99} ms`
      } (${row.budget})${other ? ' [measured twice]' : ''}`,
    );
  }
}

const wanted = (name) => !flags.only || name.includes(flags.only);

/** A signed-in route for fresh and history learners, beside the signed-in trivial page (T, F, H). */
async function learnerRoute(db, base, [route, headers, who]) {
  const [freshFirst, historyFirst, count] = who === 'admin'
    ? [GROUP.admin, GROUP.historyAdmin, ADMINS]
    : [GROUP.fresh, GROUP.history, LEARNERS];
  for (const first of [freshFirst, historyFirst]) {
    const res = await fetch(base + route, { headers: headers(first), redirect: 'manual' });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${route} answered ${res.status} to a seeded ${who ?? 'learner'}`);
  }
  await judged(db, async () => {
    const t = await measure(asSessions(`${base}/trivial`, cookie, GROUP.fresh, LEARNERS));
    const f = await measure(asSessions(base + route, headers, freshFirst, count));
    const h = await measure(asSessions(base + route, headers, historyFirst, count));
    const budget = '>= 0.5 of trivial, p99 < 100 ms';
    return [
      { name: `${route} (fresh)`, ratio: f.rps / t.rps, p99: f.p99, failed: f.failed, budget, pass: pageBudget },
      { name: `${route} (300 attempts)`, ratio: h.rps / t.rps, p99: h.p99, failed: h.failed, budget, pass: pageBudget },
      { name: `${route} history/fresh`, ratio: h.rps / f.rps, budget: '>= 0.7', pass: (r) => r.ratio >= 0.7 },
    ];
  });
}

/** `url` (as `headers` for admins) against a static server sending the same bytes. */
async function againstStatic(db, name, url, headers = {}) {
  const res = await fetch(url, { headers: { ...headers, 'accept-encoding': 'identity' } });
  const bytes = new Uint8Array(await res.arrayBuffer());
  if (res.status !== 200) throw new Error(`${url} answered ${res.status}`);
  const same = await staticServer(bytes, res.headers.get('content-type') ?? 'text/html');
  try {
    await judged(db, async () => {
      const before = await measure({ url: same.url });
      const app = await measure({ url, headers });
      const after = await measure({ url: same.url });
      return [{
        name: `${name} (${Math.round(bytes.byteLength / 1024)} KB)`,
        ratio: app.rps / ((before.rps + after.rps) / 2),
        p99: app.p99,
        failed: app.failed,
        budget: '>= 0.5 of a static server',
        pass: (r) => r.ratio >= 0.5 && !r.failed,
      }];
    });
  } finally {
    same.stop();
  }
}

/**
 * The public library signed out (issue 42): /learn and a lesson page beside the trivial page (no
 * cookie), and a repeat visit of the lesson answered 304 to its ETag (a 200 there is a failure).
 */
async function publicRows(db, base) {
  const library = await fetch(`${base}/learn`).then((r) => r.text());
  const lessonPath = library.match(/href="(\/learn\/[a-z0-9-]+)"/)?.[1];
  if (!lessonPath) throw new Error('/learn links no lesson');
  const first = await fetch(base + lessonPath);
  await first.arrayBuffer();
  const tag = first.headers.get('etag');
  if (first.status !== 200 || !tag) throw new Error(`${lessonPath} answered ${first.status} without an ETag`);
  await judged(db, async () => {
    const t = await measure({ url: `${base}/trivial` });
    const l = await measure({ url: `${base}/learn` });
    const p = await measure({ url: base + lessonPath });
    await load({ url: base + lessonPath, headers: { 'if-none-match': tag } }, 1);
    const n = await load({ url: base + lessonPath, headers: { 'if-none-match': tag } });
    const budget = '>= 0.5 of trivial, p99 < 100 ms';
    return [
      { name: 'GET /learn (signed out)', ratio: l.rps / t.rps, p99: l.p99, failed: l.failed, budget, pass: pageBudget },
      {
        name: `GET ${lessonPath} (signed out)`,
        ratio: p.rps / t.rps,
        p99: p.p99,
        failed: p.failed,
        budget,
        pass: pageBudget,
      },
      {
        name: `GET ${lessonPath} repeat visit (304)`,
        ratio: n.requests.average / t.rps,
        p99: n.latency.p99,
        failed: n.errors + n.timeouts + n['2xx'] + n['4xx'] + n['5xx'],
        budget,
        pass: pageBudget,
      },
    ];
  });
}

async function completionRow(db, base, lessonId) {
  const lesson = await fetch(`${base}/api/admin/lessons/${lessonId}`, { headers: bearer(GROUP.admin) }).then((r) =>
    r.json()
  );
  const quizResponses = lesson.questions.map((q) => ({ questionId: q.id, userAnswer: q.correctAnswer }));
  const completions = asSessions(`${base}/api/lesson/${lessonId}/complete`, bearer, GROUP.fresh, 500, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: () => JSON.stringify({ attemptId: crypto.randomUUID(), quizResponses, durationMs: 60000 }),
  });
  await judged(db, async () => {
    const t = await measure(asSessions(`${base}/trivial`, cookie, GROUP.fresh, LEARNERS));
    const c = await measure(completions);
    return [{
      name: `POST /api/lesson/${lessonId}/complete`,
      ratio: c.rps / t.rps,
      p99: c.p99,
      failed: c.failed,
      budget: '>= 0.25 of trivial, p99 < 150 ms',
      pass: (r) => r.ratio >= 0.25 && r.p99 < 150 && !r.failed,
    }];
  });
}

// ---- databases -------------------------------------------------------------------------------

/** A fresh seeded database: a temporary PGlite folder, or a database of its own on DATABASE_URL's server. */
function openDatabase(kind, { volume = 0, learners = 500 } = {}) {
  const seed = (target) => {
    const args = [
      'run',
      '-A',
      'bench/seed.ts',
      target,
      '--learners',
      String(learners),
      '--history',
      String(LEARNERS),
      '--admins',
      String(ADMINS),
      '--volume',
      String(volume),
    ];
    const r = spawnSync(deno, args, { cwd: root, stdio: ['ignore', 'inherit', 'inherit'] });
    if (r.status !== 0) throw new Error('seeding failed');
  };
  if (kind === 'pglite') {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-'));
    seed(dir);
    return { env: { DATA_DIR: dir }, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
  }
  const name = `bench_${Date.now()}_${volume}`;
  const admin = process.env.DATABASE_URL;
  const run = (statement) =>
    execSync(
      `${deno} eval "import postgres from 'postgres'; const sql = postgres('${admin}'); await sql.unsafe('${statement}'); await sql.end();"`,
      { cwd: root, stdio: 'inherit' },
    );
  run(`create database ${name}`);
  const url = new URL(admin);
  url.pathname = `/${name}`;
  const cleanup = () => run(`drop database if exists ${name} with (force)`);
  try {
    seed(url.href);
  } catch (error) {
    cleanup();
    throw error;
  }
  return { env: { DATABASE_URL: url.href }, cleanup };
}

const adminEmails = Array.from(
  { length: ADMINS },
  (_, i) => [`bench-admin${i}@example.com`, `bench-h-admin${i}@example.com`],
).flat().join(',');
const serverEnv = { LOG_LEVEL: 'error', BENCH_ROUTES: '1', ADMIN_EMAILS: adminEmails };

async function firstLesson(base) {
  const lessons = await fetch(`${base}/api/lessons/credit/intermediate`, { headers: bearer(GROUP.fresh) }).then((r) =>
    r.json()
  );
  return lessons[0];
}

async function serverRows(kind) {
  const db = openDatabase(kind);
  const server = await startServer({ env: { ...serverEnv, ...db.env } });
  try {
    const base = server.url;
    const lesson = await firstLesson(base);
    if (wanted('landing')) await againstStatic(kind, 'landing page /', `${base}/`);
    if (wanted('lessons/all')) {
      await againstStatic(kind, 'GET /api/admin/lessons/all', `${base}/api/admin/lessons/all`, bearer(GROUP.admin));
    }
    for (const route of signedInRoutes(lesson.id)) if (wanted(route[0])) await learnerRoute(kind, base, route);
    if (wanted('/learn')) await publicRows(kind, base);
    if (wanted('complete')) await completionRow(kind, base, lesson.id);
  } finally {
    await server.stop();
    db.cleanup();
  }
}

/** The learner rows on a large database against the same rows on a small one, in turns S L L S. */
async function volumeRows(kind) {
  const volume = Number(flags[kind === 'postgres' ? 'volume-postgres' : 'volume-pglite']);
  const large = openDatabase(kind, { volume });
  const small = openDatabase(kind);
  const servers = [
    await startServer({ env: { ...serverEnv, ...small.env } }),
    await startServer({ env: { ...serverEnv, ...large.env } }),
  ];
  try {
    const [s, l] = servers.map((x) => x.url);
    const lesson = await firstLesson(s);
    for (const [route, headers, who] of signedInRoutes(lesson.id)) {
      if (!wanted(route)) continue;
      for (
        const [group, first, count] of who === 'admin'
          ? [['fresh', GROUP.admin, ADMINS], ['300 attempts', GROUP.historyAdmin, ADMINS]]
          : [['fresh', GROUP.fresh, LEARNERS], ['300 attempts', GROUP.history, LEARNERS]]
      ) {
        await judged(kind, async () => {
          const [s1, l1, l2, s2] = [s, l, l, s].map((b) => asSessions(b + route, headers, first, count));
          const r = [];
          for (const options of [s1, l1, l2, s2]) r.push(await measure(options));
          const ratio = (r[1].rps / r[0].rps + r[2].rps / r[3].rps) / 2;
          return [{
            name: `${route} (${group}) large/small`,
            ratio,
            p99: Math.max(r[1].p99, r[2].p99),
            failed: r[1].failed + r[2].failed,
            budget: '>= 0.7; geometric mean >= 0.85',
            pass: (x) => x.ratio >= 0.7 && !x.failed,
          }];
        });
      }
    }
    const mine = results.filter((r) => r.db === kind);
    const mean = Math.exp(mine.reduce((n, r) => n + Math.log(r.ratio), 0) / mine.length);
    results.push({
      db: kind,
      name: `geometric mean of ${mine.length} learner rows, large/small`,
      ratio: mean,
      budget: '>= 0.85 (within 15%)',
      ok: mean >= 0.85,
      runs: 1,
    });
  } finally {
    for (const x of servers) await x.stop();
    large.cleanup();
    small.cleanup();
  }
}

// ---- JavaScript and Lighthouse ---------------------------------------------------------------

const lighthousePages = (lessonId) => [
  // [name, path, session token or null, public?]
  ['landing', '/', null, true],
  ['sign in', '/login', null, true],
  ['library', '/learn', null, true],
  ['public lesson', '/learn/saving-banking-basics', null, true],
  ['lessons', '/lessons?pillar=credit', token(GROUP.history + 1)],
  ['lesson', `/lesson/${lessonId}`, token(GROUP.history + 1)],
  ['dashboard', '/dashboard', token(GROUP.history + 1)],
  ['progress', '/progress', token(GROUP.history + 1)],
  ['review', '/review', token(GROUP.history + 1)],
  ['account', '/account', token(GROUP.history + 1)],
  ['admin', '/admin/lessons', token(GROUP.historyAdmin + 1)],
];
const JS_BUDGET_KB = { landing: 100, lesson: 90, dashboard: 90, progress: 250 };
/** Chunks that belong to one page only: charts to progress, the editor to admin. */
const PAGE_ONLY = [
  ['charts', /apexcharts|ApexCharts/, 'progress'],
  ['admin', /LessonEditor|AdminLessons|admin/i, 'admin'],
];

async function javaScriptRows(base, pages) {
  const { chromium } = await import('@playwright/test');
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  try {
    for (const [name, p, session] of pages) {
      const context = await browser.newContext();
      if (session) await context.addCookies([{ name: 'session', value: session, url: base }]);
      const page = await context.newPage();
      const scripts = new Map();
      page.on('response', async (r) => {
        if (r.request().resourceType() !== 'script') return;
        try {
          const body = await r.body();
          scripts.set(r.url(), { gzip: gzipSync(body).byteLength, text: body.toString('utf8') });
        } catch {
          // a redirect or an aborted response has no body to count
        }
      });
      await page.goto(base + p, { waitUntil: 'networkidle' });
      await page.mouse.wheel(0, 4000);
      await page.waitForLoadState('networkidle');
      const inline = await page.evaluate(() =>
        [...document.querySelectorAll(
          'script:not([src]):not([type="application/json"]):not([type="application/ld+json"])',
        )].map((s) => s.textContent ?? '').join('')
      );
      const kb = ([...scripts.values()].reduce((n, s) => n + s.gzip, 0) + gzipSync(Buffer.from(inline)).byteLength) /
        1024;
      const limit = JS_BUDGET_KB[name];
      if (limit) {
        results.push({
          db: '—',
          name: `JavaScript, ${name} page (KB gzip)`,
          ratio: kb,
          budget: `<= ${limit} KB`,
          ok: kb <= limit,
          runs: 1,
        });
      }
      for (const [what, pattern, owner] of PAGE_ONLY) {
        if (owner === name) continue;
        const leaked = [...scripts.entries()].filter(([url, s]) =>
          pattern.test(url.split('/').pop()) || (what === 'charts' && pattern.test(s.text))
        );
        if (leaked.length) {
          results.push({
            db: '—',
            name: `${what} code on the ${name} page: ${leaked.map(([u]) => u.split('/').pop()).join(', ')}`,
            ratio: leaked.length,
            budget: 'none',
            ok: false,
            runs: 1,
          });
        }
      }
      await context.close();
    }
  } finally {
    await browser.close();
  }
}

function lighthouseOnce(url, session) {
  const file = path.join(os.tmpdir(), `lh-${process.pid}-${Date.now()}.json`);
  const args = [
    path.join(root, 'bench', 'node_modules', 'lighthouse', 'cli', 'index.js'),
    url,
    `--chrome-path=${chromiumPath}`,
    '--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync --no-first-run',
    '--output=json',
    `--output-path=${file}`,
    '--quiet',
    '--only-categories=performance,accessibility,seo',
  ];
  if (session) args.push(`--extra-headers=${JSON.stringify({ Cookie: `session=${session}` })}`);
  const r = spawnSync(process.execPath, args, { cwd: root, stdio: 'ignore', timeout: 120_000 });
  if (r.status !== 0 || !existsSync(file)) return null;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  rmSync(file);
  const score = (c) => Math.round(report.categories[c].score * 100);
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    seo: score('seo'),
    lcp: report.audits['largest-contentful-paint'].numericValue,
  };
}

function lighthouseRows(base, pages) {
  for (const [name, p, session, isPublic] of pages) {
    const pass = (r) => r.lcp <= 1200 && r.performance >= 90 && r.accessibility === 100 && (!isPublic || r.seo === 100);
    const budget = `LCP <= 1.2 s, performance >= 90, accessibility 100${isPublic ? ', SEO 100' : ''}`;
    const medianOf3 = () => {
      const runs = [1, 2, 3].map(() => lighthouseOnce(base + p, session)).filter(Boolean);
      if (!runs.length) return null;
      const median = (k) => runs.map((r) => r[k]).sort((a, b) => a - b)[runs.length >> 1];
      return {
        performance: median('performance'),
        accessibility: median('accessibility'),
        seo: median('seo'),
        lcp: median('lcp'),
      };
    };
    let r = medianOf3();
    let runs = 1;
    if (!r || !pass(r)) {
      const again = medianOf3();
      runs = 2;
      if (again && (!r || pass(again) || again.performance > r.performance)) r = again;
    }
    const text = r
      ? `LCP ${
        (r.lcp / 1000).toFixed(2)
      } s, performance ${r.performance}, accessibility ${r.accessibility}, SEO ${r.seo}`
      : 'Lighthouse failed to run';
    results.push({
      db: '—',
      name: `Lighthouse ${name} (${text})`,
      ratio: r ? r.lcp / 1000 : NaN,
      budget,
      ok: Boolean(r && pass(r)),
      runs,
    });
    console.log(`${r && pass(r) ? '✓' : '✗'} Lighthouse ${name}: ${text}`);
  }
}

async function browserRows() {
  const db = openDatabase('pglite', { learners: 50 });
  const server = await startServer({ env: { ...serverEnv, ...db.env } });
  try {
    const pages = lighthousePages((await firstLesson(server.url)).id).filter(([name]) => wanted(name));
    await javaScriptRows(server.url, pages);
    await lighthouseRows(server.url, pages);
  } finally {
    await server.stop();
    db.cleanup();
  }
}

// ---- the run ---------------------------------------------------------------------------------

buildIfStale();
const kinds = flags.db ? [flags.db] : ['pglite', ...(process.env.DATABASE_URL ? ['postgres'] : [])];
if (kinds.includes('postgres') && !process.env.DATABASE_URL) throw new Error('--db postgres needs DATABASE_URL');
if (mode === 'lighthouse') await browserRows();
else for (const kind of kinds) await (mode === 'volume' ? volumeRows(kind) : serverRows(kind));

const minutes = (Date.now() - started) / 60000;
const table = [
  '| database | row | figure | p99 ms | budget | |',
  '|---|---|---:|---:|---|---|',
  ...results.map((r) =>
    `| ${r.db} | ${r.name} | ${Number.isFinite(r.ratio) ? r.ratio.toFixed(2) : '—'} | ${r.p99 ?? ''} | ${r.budget} | ${
      r.ok ? '✓' : '✗'
    }${r.runs > 1 ? ' (2 runs)' : ''} |`
  ),
].join('\n');
console.log(
  `\n${table}\n\n${results.filter((r) => !r.ok).length} of ${results.length} rows miss their budget; ${
    minutes.toFixed(1)
  } min.`,
);
if (!flags.only) {
  writeResults({
    root,
    mode,
    results,
    table,
    minutes,
    command: ['npm run bench', ...(process.argv.length > 2 ? ['--', ...process.argv.slice(2)] : [])].join(' '),
    kinds,
  });
}
process.exit(results.every((r) => r.ok) ? 0 : 1);
