// `node bench/compare.mjs --against <checkout> [--routes a,b]`: this build and another one (an older commit
// checked out and built elsewhere), measured in one run on PostgreSQL, interleaved route by route
// (other, this, this, other), the way issue 48 measured: the server process's CPU per response, the
// PostgreSQL processes' CPU per response, and the statements one request sends, counted in
// PostgreSQL's own log (log_statement = all on each build's database). Prints one markdown table.
// Needs DATABASE_URL (the local server, whose log is at --pg-log) and both checkouts built.
import { execSync, spawnSync } from 'node:child_process';
import { closeSync, existsSync, openSync, readdirSync, readFileSync, readSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { startServer } from '../tests/helpers/server.mjs';
import { benchToken as token } from './tokens.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values: flags } = parseArgs({
  options: {
    against: { type: 'string' },
    seconds: { type: 'string', default: '3' },
    // Only the rows whose name starts with one of these, e.g. `--routes "the trivial,/lesson/{id},/dashboard"`.
    routes: { type: 'string' },
    'pg-log': {
      type: 'string',
      default: '/var/log/postgresql/postgresql-15-main.log',
    },
  },
});
if (!flags.against || !process.env.DATABASE_URL) {
  console.error(
    'usage: DATABASE_URL=postgres://… node bench/compare.mjs --against <other checkout>',
  );
  process.exit(2);
}
const { default: autocannon } = await import('autocannon');
const seconds = Number(flags.seconds);
const LEARNERS = 20;
const TICK_MS = 1000 /
  Number(execSync('getconf CLK_TCK').toString().trim() || 100);
const cookie = (i) => ({ cookie: `session=${token(i)}` });

function cpuMs(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]
      .split(' ');
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return 0;
  }
}

function postgresCpuMs() {
  let total = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === 'postgres') {
        total += cpuMs(entry);
      }
    } catch {
      // ended meanwhile
    }
  }
  return total;
}

const admin = (statement) =>
  execSync(
    `${
      path.join(root, 'node_modules', 'deno', 'deno')
    } eval "import postgres from 'postgres'; const sql = postgres('${process.env.DATABASE_URL}'); await sql.unsafe(\\"${statement}\\"); await sql.end();"`,
    { cwd: root, stdio: 'inherit' },
  );

/** A build: its checkout, a seeded database of its own with every statement logged, its server. */
async function prepare(name, checkout) {
  const db = `compare_${name}_${Date.now()}`;
  admin(`create database ${db}`);
  admin(`alter database ${db} set log_statement = 'all'`);
  const url = new URL(process.env.DATABASE_URL);
  url.pathname = `/${db}`;
  const deno = path.join(checkout, 'node_modules', 'deno', 'deno');
  const args = [
    'run',
    '-A',
    'bench/seed.ts',
    url.href,
    '--learners',
    '500',
    '--history',
    '0',
    '--admins',
    '1',
  ];
  const seeded = spawnSync(deno, args, {
    cwd: checkout,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  if (seeded.status !== 0) throw new Error(`seeding ${name} failed`);
  const server = await startServer({
    root: checkout,
    env: {
      DATABASE_URL: url.href,
      // The access line is at debug; LOG_LEVEL=info measures what logging at info would cost.
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'error',
      BENCH_ROUTES: '1',
      ADMIN_EMAILS: 'bench-admin0@example.com',
    },
  });
  return {
    name,
    db,
    server,
    drop: () => admin(`drop database if exists ${db} with (force)`),
  };
}

function load(options, duration = seconds) {
  return new Promise((resolve, reject) =>
    autocannon(
      { connections: 50, duration, ...options },
      (e, r) => (e ? reject(e) : resolve(r)),
    )
  );
}

/** Rotating sessions (every request a new attempt id for completions). */
function requests(url, { signedIn, body }) {
  let n = 0;
  return {
    url,
    ...(body ? { method: 'POST' } : {}),
    requests: [{
      setupRequest: (req) => ({
        ...req,
        ...(body ? { body: body() } : {}),
        headers: {
          ...req.headers,
          ...(body ? { 'content-type': 'application/json' } : {}),
          ...(signedIn ? cookie(body ? 100 + (n++ % 400) : n++ % LEARNERS) : {}),
          ...(body ? { origin: new URL(url).origin } : {}),
        },
      }),
    }],
  };
}

async function cpuPerResponse(build, options) {
  await load(options, 1);
  const [s0, p0] = [cpuMs(build.server.child.pid), postgresCpuMs()];
  const r = await load(options);
  const [s1, p1] = [cpuMs(build.server.child.pid), postgresCpuMs()];
  const responses = Math.max(1, r.requests.total);
  if (r.non2xx) {
    console.warn(
      `${build.name} ${options.url}: ${r.non2xx} answers were not 2xx`,
    );
  }
  return { server: (s1 - s0) / responses, postgres: (p1 - p0) / responses };
}

/** The statements one request sends, from PostgreSQL's log (the fewest of three, past a warm-up). */
async function statementsPerRequest(build, url, init) {
  const log = flags['pg-log'];
  const counts = [];
  for (let i = 0; i < 4; i++) {
    const from = statSync(log).size;
    const res = await fetch(url, init());
    await res.arrayBuffer();
    await new Promise((r) => setTimeout(r, 150)); // the log is written by another process
    const to = statSync(log).size;
    const fd = openSync(log, 'r');
    const bytes = Buffer.alloc(to - from);
    readSync(fd, bytes, 0, bytes.length, from);
    closeSync(fd);
    const mine = bytes.toString('utf8').split('\n').filter((l) =>
      l.includes(`@${build.db} `) && /LOG:\s+(statement|execute)/.test(l)
    );
    if (i > 0) counts.push(mine.length);
  }
  return Math.min(...counts);
}

const builds = [
  await prepare('other', path.resolve(flags.against)),
  await prepare('this', root),
];
try {
  const base = (b) => b.server.url;
  const lessons = await fetch(
    `${base(builds[1])}/api/lessons/saving/beginner`,
    { headers: cookie(0) },
  ).then((r) => r.json());
  const lesson = lessons[0];
  const full = await fetch(
    `${base(builds[1])}/api/admin/lessons/${lesson.id}`,
    { headers: cookie(20000) },
  );
  const questions = full.ok ? (await full.json()).questions : null;
  const quizResponses = (questions ?? []).map((q) => ({
    questionId: q.id,
    userAnswer: q.correctAnswer,
  }));
  const complete = () => JSON.stringify({ attemptId: crypto.randomUUID(), quizResponses });
  const routes = [
    ['the trivial page with a session cookie', '/trivial', { signedIn: true }],
    [`/lesson/{id}`, `/lesson/${lesson.id}`, { signedIn: true }],
    ['/dashboard', '/dashboard', { signedIn: true }],
    ['/progress', '/progress', { signedIn: true }],
    ['/lessons?pillar=saving', '/lessons?pillar=saving', { signedIn: true }],
    ['/learn (signed out)', '/learn', { signedIn: false }],
    ['/learn/{slug} (signed out)', `/learn/${lesson.slug}`, {
      signedIn: false,
    }],
    [
      `POST /api/lesson/{id}/complete (${quizResponses.length} questions)`,
      `/api/lesson/${lesson.id}/complete`,
      { signedIn: true, body: complete },
    ],
  ];
  const rows = [];
  const only = flags.routes?.split(',');
  for (const [name, route, how] of routes) {
    if (only && !only.some((start) => name.startsWith(start))) continue;
    const cpu = { other: [], this: [] };
    const statements = {};
    for (const b of builds) {
      let k = 0;
      statements[b.name] = await statementsPerRequest(
        b,
        base(b) + route,
        () => ({
          method: how.body ? 'POST' : 'GET',
          body: how.body ? how.body() : undefined,
          headers: {
            ...(how.signedIn ? cookie(how.body ? 450 + k++ : 1) : {}),
            ...(how.body ? { 'content-type': 'application/json', origin: base(b) } : {}),
          },
        }),
      );
    }
    for (const b of [builds[0], builds[1], builds[1], builds[0]]) {
      cpu[b.name].push(await cpuPerResponse(b, requests(base(b) + route, how)));
    }
    const mean = (xs, k) => xs.reduce((n, x) => n + x[k], 0) / xs.length;
    rows.push(
      `| ${name} | ${mean(cpu.this, 'server').toFixed(2)} | ${mean(cpu.other, 'server').toFixed(2)} | ${
        mean(cpu.this, 'postgres').toFixed(2)
      } | ${mean(cpu.other, 'postgres').toFixed(2)} | ${statements.this} | ${statements.other} |`,
    );
    console.log(rows.at(-1));
  }
  console.log(
    [
      '',
      '| route | server CPU ms/request, this | the other build | PostgreSQL CPU ms/request, this | the other build | statements, this | the other build |',
      '|---|---:|---:|---:|---:|---:|---:|',
      ...rows,
    ].join('\n'),
  );
} finally {
  for (const b of builds) {
    await b.server.stop();
    b.drop();
  }
}
if (!existsSync(flags['pg-log'])) {
  console.warn(`no log at ${flags['pg-log']}: statements could not be counted`);
}
