// `npm run bench [-- options]` (bench/README.md): measures side by side, in one run on this machine, a static file server
// serving the landing page's bytes (the ceiling), a trivial server-rendered response (the
// framework's ceiling), and the app's pages and APIs for signed-in learners, on PGlite and on
// PostgreSQL (when DATABASE_URL is set); then the JavaScript each page ships and Lighthouse
// (mobile) scores. Appends a table to bench/RESULTS.md with the machine, date and commit.
import { spawn, spawnSync, execSync } from 'node:child_process';
import { appendFileSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
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
const { values: flags } = parseArgs({
  options: {
    // Seconds per measured row (each after an unrecorded warm-up of min(2, seconds) s).
    seconds: { type: 'string', default: process.env.BENCH_SECONDS ?? '10' },
    // The data-volume run: the learner rows again with 100,000 more learners (3,000,000 attempts)
    // in the Postgres database and 10,000 (300,000 attempts) in PGlite's.
    volume: { type: 'boolean', default: false },
    // Only one database: pglite or postgres (postgres needs DATABASE_URL).
    db: { type: 'string' },
    'no-lighthouse': { type: 'boolean', default: false },
    // Only the JavaScript and Lighthouse measurements (PGlite), no load.
    'lighthouse-only': { type: 'boolean', default: false },
    'lighthouse-runs': { type: 'string', default: process.env.BENCH_LIGHTHOUSE_RUNS ?? '5' },
    // Learners per history group (fresh and with 300 attempts), rotated through by each row.
    'history-learners': { type: 'string', default: '20' },
    'volume-postgres': { type: 'string', default: '100000' },
    'volume-pglite': { type: 'string', default: '10000' },
    // The data-volume run's comparison: seconds per turn (eight turns a row, see volumeComparison).
    'compare-seconds': { type: 'string', default: '3' },
  },
});
const duration = Number(flags.seconds);
const warmup = Math.min(2, duration);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const learners = Number(process.env.BENCH_LEARNERS ?? 500);
const lighthouseRuns = Number(flags['lighthouse-runs']);
const historyLearners = Number(flags['history-learners']);
const admins = 5;
/** Session token bases of the seeded groups (bench/seed.ts). */
const GROUP = { fresh: 0, history: 10000, admin: 20000, historyAdmin: 30000 };
const startedAt = Date.now();
/** Learner pages and APIs (issue 24), as an admin for the admin lesson list. */
const LEARNER_ROUTES = [
  ['/dashboard', 'cookie'],
  ['/progress', 'cookie'],
  ['/review', 'cookie'],
  ['/account', 'cookie'],
  ['/api/user/dashboard', 'bearer'],
  ['/api/user/progress', 'bearer'],
  ['/api/user/quiz-analytics', 'bearer'],
  ['/api/user/badges', 'bearer'],
  ['/admin/lessons', 'cookie', 'admin'],
  // The list the admin screen loads (summaries). GET /api/admin/lessons/all, the whole catalogue,
  // is measured against a static server sending the same bytes (catalogueRow).
  ['/api/admin/lessons', 'bearer', 'admin'],
];
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
/**
 * One table row: `r` is autocannon's result, or turns() summary. `ceiling` is what the rate is a
 * ratio to (a rate), or `ratio` the ratio itself (paired turns).
 */
function record(db, name, r, ceiling, { target = true, minRatio = 0.5, ratio = ceiling ? Math.round(r.requests.average) / ceiling : null } = {}) {
  const row = { db, name, rps: Math.round(r.requests.average), p50: r.latency.p50, p99: r.latency.p99, errors: r.errors + r.timeouts + r.non2xx };
  row.ratio = ratio === null ? '—' : ratio.toFixed(2);
  // DESIGN.md's server target: at least half its ceiling's throughput, p99 under 100 ms, no errors.
  row.meets = ratio === null || !target ? '—' : ratio >= minRatio && row.p99 < 100 && row.errors === 0 ? 'yes' : 'no';
  rows.push(row);
  console.log(JSON.stringify(row));
  return row;
}

/** Rotates through the seeded learners' sessions (`count` of them from token index `base`). */
function asLearners(requestFactory, count = learners, base = 0) {
  let n = 0;
  return (req) => {
    const i = base + (n++ % count);
    return requestFactory(req, i);
  };
}

/** A load on `url` rotating through `count` seeded sessions from index `first`, sent as `headers(i)`. */
function learnerLoad(url, headers, count, first) {
  return { url, requests: [{ setupRequest: asLearners((req, i) => ({ ...req, headers: { ...req.headers, ...headers(i) } }), count, first) }] };
}

/** A learner route's two groups, [kind, first session index, count]: fresh and with history. */
function routeGroups(who) {
  return who === 'admin'
    ? [['fresh', GROUP.admin, admins], ['history', GROUP.historyAdmin, admins]]
    : [['fresh', GROUP.fresh, historyLearners], ['history', GROUP.history, historyLearners]];
}

/** Eight turns of two loads, a b b a b a a b: each comes first in two of the adjacent pairs. */
const eightTurns = (a, b) => [a, b, b, a, b, a, a, b];

const median = (xs) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return (sorted[(sorted.length - 1) >> 1] + sorted[sorted.length >> 1]) / 2;
};

/**
 * Loads in turns: `order` names the loads of `loads` (name -> autocannon options) one after
 * another, `seconds` each, after a warm-up of each. Throughput here drifts by more than 10% within
 * minutes and a single short load can fall 30-50% for no reason of its own, so rates are compared
 * between turns next to each other: a drift moves both turns of a pair alike.
 */
async function inTurns(loads, order, seconds) {
  for (const load of Object.values(loads)) await measure({ ...load, duration: warmup });
  const turns = [];
  for (const name of order) turns.push({ name, result: await measure({ ...loads[name], duration: seconds }) });
  return turns;
}

/** One load's turns as one result: the median rate, p50 and p99 of its turns, errors summed. */
function summary(turns, name) {
  const rs = turns.filter((t) => t.name === name).map((t) => t.result);
  return {
    requests: { average: median(rs.map((r) => r.requests.average)) },
    latency: { p50: median(rs.map((r) => r.latency.p50)), p99: Math.round(median(rs.map((r) => r.latency.p99))) },
    errors: rs.reduce((n, r) => n + r.errors, 0),
    timeouts: rs.reduce((n, r) => n + r.timeouts, 0),
    non2xx: rs.reduce((n, r) => n + r.non2xx, 0),
    turns: rs.map((r) => Math.round(r.requests.average)),
  };
}

/**
 * `of`'s rate against `to`'s: for each turn of `of`, the ratio to the turn of `to` next to it (the
 * mean of both when both neighbours are `to`); the median of those ratios.
 */
function pairedRatio(turns, of, to) {
  const rate = (t) => t.result.requests.average;
  const ratios = [];
  turns.forEach((t, i) => {
    if (t.name !== of) return;
    const beside = [turns[i - 1], turns[i + 1]].filter((n) => n?.name === to);
    if (beside.length) ratios.push(rate(t) / (beside.reduce((n, b) => n + rate(b), 0) / beside.length));
  });
  return median(ratios);
}

buildIfStale();

// 1. The static ceiling: the landing page's bytes from a plain server, same runtime. It keeps
// running (idle) so it can be measured again beside each landing-page row. `/` renders on demand
// (it sends a signed-in learner home), so its bytes come from the app itself, signed out.
const landingFile = path.join(mkdtempSync(path.join(os.tmpdir(), 'bench-landing-')), 'index.html');
{
  const app = await startServer({ env: { LOG_LEVEL: 'error' } });
  try {
    writeFileSync(landingFile, new Uint8Array(await (await fetch(app.url + '/', { headers: { 'accept-encoding': 'identity' } })).arrayBuffer()));
  } finally {
    await app.stop();
  }
}
const staticPort = await freePort();
const baseline = spawn(deno, ['run', '--allow-net', '--allow-env', '--allow-read', 'bench/static-server.mjs'], {
  cwd: root,
  env: { ...process.env, PORT: String(staticPort), LANDING_FILE: landingFile },
  stdio: 'ignore',
});
process.on('exit', () => baseline.kill('SIGTERM'));
const staticUrl = `http://127.0.0.1:${staticPort}/`;
await waitFor(staticUrl);
const staticRuns = [];
if (!flags['lighthouse-only']) {
  await measure({ url: staticUrl, duration: warmup });
  staticRuns.push(record('—', 'static file server, landing bytes (ceiling)', await measure({ url: staticUrl })).rps);
}
async function measureStatic() {
  const rps = Math.round((await measure({ url: staticUrl })).requests.average);
  staticRuns.push(rps);
  return rps;
}

const targets = [];
if (!flags.db || flags.db === 'pglite' || flags['lighthouse-only']) targets.push({ kind: 'pglite' });
if ((!flags.db || flags.db === 'postgres') && process.env.DATABASE_URL && !flags['lighthouse-only']) targets.push({ kind: 'postgres' });
if (flags.db === 'postgres' && !process.env.DATABASE_URL) throw new Error('--db postgres needs DATABASE_URL');
/** Seed time, attempts and database size per database. */
const seeds = [];
/** The learner rows, fresh and with history side by side. */
const learnerRows = [];
/** The data-volume run's learner rows, large database against small. */
const volumeRows = [];
/** Lighthouse's LCP findings per page, and where its JSON reports are. */
let lcpFindings = [];
const lighthouseReports = [];
let pageBytes = [];
/** Every measurement of each database's trivial page, in order. */
const ceilingRuns = [];
let lighthouse = [];

for (const target of targets) {
  const volume = flags.volume ? Number(flags[target.kind === 'postgres' ? 'volume-postgres' : 'volume-pglite']) : 0;
  const { env, cleanup: cleanupMain } = openDatabase(target.kind, volume);
  // The data-volume run compares each learner row with the same row on a small database (the
  // normal run's seed), served at the same time by a second server and loaded in turns.
  let small = null;
  try {
    small = flags.volume ? openDatabase(target.kind, 0) : null;
  } catch (error) {
    cleanupMain();
    throw error;
  }
  let smallServer = null;
  const cleanup = () => {
    cleanupMain();
    small?.cleanup();
  };
  // The seeded admins are admins by ADMIN_EMAILS (which decides the role at every session check).
  const adminEmails = Array.from({ length: admins }, (_, i) => [`bench-admin${i}@example.com`, `bench-h-admin${i}@example.com`]).flat().join(',');
  // BENCH_ROUTES turns on /trivial and /ping, the framework ceiling measured below.
  const serverEnv = { LOG_LEVEL: 'error', BENCH_ROUTES: '1', ADMIN_EMAILS: adminEmails };
  let server = await startServer({ env: { ...serverEnv, ...env } });
  try {
    if (small) smallServer = await startServer({ env: { ...serverEnv, ...small.env } });
    const base = server.url;
    const probe = await fetch(`${base}/api/lessons/credit/intermediate`, { headers: { authorization: `Bearer ${token(0)}` } });
    if (!probe.ok) throw new Error(`a seeded learner's session was refused (${probe.status}): ${await probe.text()}`);
    const lessons = await probe.json();
    const lessonId = lessons[0].id;
    const cookie = (i) => ({ cookie: `session=${token(i)}` });
    const bearer = (i) => ({ authorization: `Bearer ${token(i)}` });
    if (!flags['lighthouse-only']) {
    await measure({ url: `${base}/trivial`, duration: warmup });
    // DESIGN.md: the framework's ceiling is the same server rendering a trivial page. The bare
    // endpoint (/ping, no page rendering) is shown beside it for reference.
    const ceiling = record(target.kind, 'trivial page /trivial (framework ceiling)', await measure({ url: `${base}/trivial` })).rps;
    record(target.kind, 'trivial endpoint /ping (reference)', await measure({ url: `${base}/ping` }), ceiling, { target: false });
    // The static ceiling measured right before and right after the landing page.
    if (!flags.volume) {
      const staticBefore = await measureStatic();
      await measure({ url: `${base}/`, duration: warmup });
      const landing = await measure({ url: `${base}/` });
      record(target.kind, 'landing page / (prerendered; ratio to the static ceiling)', landing, (staticBefore + (await measureStatic())) / 2);
    }
    const pages = flags.volume ? [] : [
      ['lessons list /lessons?pillar=credit', '/lessons?pillar=credit', 'cookie'],
      [`lesson page /lesson/${lessonId}`, `/lesson/${lessonId}`, 'cookie'],
      ['GET /api/lessons/credit/intermediate', '/api/lessons/credit/intermediate', 'bearer'],
    ];
    // Throughput on these machines drifts within a run, so each signed-in row is measured in turns
    // with the ceiling (inTurns): T R R T R T T R, each of --compare-seconds; the row's ratio is the
    // median of each R turn's ratio to the T turn(s) beside it, its rate and p99 its turns' medians.
    const ceilings = [ceiling];
    const besideCeiling = async (name, load) => {
      const turns = await inTurns({ T: { url: `${base}/trivial` }, R: load }, eightTurns('T', 'R'), Number(flags['compare-seconds']));
      ceilings.push(...summary(turns, 'T').turns);
      record(target.kind, name, summary(turns, 'R'), null, { ratio: pairedRatio(turns, 'R', 'T') });
    };
    for (const [name, p, auth] of pages) {
      await besideCeiling(name, {
        url: base + p,
        requests: [{ setupRequest: asLearners((req, i) => ({ ...req, headers: { ...req.headers, ...(auth === 'cookie' ? cookie(i) : bearer(i)) } })) }],
      });
    }
    await learnerSection(target.kind, base, { cookie, bearer });
    if (smallServer) {
      // The comparison is of the data, not of the servers' pasts: after the rows above, the large
      // database's server has served every route for ten minutes and the small one's nothing. With
      // that history its first compared row (/dashboard, one SQL statement a request either way)
      // came out at 0.77-0.81 of the small server's in two runs, while two fresh servers gave 1.11
      // (bench/RESULTS.md, 2026-11-27). So it restarts, and both are warmed alike.
      await server.stop();
      server = await startServer({ env: { ...serverEnv, ...env } });
      await volumeComparison(target.kind, smallServer.url, server.url, { cookie, bearer });
    }
    if (!flags.volume) await catalogueRow(target.kind, base, bearer);
    if (!flags.volume) {
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
    }
    ceilingRuns.push({ db: target.kind, rps: ceilings });
    }
    if (target.kind === 'pglite' && !flags.volume && !flags['no-lighthouse']) {
      pageBytes = await measureJavaScript(base, lessonId);
      lighthouse = await runLighthouse(base, lessonId);
    }
  } finally {
    await server.stop();
    await smallServer?.stop();
    cleanup();
  }
}


/**
 * The learner rows, in turns (inTurns) of --compare-seconds: first 50 connections on one session
 * against the cookie-less /trivial, in eight turns (cookie-less, one session, one session,
 * cookie-less, one session, cookie-less, cookie-less, one session). Then each learner route for
 * fresh learners (F) and for learners with 300 attempts and 200 review answers (H,
 * bench/history.ts), beside the signed-in trivial page (T: /trivial with the fresh learners'
 * cookies, the signed-in ceiling), in thirteen turns T F H T H F T F H T H F T: every F and H turn
 * has one H or F and one T beside it, F before H in two pairs and after it in two.
 * history/fresh is the median of the four F-H pairs' ratios, each group's ratio to the ceiling
 * the median of its four turns' ratios to the T beside them; rates and p99 are the turns' medians.
 */
async function learnerSection(db, base, { cookie, bearer }) {
  const seconds = Number(flags['compare-seconds']);
  const oneName = `/trivial, ${connections} connections on one session (ratio to cookie-less /trivial)`;
  const one = await inTurns(
    { bare: { url: `${base}/trivial` }, one: { url: `${base}/trivial`, headers: cookie(GROUP.fresh) } },
    eightTurns('bare', 'one'),
    seconds,
  );
  record(db, oneName, summary(one, 'one'), null, { minRatio: 0.8, ratio: pairedRatio(one, 'one', 'bare') });
  ceilingRuns.push({ db, name: 'cookie-less trivial, beside one session', rps: summary(one, 'bare').turns });
  const signed = learnerLoad(`${base}/trivial`, cookie, historyLearners, GROUP.fresh);
  const signedRuns = [];
  for (const [route, auth, who] of LEARNER_ROUTES) {
    const out = { db, route };
    const headers = (i) => (auth === 'cookie' ? cookie(i) : bearer(i));
    const loads = { T: signed };
    const bytes = {};
    for (const [kind, first, count] of routeGroups(who)) {
      const res = await fetch(base + route, { headers: headers(first), redirect: 'manual' });
      bytes[kind] = (await res.arrayBuffer()).byteLength;
      if (res.status !== 200) throw new Error(`${route} answered ${res.status} to a ${kind} ${who ?? 'learner'}`);
      loads[kind] = learnerLoad(base + route, headers, count, first);
    }
    const turns = await inTurns(loads, ['T', 'fresh', 'history', 'T', 'history', 'fresh', 'T', 'fresh', 'history', 'T', 'history', 'fresh', 'T'], seconds);
    for (const kind of ['fresh', 'history']) {
      const name = `${route} (${kind}${who ? ' admin' : ''}; ratio to signed-in /trivial)`;
      out[kind] = { ...record(db, name, summary(turns, kind), null, { ratio: pairedRatio(turns, kind, 'T') }), bytes: bytes[kind] };
    }
    signedRuns.push(...summary(turns, 'T').turns);
    out.ratio = pairedRatio(turns, 'history', 'fresh');
    out.meets = out.ratio >= 0.8 && out.fresh.meets === 'yes' && out.history.meets === 'yes' ? 'yes' : 'no';
    learnerRows.push(out);
  }
  ceilingRuns.push({ db, name: 'signed-in trivial (fresh learners\' cookies)', rps: signedRuns });
}

/**
 * The data-volume run's comparison: each learner row on the large database against the same row
 * on a small one (two servers, one loaded at a time). Throughput on these machines drifts by more
 * than 10% within minutes, and a single short load can fall 30-50% for no reason of its own, so
 * the two are measured in eight turns, small, large, large, small, large, small, small, large,
 * each for --compare-seconds; each side's figure is the median of its four turns, and large/small
 * the median of the four ratios of turns next to each other.
 */
async function volumeComparison(db, smallBase, largeBase, { cookie, bearer }) {
  const seconds = Number(flags['compare-seconds']);
  // Both servers have just started: each serves every row's groups once, unrecorded (JIT, caches).
  for (const [route, auth, who] of LEARNER_ROUTES) {
    for (const [, first, count] of routeGroups(who)) {
      for (const base of [smallBase, largeBase]) await measure({ ...learnerLoad(base + route, auth === 'cookie' ? cookie : bearer, count, first), duration: warmup });
    }
  }
  for (const [route, auth, who] of LEARNER_ROUTES) {
    const groups = routeGroups(who);
    for (const [kind, first, count] of groups) {
      const load = (base) => learnerLoad(base + route, auth === 'cookie' ? cookie : bearer, count, first);
      const turns = await inTurns({ small: load(smallBase), large: load(largeBase) }, eightTurns('small', 'large'), seconds);
      const figure = (side) => {
        const r = summary(turns, side);
        return { rps: Math.round(r.requests.average), turns: r.turns, p99: r.latency.p99, errors: r.errors + r.timeouts + r.non2xx };
      };
      const out = { db, route, kind: `${kind}${who ? ' admin' : ''}`, small: figure('small'), large: figure('large') };
      // Turns next to each other are paired (small 1 with large 2, large 3 with small 4, large 5
      // with small 6, small 7 with large 8): a drift over the row moves both turns of a pair alike,
      // and it favours the small side in two pairs and the large in two. The ratio is the median
      // of the four pairs' large/small, so one bad turn moves one pair only. (The two sides'
      // medians, as before, take the small side's 4th and 6th turns and the large side's 3rd and
      // 5th, so a drift over the row leant on the ratio: 0.89 against 0.94 paired, 2026-11-27.)
      const rate = (i) => turns[i].result.requests.average;
      out.ratio = median([0, 2, 4, 6].map((i) => (turns[i].name === 'large' ? rate(i) / rate(i + 1) : rate(i + 1) / rate(i))));
      // More data cannot make a row faster: a large figure above the small one is the noise of
      // short loads (the spread of large/small around its mean shows it), so only slower counts.
      out.meets = out.ratio >= 0.9 && out.large.errors === 0 ? 'yes' : 'no';
      console.log(JSON.stringify(out));
      volumeRows.push(out);
    }
  }
}

/**
 * GET /api/admin/lessons/all answers every lesson whole (~450 KB): its rate is bound by moving
 * those bytes, so its ceiling is a plain static server sending the same bytes, before and after.
 */
async function catalogueRow(db, base, bearer) {
  const route = '/api/admin/lessons/all';
  const res = await fetch(base + route, { headers: { ...bearer(GROUP.admin), 'accept-encoding': 'identity' } });
  if (res.status !== 200) throw new Error(`${route} answered ${res.status} to an admin`);
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'bench-catalogue-')), 'all.json');
  writeFileSync(file, new Uint8Array(await res.arrayBuffer()));
  const port = await freePort();
  const server = spawn(deno, ['run', '--allow-net', '--allow-env', '--allow-read', 'bench/static-server.mjs'], { cwd: root, env: { ...process.env, PORT: String(port), LANDING_FILE: file }, stdio: 'ignore' });
  try {
    const url = `http://127.0.0.1:${port}/`;
    await waitFor(url);
    const same = async () => Math.round((await measure({ url })).requests.average);
    await measure({ url, duration: warmup });
    const before = await same();
    const load = learnerLoad(base + route, bearer, admins, GROUP.admin);
    await measure({ ...load, duration: warmup });
    const result = await measure(load);
    record(db, `GET ${route} (whole catalogue, ${Math.round(statSync(file).size / 1024)} KB; ratio to a static server sending the same bytes)`, result, (before + (await same())) / 2);
  } finally {
    server.kill('SIGTERM');
  }
}

/**
 * A fresh database of `kind` seeded with the bench's learners plus `volume` more learners (30
 * attempts each): a temporary PGlite folder, or a database of its own on DATABASE_URL's server.
 */
function openDatabase(kind, volume) {
  if (kind === 'pglite') {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-'));
    const cleanup = () => rmSync(dir, { recursive: true, force: true });
    try {
      seed(dir, kind, volume);
    } catch (error) {
      cleanup();
      throw error;
    }
    seeds.at(-1).size = `${execSync(`du -sm ${dir}`).toString().split('\t')[0]} MiB`;
    return { env: { DATA_DIR: dir }, cleanup };
  }
  const name = `bench_${Date.now()}_${volume}`;
  const admin = process.env.DATABASE_URL;
  const sql = (statement) => execSync(`${deno} eval "import postgres from 'postgres'; const sql = postgres('${admin}'); await sql.unsafe('${statement}'); await sql.end();"`, { cwd: root, stdio: 'inherit' });
  sql(`create database ${name}`);
  const url = new URL(admin);
  url.pathname = `/${name}`;
  const cleanup = () => sql(`drop database if exists ${name} with (force)`);
  try {
    seed(url.href, kind, volume);
  } catch (error) {
    cleanup();
    throw error;
  }
  return { env: { DATABASE_URL: url.href }, cleanup };
}

function seed(target, kind, volume) {
  const args = ['run', '-A', 'bench/seed.ts', target, '--learners', String(learners), '--history', String(historyLearners), '--admins', String(admins), '--volume', String(volume)];
  const result = spawnSync(deno, args, { cwd: root, stdio: ['ignore', 'pipe', 'inherit'], encoding: 'utf8' });
  process.stdout.write(result.stdout ?? '');
  if (result.status !== 0) throw new Error('seeding failed');
  const line = (result.stdout ?? '').split('\n').find((l) => l.startsWith('SEED_RESULT '));
  const stats = JSON.parse(line.slice('SEED_RESULT '.length));
  seeds.push({ db: kind, volume, ...stats, size: stats.bytes ? `${Math.round(stats.bytes / 2 ** 20)} MiB` : '' });
}

/** JavaScript each page ships (gzip), after it has loaded and its charts became visible. */
async function measureJavaScript(base, lessonId) {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'] });
  const out = [];
  try {
    for (const [name, p, signedIn] of [
      ['landing /', '/', false],
      ['lessons list', '/lessons?pillar=credit', token(1)],
      ['lesson page', `/lesson/${lessonId}`, token(1)],
      // A learner with history: a fresh learner's progress page has no charts to load.
      ['dashboard', '/dashboard', token(GROUP.history)],
      ['progress (charts visible)', '/progress', token(GROUP.history)],
    ]) {
      const context = await browser.newContext();
      if (signedIn) await context.addCookies([{ name: 'session', value: signedIn, url: base }]);
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
      const inline = await page.evaluate(() => [...document.querySelectorAll('script:not([src]):not([type="application/json"])')].map((s) => s.textContent ?? '').join(''));
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
  // Signed in as a learner with 300 attempts and 200 review answers (the lessons list and lesson
  // page as a fresh learner, as before).
  for (const [name, p, signedIn] of [
    ['landing /', '/', false],
    ['lessons list', '/lessons?pillar=credit', token(2)],
    ['lesson page', `/lesson/${lessonId}`, token(2)],
    ['dashboard', '/dashboard', token(GROUP.history + 1)],
    ['progress', '/progress', token(GROUP.history + 1)],
    ['review', '/review', token(GROUP.history + 1)],
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
      if (signedIn) args.push(`--extra-headers=${JSON.stringify({ Cookie: `session=${signedIn}` })}`);
      const r = spawnSync(process.execPath, args, { cwd: root, stdio: ['ignore', 'ignore', 'pipe'], timeout: 180_000, encoding: 'utf8' });
      if (r.status !== 0 || !existsSync(file)) {
        console.log(`lighthouse ${name}: run failed (${r.error?.message ?? `exit ${r.status}`}) ${String(r.stderr ?? '').trim().split('\n').slice(-2).join(' ')}`);
        continue;
      }
      const report = JSON.parse(readFileSync(file, 'utf8'));
      // The reports stay in the temporary folder for a closer look (printed at the end).
      lighthouseReports.push(file);
      runs.push({
        performance: Math.round(report.categories.performance.score * 100),
        accessibility: Math.round(report.categories.accessibility.score * 100),
        bestPractices: Math.round(report.categories['best-practices'].score * 100),
        seo: Math.round(report.categories.seo.score * 100),
        lcp: report.audits['largest-contentful-paint'].numericValue,
        findings: lcpFindingsOf(report),
      });
    }
    const median = (key) => {
      const xs = runs.map((r) => r[key]).sort((a, b) => a - b);
      return xs.length ? xs[Math.floor(xs.length / 2)] : null;
    };
    const lcpMedian = median('lcp');
    const medianRun = runs.find((r) => r.lcp === lcpMedian);
    if (medianRun) lcpFindings.push({ name, lcpMs: Math.round(lcpMedian), ...medianRun.findings });
    out.push({ name, runs: runs.length, performance: median('performance'), accessibility: median('accessibility'), bestPractices: median('bestPractices'), seo: median('seo'), lcpMs: median('lcp') && Math.round(median('lcp')) });
  }
  console.log(out);
  return out;
}

/**
 * What delays the LCP in one Lighthouse report: the LCP element, its phases (Lighthouse 12's
 * `largest-contentful-paint-element` second table: TTFB, load delay, load time, render delay),
 * the render-blocking resources with their estimated savings, FCP, and the main thread's script
 * evaluation before the LCP.
 */
function lcpFindingsOf(report) {
  const el = report.audits['largest-contentful-paint-element']?.details?.items ?? [];
  const node = el[0]?.items?.[0]?.node;
  const phases = Object.fromEntries((el[1]?.items ?? []).map((p) => [p.phase, Math.round(p.timing)]));
  const blocking = (report.audits['render-blocking-resources']?.details?.items ?? []).map((r) => ({ url: r.url.replace(/^https?:\/\/[^/]+/, ''), bytes: r.totalBytes, wastedMs: Math.round(r.wastedMs ?? 0) }));
  const bootup = (report.audits['bootup-time']?.details?.items ?? []).slice(0, 3).map((b) => ({ url: String(b.url).replace(/^https?:\/\/[^/]+/, ''), scriptingMs: Math.round(b.scripting ?? 0) }));
  return {
    element: node ? `${node.nodeLabel ?? ''} (${node.selector ?? ''})`.slice(0, 140) : '—',
    phases,
    fcpMs: Math.round(report.audits['first-contentful-paint']?.numericValue ?? 0),
    blocking,
    bootup,
    fonts: (report.audits['font-display']?.details?.items ?? []).map((f) => f.url),
  };
}

let commit = 'unknown';
try {
  commit = execSync('git rev-parse --short HEAD', { cwd: root }).toString().trim();
} catch {}
const file = path.join(root, 'bench', 'RESULTS.md');
// Every row beside the plain static file server too (the mean of its measurements in this run).
const staticMean = staticRuns.reduce((a, b) => a + b, 0) / staticRuns.length;
if (!existsSync(file)) writeFileSync(file, '# Benchmark results\n\nWritten by `npm run bench`; newest run last.\n');
const minutes = ((Date.now() - startedAt) / 60000).toFixed(1);
const table = [
  `\n## ${new Date().toISOString()} · commit ${commit}${flags.volume ? ' · data-volume run' : ''}`,
  '',
  `Command: \`${['npm run bench', ...(process.argv.length > 2 ? ['--', ...process.argv.slice(2)] : [])].join(' ')}\`${process.env.DATABASE_URL ? ' with DATABASE_URL set' : ''}; took ${minutes} min.`,
  '',
  ...seeds.map((x) => `Seed (${x.db}): ${x.attempts.toLocaleString('en')} attempts${x.volume ? ` (${x.volume.toLocaleString('en')} volume learners)` : ''}, ${(x.totalMs / 1000).toFixed(1)} s (history SQL and aggregate rebuild ${(x.historyMs / 1000).toFixed(1)} s, vacuum, analyse and checkpoint ${(x.settleMs / 1000).toFixed(1)} s), database ${x.size}.`),
  '',
  `Machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, ${os.platform()} ${os.release()}. ` +
    `Load: autocannon from the same machine, ${connections} connections, ${duration} s per row after a 2 s unrecorded warm-up; ${learners} seeded learners, requests rotate through their sessions.`,
  '',
  ...(rows.length === 0 ? [] : [
  '| database | what | requests/s | ratio to its ceiling | ratio to the static server | p50 ms | p99 ms | errors | meets target |',
  '|---|---|---:|---:|---:|---:|---:|---:|---|',
  ...rows.map((r) => `| ${r.db} | ${r.name} | ${r.rps} | ${r.ratio} | ${(r.rps / staticMean).toFixed(2)} | ${r.p50} | ${r.p99} | ${r.errors} | ${r.meets} |`),
  '',
  'Throughput drifts within a run. The landing page is compared with the static server measured',
  'right before and right after it (the mean of the two); the ratio to the static server is to the',
  `mean of all its measurements. Each signed-in row (lessons list, lesson page, lessons API and`,
  `completions) is measured in eight turns of ${flags['compare-seconds']} s with the trivial page (T R R T R T T R, after a 2 s`,
  'warm-up of each): its rate and p99 are its turns\' medians, its ratio the median of each turn\'s',
  'ratio to the trivial page\'s turn(s) beside it; the learner rows below likewise. All',
  'measurements of the ceilings, in order (requests/s):',
  `static file server: ${staticRuns.join(', ')}.`,
  ...ceilingRuns.map((c) => `${c.db} ${c.name ?? 'trivial page'}: ${c.rps.join(', ')}.`),
  '',
  `Learner rows: ${historyLearners} fresh learners (F) against ${historyLearners} with 300 attempts (200 passed, 100 failed) and 200 review answers (H; admin rows: ${admins} admins each way), requests rotating through each group's sessions, beside the signed-in /trivial (T, the fresh learners' cookies), in thirteen turns of ${flags['compare-seconds']} s, T F H T H F T F H T H F T, after a 2 s warm-up of each. Rates and p99 are the medians of each group's four turns; history/fresh is the median of the four ratios of the F and H turns next to each other, and the ratio to the signed-in trivial page the median of each turn's ratio to the T beside it. The one-session row is in eight turns (cookie-less, one session, one session, cookie-less, one session, cookie-less, cookie-less, one session), its ratio the median of each one-session turn's to the cookie-less turn(s) beside it. Targets: history/fresh >= 0.8, >= 0.5 of the signed-in trivial page, p99 < 100 ms; one session >= 0.8 of cookie-less.`,
  '',
  '| database | route | fresh req/s | history req/s | history/fresh | vs signed-in trivial (fresh, history) | p99 ms (fresh, history) | body bytes fresh → history | errors | meets |',
  '|---|---|---:|---:|---:|---:|---:|---|---:|---|',
  ...learnerRows.map((r) => `| ${r.db} | ${r.route} | ${r.fresh.rps} | ${r.history.rps} | ${r.ratio.toFixed(2)} | ${r.fresh.ratio}, ${r.history.ratio} | ${r.fresh.p99}, ${r.history.p99} | ${r.fresh.bytes} → ${r.history.bytes} | ${r.fresh.errors + r.history.errors} | ${r.meets} |`),
  '',
  ]),
  ...(volumeRows.length === 0 ? [] : [
  `Large database against small: each learner row above again on a small database (the normal run's seed, no volume learners), served by a second server at the same time; the two loaded in eight turns (small, large, large, small, large, small, small, large; ${flags['compare-seconds']} s each after a 2 s warm-up of each), each side's rate and p99 the median of its four turns (every turn's rate listed); large/small is the median of the four ratios of turns next to each other (small 1 and large 2, large 3 and small 4, large 5 and small 6, small 7 and large 8). Target: the large database no more than 10% slower (large/small >= 0.9).`,
  '',
  '| database | route | learner | small req/s | large req/s | large/small | p99 ms (small, large) | turns req/s (small; large) | errors | at most 10% slower |',
  '|---|---|---|---:|---:|---:|---:|---|---:|---|',
  ...volumeRows.map((r) => `| ${r.db} | ${r.route} | ${r.kind} | ${r.small.rps} | ${r.large.rps} | ${r.ratio.toFixed(2)} | ${r.small.p99}, ${r.large.p99} | ${r.small.turns.join(' ')}; ${r.large.turns.join(' ')} | ${r.small.errors + r.large.errors} | ${r.meets} |`),
  '',
  ...[...new Set(volumeRows.map((r) => r.db))].map((db) => {
    const ratios = volumeRows.filter((r) => r.db === db).map((r) => r.ratio);
    const mean = Math.exp(ratios.reduce((n, r) => n + Math.log(r), 0) / ratios.length);
    return `${db}: large/small ${Math.min(...ratios).toFixed(2)} to ${Math.max(...ratios).toFixed(2)}, geometric mean ${mean.toFixed(2)} over ${ratios.length} rows.`;
  }),
  '',
  ]),
  ...(pageBytes.length === 0 && lighthouse.length === 0 ? [] : [
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
  'What delays each LCP (the median run; Lighthouse simulated mobile throttling, so these are its estimates):',
  '',
  '| page | LCP ms | FCP ms | LCP element | TTFB / load delay / load time / render delay ms | render-blocking (estimated saving ms) | script evaluation (top 3) |',
  '|---|---:|---:|---|---|---|---|',
  ...lcpFindings.map((f) => `| ${f.name} | ${f.lcpMs} | ${f.fcpMs} | ${f.element.replace(/\|/g, '/')} | ${['TTFB', 'Load Delay', 'Load Time', 'Render Delay'].map((k) => f.phases[k] ?? '—').join(' / ')} | ${f.blocking.map((b) => `${b.url} ${b.bytes} B (${b.wastedMs})`).join('; ') || 'none'} | ${f.bootup.map((b) => `${b.url} ${b.scriptingMs} ms`).join('; ')} |`),
  '',
  ]),
].join('\n');
appendFileSync(file, table);
console.log(table);
if (lighthouseReports.length) console.log(`Lighthouse JSON reports: ${lighthouseReports.join(' ')}`);
baseline.kill('SIGTERM');
