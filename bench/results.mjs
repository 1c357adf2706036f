// Writes a run into bench/RESULTS.md: the newest run of each kind (server, lighthouse, volume)
// replaces that kind's section, and every run adds one line to the history at the end.
import { execSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const TITLES = {
  server: 'Server rows (`npm run bench`)',
  lighthouse: 'JavaScript and Lighthouse (`npm run bench -- --lighthouse`)',
  volume: 'A large database against a small one (`npm run bench -- --volume`)',
};
const HISTORY = '## History';
const HISTORY_HEAD = [
  HISTORY,
  '',
  'One line per run, newest last. Server runs: the worst signed-in page or API against the trivial page, the worst',
  'history/fresh, quiz completion, the whole catalogue and the landing page against a static server (PGlite / PostgreSQL).',
  '',
  '| date (UTC) | commit | run | worst page/API | worst history/fresh | completion | catalogue | landing |',
  '|---|---|---|---:|---:|---:|---:|---:|',
];

const fixed = (x) => (Number.isFinite(x) ? x.toFixed(2) : '—');

/** The five headline figures of a run, for its history line. */
function headline(mode, results, kinds) {
  if (mode === 'server') {
    const per = (pick) => kinds.map((db) => fixed(pick(results.filter((r) => r.db === db)))).join(' / ');
    const min = (rows) => (rows.length ? Math.min(...rows.map((r) => r.ratio)) : NaN);
    return [
      per((rs) => min(rs.filter((r) => /\((fresh|300 attempts)\)$/.test(r.name)))),
      per((rs) => min(rs.filter((r) => r.name.endsWith('history/fresh')))),
      per((rs) => min(rs.filter((r) => r.name.includes('/complete')))),
      per((rs) => min(rs.filter((r) => r.name.includes('lessons/all')))),
      per((rs) => min(rs.filter((r) => r.name.startsWith('landing')))),
    ];
  }
  const missed = results.filter((r) => !r.ok).length;
  if (mode === 'volume') {
    const means = results.filter((r) => r.name.startsWith('geometric mean')).map((r) => `${r.db} ${fixed(r.ratio)}`);
    return [
      `large/small geometric mean: ${means.join(', ')}; ${missed} of ${results.length} rows miss`,
      '',
      '',
      '',
      '',
    ];
  }
  const lcp = results.filter((r) => r.name.startsWith('Lighthouse')).map((r) => r.ratio);
  return [`worst LCP ${fixed(Math.max(...lcp))} s; ${missed} of ${results.length} rows miss`, '', '', '', ''];
}

export function writeResults({ root, mode, results, table, minutes, command, kinds }) {
  const file = path.join(root, 'bench', 'RESULTS.md');
  const text = existsSync(file) ? readFileSync(file, 'utf8') : '';
  let commit = 'unknown';
  try {
    commit = execSync('git rev-parse --short HEAD', { cwd: root }).toString().trim();
  } catch {
    commit = 'unknown'; // not a git checkout
  }
  const date = new Date().toISOString().slice(0, 16).replace('T', ' ');
  const missed = results.filter((r) => !r.ok).length;
  const section = [
    `<!-- ${mode} -->`,
    `## ${TITLES[mode]}`,
    '',
    `${date} UTC, commit ${commit}: \`${command}\`${
      process.env.DATABASE_URL && mode !== 'lighthouse' ? ' with DATABASE_URL set' : ''
    }; ${minutes.toFixed(1)} min on ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}. ${
      missed === 0 ? 'Every row within its budget.' : `${missed} row(s) miss their budget.`
    }`,
    '',
    table,
    `<!-- /${mode} -->`,
  ].join('\n');

  const sections = {};
  for (const m of Object.keys(TITLES)) {
    const found = text.match(new RegExp(`<!-- ${m} -->[\\s\\S]*?<!-- /${m} -->`));
    if (found) sections[m] = found[0];
  }
  sections[mode] = section;
  // Figures measured by hand outside the runner (a statement's timing on a large database) stay.
  const kept = text.match(/<!-- kept -->[\s\S]*?<!-- \/kept -->/)?.[0];
  const historyAt = text.indexOf(HISTORY);
  const oldLines = historyAt < 0 ? [] : text.slice(historyAt).split('\n').filter((l) => /^\| \d{4}-/.test(l));
  const line = `| ${date} | ${commit} | ${mode}${mode === 'lighthouse' ? '' : ` (${kinds.join(' / ')})`} | ${
    headline(mode, results, kinds).join(' | ')
  } |`;
  const out = [
    '# Benchmark results',
    '',
    'The newest run of each kind, written by `npm run bench` against the budgets of `docs/DESIGN.md`;',
    '[README.md](README.md) explains the method. Earlier runs are one line each in the history; their',
    'detail is in git history.',
    '',
    ...Object.keys(TITLES).flatMap((m) => (sections[m] ? [sections[m], ''] : [])),
    ...(kept ? [kept, ''] : []),
    ...HISTORY_HEAD,
    ...oldLines,
    line,
    '',
  ].join('\n');
  writeFileSync(file, out);
}
