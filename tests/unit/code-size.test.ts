// Code a person can read (issue 39): no module in src/ over 300 lines, no function over 150.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { filesUnder } from '../helpers/files.ts';
import { assertEquals } from '../helpers/assert.ts';

const root = path.resolve(import.meta.dirname!, '..', '..');
const MAX_MODULE_LINES = 300;
const MAX_FUNCTION_LINES = 150;

/** The functions of a module longer than the limit, as "name (lines)". */
function longFunctions(file: string, code: string): string[] {
  const kind = file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(file, code, ts.ScriptTarget.Latest, true, kind);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const lines = source.getLineAndCharacterOfPosition(node.getEnd()).line -
        source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
      const name = node.name?.getText(source) ??
        (ts.isVariableDeclaration(node.parent) ? node.parent.name.getText(source) : '(anonymous)');
      if (lines > MAX_FUNCTION_LINES) found.push(`${file}: function ${name} has ${lines} lines`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** An .astro file's frontmatter and scripts, the parts that hold functions. */
const astroScripts = (code: string) =>
  [...code.matchAll(/^---\r?\n([\s\S]*?)\r?\n---|<script\b[^>]*>([\s\S]*?)<\/script>/gm)].map((m) => m[1] ?? m[2]);

Deno.test('no module in src/ is over 300 lines and no function over 150', () => {
  const offences: string[] = [];
  for (const full of filesUnder(path.join(root, 'src'))) {
    const file = path.relative(root, full).split(path.sep).join('/');
    if (!/\.(?:astro|tsx?|mjs)$/.test(file)) continue;
    const code = readFileSync(full, 'utf8');
    const lines = code.split('\n').length - (code.endsWith('\n') ? 1 : 0);
    if (lines > MAX_MODULE_LINES) offences.push(`${file}: ${lines} lines`);
    const scripts = file.endsWith('.astro') ? astroScripts(code) : [code];
    for (const script of scripts) offences.push(...longFunctions(file.replace(/\.astro$/, '.astro.ts'), script));
  }
  assertEquals(offences, []);
});

Deno.test('the size check notices a long function, an arrow one too', () => {
  const body = Array.from({ length: 160 }, (_, i) => `  const a${i} = ${i};`).join('\n');
  assertEquals(longFunctions('x.ts', `export function long() {\n${body}\n}`).length, 1);
  assertEquals(longFunctions('x.tsx', `export const Long = () => {\n${body}\n  return <div />;\n};`).length, 1);
  assertEquals(longFunctions('x.ts', 'export function short() {\n  return 1;\n}'), []);
});
