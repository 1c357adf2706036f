// `npm run bench [-- options]`: checks the performance budgets of docs/DESIGN.md on this machine
// and prints one table (each row's CPU per request, its statements, its figure, budget, ✓/✗).
// bench/README.md explains the method.
//   (default)      the server rows, on PGlite and on PostgreSQL when DATABASE_URL is set
//   --lighthouse   the JavaScript and Lighthouse rows instead
//   --volume       the learner rows on a large database against a small one
//   --db pglite|postgres, --seconds N (per load), --only TEXT (rows whose name has TEXT; not recorded)
// A row that misses is measured again once and judged by the better run; the command exits 1
// when a row misses in both. Full runs replace their section of bench/RESULTS.md.
import { execSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { startServer } from '../tests/helpers/server.mjs';
import { buildIfStale } from '../scripts/start.mjs';
import { benchToken as token } from './tokens.mjs';
import { writeResults } from './results.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
if (!existsSync(path.join(root, 'bench', 'node_modules'))) {
  execSync('npm ci --prefix bench --no-audit --no-fund', {
    cwd: root,
    stdio: 'inherit',
  });
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

/**
 * Signed-in routes: [path, how the session is sent, who, CPU budget against the trivial signed-in
 * page (null: shown, not judged; docs/DESIGN.md names no budget for the studio's pages)].
 */
const signedInRoutes = (lessonId) => [
  ['/dashboard', cookie, 'learner', 6],
  ['/progress', cookie, 'learner', 6],
  ['/plan', cookie, 'learner', 6],
  ['/review', cookie, 'learner', 3],
  ['/account', cookie, 'learner', 3],
  ['/lessons?pillar=credit', cookie, 'learner', 3],
  [`/lesson/${lessonId}`, cookie, 'learner', 3],
  ['/api/user/dashboard', bearer, 'learner', 6],
  ['/api/user/progress', bearer, 'learner', 6],
  ['/api/user/quiz-analytics', bearer, 'learner', 6],
  ['/api/user/badges', bearer, 'learner', 3],
  ['/api/lessons/credit/intermediate', bearer, 'learner', 3],
  [`/api/lesson/${lessonId}`, bearer, 'learner', 3],
  ['/admin/lessons', cookie, 'admin', null],
  ['/api/admin/lessons', bearer, 'admin', null],
  [`/studio/stats/${lessonId}`, cookie, 'admin', null],
];

// ---- measuring -------------------------------------------------------------------------------

function load(options, duration = seconds) {
  return new Promise((resolve, reject) => {
    autocannon(
      { connections, duration, ...options },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
}

const TICK_MS = 1000 /
  Number(execSync('getconf CLK_TCK').toString().trim() || 100);

/** A process's user+system CPU so far, in ms (all its threads), from /proc. */
function cpuMs(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]
      .split(' ');
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return 0;
  }
}

/** Every PostgreSQL process's CPU so far, in ms (the local server; its other databases are idle). */
function postgresCpuMs() {
  let total = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === 'postgres') {
        total += cpuMs(entry);
      }
    } catch {
      // the process ended meanwhile
    }
  }
  return total;
}

/** The server under measure (its pid) and whether PostgreSQL's CPU is counted. */
const subject = { pid: 0, postgres: false };

/**
 * A warmed load: one unrecorded second first. Answers the rate, p99, failed requests and the CPU
 * per response, the server's and PostgreSQL's (ms).
 */
async function measure(options) {
  await load(options, 1);
  const [server0, pg0] = [
    cpuMs(subject.pid),
    subject.postgres ? postgresCpuMs() : 0,
  ];
  const r = await load(options);
  const [server1, pg1] = [
    cpuMs(subject.pid),
    subject.postgres ? postgresCpuMs() : 0,
  ];
  const responses = Math.max(1, r.requests.total);
  return {
    rps: r.requests.average,
    p99: r.latency.p99,
    failed: r.errors + r.timeouts + r.non2xx,
    cpu: (server1 - server0) / responses,
    pgCpu: (pg1 - pg0) / responses,
    raw: r,
  };
}

/** The statements one request sends, after one warm-up (the server counts them: STATEMENT_COUNTS). */
async function statementsOf(url, headers = {}, init = {}) {
  for (let i = 0; i < 2; i++) {
    const res = await fetch(url, { headers, redirect: 'manual', ...init });
    await res.arrayBuffer();
    if (i === 1) return Number(res.headers.get('x-statements') ?? NaN);
  }
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
        headers: {
          ...req.headers,
          ...extra.headers,
          ...headers(first + (n++ % count)),
        },
      }),
    }],
  };
}

// ---- rows and budgets ------------------------------------------------------------------------

/** Every judged row: { db, name, ratio, cpu, pgCpu, statements, p99, budget, ok }. */
const results = [];

/**
 * Runs `measureGroup` (which answers rows: { name, ratio, cpu, pgCpu, statements, p99, failed,
 * budget, pass }) and, when any of its rows misses, once more; each row is judged by the better of
 * its two runs.
 */
async function judged(db, measureGroup) {
  const first = await measureGroup();
  const again = first.some((r) => !r.pass(r)) ? await measureGroup() : [];
  for (const r of first) {
    const other = again.find((a) => a.name === r.name);
    const best = !other || r.pass(r) ? r : other.pass(other) || other.ratio < r.ratio ? other : r;
    const row = { ...best, db, ok: best.pass(best), runs: other ? 2 : 1 };
    delete row.pass;
    results.push(row);
    console.log(
      `${row.ok ? '✓' : '✗'} ${db} ${row.name}: ${fixed(row.ratio)} (${row.budget}); server ${fixed(row.cpu)} ms, ` +
        `PostgreSQL ${fixed(row.pgCpu)} ms, ${row.statements ?? '—'} statements${other ? ' [measured twice]' : ''}`,
    );
  }
}

const fixed = (x, digits = 2) => (Number.isFinite(x) ? x.toFixed(digits) : '—');
const wanted = (name) => !flags.only || name.includes(flags.only);

/** A CPU budget as a multiple of a trivial page, plus the statement budget; null judges nothing. */
function cpuBudget(times, statements, against) {
  const parts = [
    ...(times === null ? [] : [`CPU <= ${times}x trivial ${against}`]),
    ...(statements === null ? [] : [`<= ${statements} statements`]),
  ];
  return {
    budget: parts.join(', ') || 'shown, not judged',
    pass: (r) =>
      !r.failed && (times === null || r.ratio <= times) &&
      (statements === null || r.statements <= statements),
  };
}

/** A signed-in route for fresh and history learners, beside the signed-in trivial page (T, F, H). */
async function learnerRoute(db, base, [route, headers, who, times]) {
  const [freshFirst, historyFirst, count] = who === 'admin'
    ? [GROUP.admin, GROUP.historyAdmin, ADMINS]
    : [GROUP.fresh, GROUP.history, LEARNERS];
  const statements = {};
  for (
    const [group, first] of [['fresh', freshFirst], ['history', historyFirst]]
  ) {
    const res = await fetch(base + route, {
      headers: headers(first),
      redirect: 'manual',
    });
    await res.arrayBuffer();
    if (res.status !== 200) {
      throw new Error(`${route} answered ${res.status} to a seeded ${who}`);
    }
    statements[group] = await statementsOf(base + route, headers(first + 1));
  }
  await judged(db, async () => {
    const t = await measure(
      asSessions(`${base}/trivial`, cookie, GROUP.fresh, LEARNERS),
    );
    const f = await measure(
      asSessions(base + route, headers, freshFirst, count),
    );
    const h = await measure(
      asSessions(base + route, headers, historyFirst, count),
    );
    const page = cpuBudget(times, 2, 'signed-in');
    const row = (name, m, n) => ({
      name,
      ratio: m.cpu / t.cpu,
      cpu: m.cpu,
      pgCpu: m.pgCpu,
      statements: n,
      p99: m.p99,
      failed: m.failed,
      ...page,
    });
    return [
      row(`${route} (fresh)`, f, statements.fresh),
      row(`${route} (300 attempts)`, h, statements.history),
      {
        name: `${route} 300 attempts/fresh`,
        ratio: h.cpu / f.cpu,
        cpu: h.cpu,
        pgCpu: h.pgCpu,
        budget: 'CPU within 1.4x',
        pass: (r) => r.ratio <= 1.4,
      },
    ];
  });
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
  if (first.status !== 200 || !tag) {
    throw new Error(`${lessonPath} answered ${first.status} without an ETag`);
  }
  const notModified = { 'if-none-match': tag };
  const statements = {
    learn: await statementsOf(`${base}/learn`),
    lesson: await statementsOf(base + lessonPath),
    repeat: await statementsOf(base + lessonPath, notModified),
  };
  await judged(db, async () => {
    const t = await measure({ url: `${base}/trivial` });
    const l = await measure({ url: `${base}/learn` });
    const p = await measure({ url: base + lessonPath });
    await load({ url: base + lessonPath, headers: notModified }, 1);
    const n = await measure({ url: base + lessonPath, headers: notModified });
    const row = (name, m, n, budget) => ({
      name,
      ratio: m.cpu / t.cpu,
      cpu: m.cpu,
      pgCpu: m.pgCpu,
      statements: n,
      p99: m.p99,
      failed: m.failed,
      ...budget,
    });
    return [
      row(
        'GET /learn (signed out)',
        l,
        statements.learn,
        cpuBudget(7, 1, 'signed-out'),
      ),
      row(
        `GET ${lessonPath} (signed out)`,
        p,
        statements.lesson,
        cpuBudget(5, 1, 'signed-out'),
      ),
      {
        ...row(
          `GET ${lessonPath} repeat visit (304)`,
          n,
          statements.repeat,
          cpuBudget(null, 1, 'signed-out'),
        ),
        failed: n.raw.errors + n.raw.timeouts + n.raw['2xx'] + n.raw['4xx'] +
          n.raw['5xx'],
      },
    ];
  });
}

async function completionRow(db, base, lessonId) {
  const lesson = await fetch(`${base}/api/admin/lessons/${lessonId}`, {
    headers: bearer(GROUP.admin),
  }).then((r) => r.json());
  const quizResponses = lesson.questions.map((q) => ({
    questionId: q.id,
    userAnswer: q.correctAnswer,
  }));
  const body = () =>
    JSON.stringify({
      attemptId: crypto.randomUUID(),
      quizResponses,
      durationMs: 60000,
    });
  const statements = await statementsOf(
    `${base}/api/lesson/${lessonId}/complete`,
    {
      ...bearer(GROUP.fresh + 499),
      'content-type': 'application/json',
    },
    { method: 'POST', body: body() },
  );
  const completions = asSessions(
    `${base}/api/lesson/${lessonId}/complete`,
    bearer,
    GROUP.fresh,
    500,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    },
  );
  await judged(db, async () => {
    const t = await measure(
      asSessions(`${base}/trivial`, cookie, GROUP.fresh, LEARNERS),
    );
    const c = await measure(completions);
    return [{
      name: `POST /api/lesson/${lessonId}/complete`,
      ratio: c.cpu / t.cpu,
      cpu: c.cpu,
      pgCpu: c.pgCpu,
      statements,
      p99: c.p99,
      failed: c.failed,
      ...cpuBudget(8, 4, 'signed-in'),
    }];
  });
}

/** The trivial pages themselves: the ceilings every ratio is taken against, shown with their statements. */
async function trivialRows(db, base) {
  const signedIn = await statementsOf(`${base}/trivial`, cookie(GROUP.fresh));
  const signedOut = await statementsOf(`${base}/trivial`);
  await judged(db, async () => {
    const i = await measure(
      asSessions(`${base}/trivial`, cookie, GROUP.fresh, LEARNERS),
    );
    const o = await measure({ url: `${base}/trivial` });
    const row = (name, m, n) => ({
      name,
      ratio: 1,
      cpu: m.cpu,
      pgCpu: m.pgCpu,
      statements: n,
      p99: m.p99,
      failed: m.failed,
      budget: 'the ceiling',
      pass: (r) => !r.failed,
    });
    return [
      row('/trivial (signed in)', i, signedIn),
      row('/trivial (signed out)', o, signedOut),
    ];
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
    const r = spawnSync(deno, args, {
      cwd: root,
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    if (r.status !== 0) throw new Error('seeding failed');
  };
  if (kind === 'pglite') {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-'));
    seed(dir);
    return {
      env: { DATA_DIR: dir },
      cleanup: () => rmSync(dir, { recursive: true, force: true }),
    };
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
const serverEnv = {
  LOG_LEVEL: 'error',
  BENCH_ROUTES: '1',
  STATEMENT_COUNTS: '1',
  ADMIN_EMAILS: adminEmails,
};

async function firstLesson(base) {
  const lessons = await fetch(`${base}/api/lessons/credit/intermediate`, {
    headers: bearer(GROUP.fresh),
  }).then((r) => r.json());
  return lessons[0];
}

async function serverRows(kind) {
  const db = openDatabase(kind);
  const server = await startServer({ env: { ...serverEnv, ...db.env } });
  subject.pid = server.child.pid;
  subject.postgres = kind === 'postgres';
  try {
    const base = server.url;
    const lesson = await firstLesson(base);
    if (wanted('trivial')) await trivialRows(kind, base);
    for (const route of signedInRoutes(lesson.id)) {
      if (wanted(route[0])) await learnerRoute(kind, base, route);
    }
    if (wanted('/learn')) await publicRows(kind, base);
    if (wanted('complete')) await completionRow(kind, base, lesson.id);
  } finally {
    await server.stop();
    db.cleanup();
  }
}

/**
 * The learner rows on a large database against the same rows on a small one: each row's server
 * CPU per request, large over small, in turns S L L S (two servers run at once; each load's CPU is
 * its own server's).
 */
async function volumeRows(kind) {
  const volume = Number(
    flags[kind === 'postgres' ? 'volume-postgres' : 'volume-pglite'],
  );
  const large = openDatabase(kind, { volume });
  const small = openDatabase(kind);
  const servers = [
    await startServer({ env: { ...serverEnv, ...small.env } }),
    await startServer({ env: { ...serverEnv, ...large.env } }),
  ];
  try {
    const [s, l] = servers.map((x) => x.url);
    const pidOf = new Map([[s, servers[0].child.pid], [
      l,
      servers[1].child.pid,
    ]]);
    const lesson = await firstLesson(s);
    for (const [route, headers, who] of signedInRoutes(lesson.id)) {
      if (!wanted(route) || who === 'admin') continue;
      for (
        const [group, first, count] of [['fresh', GROUP.fresh, LEARNERS], [
          '300 attempts',
          GROUP.history,
          LEARNERS,
        ]]
      ) {
        await judged(kind, async () => {
          const r = [];
          for (const b of [s, l, l, s]) {
            subject.pid = pidOf.get(b);
            subject.postgres = false;
            r.push(await measure(asSessions(b + route, headers, first, count)));
          }
          const ratio = (r[1].cpu / r[0].cpu + r[2].cpu / r[3].cpu) / 2;
          return [{
            name: `${route} (${group}) large/small`,
            ratio,
            cpu: (r[1].cpu + r[2].cpu) / 2,
            p99: Math.max(r[1].p99, r[2].p99),
            failed: r[1].failed + r[2].failed,
            budget: 'CPU <= 1.4x; geometric mean <= 1.15',
            pass: (x) => x.ratio <= 1.4 && !x.failed,
          }];
        });
      }
    }
    const mine = results.filter((r) => r.db === kind);
    const mean = Math.exp(
      mine.reduce((n, r) => n + Math.log(r.ratio), 0) / mine.length,
    );
    results.push({
      db: kind,
      name: `geometric mean of ${mine.length} learner rows, large/small`,
      ratio: mean,
      budget: '<= 1.15 (within 15%)',
      ok: mean <= 1.15,
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
  ['plan', '/plan', token(GROUP.history + 1)],
  ['review', '/review', token(GROUP.history + 1)],
  ['account', '/account', token(GROUP.history + 1)],
  ['admin', '/admin/lessons', token(GROUP.historyAdmin + 1)],
];
const JS_BUDGET_KB = { landing: 100, lesson: 90, dashboard: 90, plan: 90, progress: 250 };
/** Chunks that belong to one page only: charts to progress, the editor to admin. */
const PAGE_ONLY = [
  ['charts', /apexcharts|ApexCharts/, 'progress plan'],
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
      if (session) {
        await context.addCookies([{
          name: 'session',
          value: session,
          url: base,
        }]);
      }
      const page = await context.newPage();
      const scripts = new Map();
      page.on('response', async (r) => {
        if (r.request().resourceType() !== 'script') return;
        try {
          const body = await r.body();
          scripts.set(r.url(), {
            gzip: gzipSync(body).byteLength,
            text: body.toString('utf8'),
          });
        } catch {
          // a redirect or an aborted response has no body to count
        }
      });
      await page.goto(base + p, { waitUntil: 'networkidle' });
      // The plan's budget is its JavaScript before its chart scrolls into view (docs/DESIGN.md).
      if (name !== 'plan') await page.mouse.wheel(0, 4000);
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
        if (owner.split(' ').includes(name)) {
          continue;
        }
        const leaked = [...scripts.entries()].filter(([url, s]) =>
          pattern.test(url.split('/').pop()) ||
          (what === 'charts' && pattern.test(s.text))
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
  if (session) {
    args.push(
      `--extra-headers=${JSON.stringify({ Cookie: `session=${session}` })}`,
    );
  }
  const r = spawnSync(process.execPath, args, {
    cwd: root,
    stdio: 'ignore',
    timeout: 120_000,
  });
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
    const pass = (r) =>
      r.lcp <= 1200 && r.performance >= 90 && r.accessibility === 100 &&
      (!isPublic || r.seo === 100);
    const budget = `LCP <= 1.2 s, performance >= 90, accessibility 100${isPublic ? ', SEO 100' : ''}`;
    const medianOf3 = () => {
      const runs = [1, 2, 3].map(() => lighthouseOnce(base + p, session))
        .filter(Boolean);
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
      if (again && (!r || pass(again) || again.performance > r.performance)) {
        r = again;
      }
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
    const pages = lighthousePages((await firstLesson(server.url)).id).filter((
      [name],
    ) => wanted(name));
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
if (kinds.includes('postgres') && !process.env.DATABASE_URL) {
  throw new Error('--db postgres needs DATABASE_URL');
}
if (mode === 'lighthouse') await browserRows();
else {for (const kind of kinds) {
    await (mode === 'volume' ? volumeRows(kind) : serverRows(kind));
  }}

const minutes = (Date.now() - started) / 60000;
const table = [
  '| database | row | server CPU ms/req | PostgreSQL CPU ms/req | statements | figure | p99 ms | budget | |',
  '|---|---|---:|---:|---:|---:|---:|---|---|',
  ...results.map((r) =>
    `| ${r.db} | ${r.name} | ${fixed(r.cpu)} | ${fixed(r.pgCpu)} | ${r.statements ?? ''} | ${fixed(r.ratio)} | ${
      r.p99 ?? ''
    } | ${r.budget} | ${r.ok ? '✓' : '✗'}${r.runs > 1 ? ' (2 runs)' : ''} |`
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
    command: [
      'npm run bench',
      ...(process.argv.length > 2 ? ['--', ...process.argv.slice(2)] : []),
    ].join(' '),
    kinds,
  });
}
process.exit(results.every((r) => r.ok) ? 0 : 1);
