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
  'One line per run, newest last. Server runs (PGlite / PostgreSQL): the most CPU a judged signed-in page or API',
  'takes against the trivial signed-in page, the worst 300-attempts/fresh, the completion against the trivial page,',
  'and the most statements a signed-in GET sends.',
  '',
  '| date (UTC) | commit | run | headline |',
  '|---|---|---|---|',
];

const fixed = (x) => (Number.isFinite(x) ? x.toFixed(2) : '—');

/** The headline of a run, for its history line. */
function headline(mode, results, kinds) {
  if (mode === 'server') {
    const per = (pick) =>
      kinds.map((db) => fixed(pick(results.filter((r) => r.db === db)))).join(
        ' / ',
      );
    const max = (
      rows,
      key = 'ratio',
    ) => (rows.length ? Math.max(...rows.map((r) => r[key])) : NaN);
    const judgedPages = (rs) => rs.filter((r) => /\((fresh|300 attempts)\)$/.test(r.name) && r.budget.includes('CPU'));
    return `pages ${per((rs) => max(judgedPages(rs)))}x, history ${
      per((rs) => max(rs.filter((r) => r.name.endsWith('attempts/fresh'))))
    }x, completion ${per((rs) => max(rs.filter((r) => r.name.includes('/complete'))))}x, statements ${
      per((rs) =>
        max(
          rs.filter((r) => /\((fresh|300 attempts)\)$/.test(r.name)),
          'statements',
        )
      )
    }; ${results.filter((r) => !r.ok).length} of ${results.length} rows miss`;
  }
  const missed = results.filter((r) => !r.ok).length;
  if (mode === 'volume') {
    const means = results.filter((r) => r.name.startsWith('geometric mean'))
      .map((r) => `${r.db} ${fixed(r.ratio)}`);
    return `large/small geometric mean: ${means.join(', ')}; ${missed} of ${results.length} rows miss`;
  }
  const lcp = results.filter((r) => r.name.startsWith('Lighthouse')).map((r) => r.ratio);
  return `worst LCP ${fixed(Math.max(...lcp))} s; ${missed} of ${results.length} rows miss`;
}

export function writeResults(
  { root, mode, results, table, minutes, command, kinds },
) {
  const file = path.join(root, 'bench', 'RESULTS.md');
  const text = existsSync(file) ? readFileSync(file, 'utf8') : '';
  let commit = 'unknown';
  try {
    commit = execSync('git rev-parse --short HEAD', { cwd: root }).toString()
      .trim();
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
    const found = text.match(
      new RegExp(`<!-- ${m} -->[\\s\\S]*?<!-- /${m} -->`),
    );
    if (found) sections[m] = found[0];
  }
  sections[mode] = section;
  const historyAt = text.indexOf(HISTORY);
  // Lines of the history's present shape (date, commit, run, headline); older shapes live in git history.
  const oldLines = historyAt < 0
    ? []
    : text.slice(historyAt).split('\n').filter((l) => /^\| \d{4}-/.test(l) && l.split(' | ').length === 4);
  const line = `| ${date} | ${commit} | ${mode}${mode === 'lighthouse' ? '' : ` (${kinds.join(' / ')})`} | ${
    headline(mode, results, kinds)
  } |`;
  const out = [
    '# Benchmark results',
    '',
    'The newest run of each kind, written by `npm run bench` against the budgets of `docs/DESIGN.md`;',
    '[README.md](README.md) explains the method. Earlier runs are one line each in the history; their',
    'detail is in git history.',
    '',
    ...Object.keys(TITLES).flatMap((
      m,
    ) => (sections[m] ? [sections[m], ''] : [])),
    ...HISTORY_HEAD,
    ...oldLines,
    line,
    '',
  ].join('\n');
  writeFileSync(file, out);
}
