// Performance is a set of budgets (docs/DESIGN.md), and figures live in bench/RESULTS.md only:
// code comments say why, never quote a measurement, and the documents stay short.
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { assert } from '../helpers/assert.ts';
import { filesUnder } from '../helpers/files.ts';

const root = path.resolve(import.meta.dirname!, '..', '..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

/** The comments of a source file: `//` and `--` lines, block comments, HTML comments. */
export function commentsOf(text: string, ext: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(/\/\*[\s\S]*?\*\/|<!--[\s\S]*?-->/g)) out.push(m[0]);
  const line = ext === '.sql' ? /(?:^|\s)--(.*)$/ : /(?:^|[\s;{}(),])\/\/(.*)$/;
  for (const l of text.split('\n')) {
    const m = l.match(line);
    if (m) out.push(m[1]);
  }
  return out;
}

/** What a quoted measurement looks like: a duration, a date, a ratio, or the word for it. */
const MEASUREMENT = [
  /\b\d[\d.,]*\s?(?:µs|μs|us|ms)\b/,
  /\b20\d\d-\d\d-\d\d\b/,
  /\b\d\.\d{2}\b(?!%)/,
  /\b(?:measured|profiled|benchmarked)\b/i,
];

Deno.test('no comment in src/ or db/ quotes a measurement (durations, ratios, dates)', () => {
  const files = [...filesUnder(path.join(root, 'src')), ...filesUnder(path.join(root, 'db'))].filter(
    (f) => /\.(ts|tsx|astro|mjs|js|sql|css)$/.test(f) && !f.includes(`${path.sep}content${path.sep}`),
  );
  assert(files.length > 100, 'the sources are found');
  const found = files.flatMap((file) =>
    commentsOf(readFileSync(file, 'utf8'), path.extname(file))
      .filter((c) => MEASUREMENT.some((p) => p.test(c)))
      .map((c) => `${path.relative(root, file)}: ${c.trim().slice(0, 120)}`)
  );
  assert(found.length === 0, `comments quoting measurements:\n${found.join('\n')}`);
});

Deno.test('the measurement check recognises what it refuses', () => {
  const bad = [
    '// took 41 µs to encode',
    '/* 0.48 → 0.53 of the trivial page */',
    '-- cost ~26 ms of each completion',
    '// (2026-11-27)',
    '// measured twice',
  ];
  for (const c of bad) {
    assert(commentsOf(c, c.startsWith('--') ? '.sql' : '.ts').some((x) => MEASUREMENT.some((p) => p.test(x))), c);
  }
  assert(
    commentsOf('const url = "https://example.com"; // the page', '.ts').every((x) =>
      !MEASUREMENT.some((p) => p.test(x))
    ),
  );
});

Deno.test('the results, the bench guide and the README performance section stay short', () => {
  assert(statSync(path.join(root, 'bench/RESULTS.md')).size < 30 * 1024, 'bench/RESULTS.md under 30 KB');
  assert(statSync(path.join(root, 'bench/README.md')).size < 8 * 1024, 'bench/README.md under 8 KB');
  const readme = read('README.md');
  const section = readme.split(/^## Performance$/m)[1]?.split(/^## /m)[0];
  assert(section !== undefined, 'the README has a Performance section');
  const lines = section.trim().split('\n').length;
  assert(lines <= 15, `the README performance section has ${lines} lines`);
  assert(section.includes('bench/README.md') && section.includes('bench/RESULTS.md'));
});

Deno.test("docs/DESIGN.md holds the performance budgets: the design's table, word for word", () => {
  const shared = path.resolve(root, '..', 'shared', 'DESIGN.md');
  const design = read('docs/DESIGN.md');
  const tableOf = (text: string) => text.slice(text.indexOf('| row | budget |')).split('\n\n')[0];
  const ours = tableOf(design);
  for (
    const budget of [
      'signed-in GET <= 2 (the session, then the page)',
      'quiz completion <= 4 round trips whatever the number of questions',
      'lesson page, lessons list, account, review <= 3x; dashboard, progress <= 6x; completion <= 8x',
      '`/learn/{slug}` <= 5x; `/learn` (50 lessons listed) <= 7x',
      'CPU per request within 1.4x',
      'LCP <= 1.2 s',
      'progress <= 250 KB',
    ]
  ) {
    assert(ours.includes(budget), `docs/DESIGN.md states ${budget}`);
  }
  // Beside the design's own copy (a clone with ../shared), the two tables are the same.
  let theirs: string | undefined;
  try {
    theirs = tableOf(readFileSync(shared, 'utf8'));
  } catch {
    theirs = undefined;
  }
  if (theirs !== undefined) assert(ours === theirs, "the budget table is the design's, word for word");
});
