// describe / it / beforeAll / afterAll / beforeEach / afterEach on top of Deno.test and t.step,
// shaped after @std/testing/bdd, which this workplace cannot install: JSR is not reachable and it
// is not published to npm. Where JSR is reachable, `jsr:@std/testing/bdd` can replace it (its
// tests then need the sanitizers turned on, e.g. `deno test --sanitize-ops --sanitize-resources`).
//
// A top-level describe() is one Deno.test, its `it`s and nested describes are steps, so that
// what beforeAll opens and afterAll closes lives inside the test and Deno's op and resource
// sanitizers check that nothing leaks. Deno turns those sanitizers off by default since 2.8;
// here they are on unless a file turns them off (with a comment saying why). afterAll runs even
// when a step or a beforeAll fails. Hooks must be called inside a describe().

type Hook = () => void | Promise<void>;
type TestFn = () => void | Promise<void>;

export interface Options {
  ignore?: boolean;
  only?: boolean;
  sanitizeOps?: boolean;
  sanitizeResources?: boolean;
  sanitizeExit?: boolean;
}

interface Suite {
  name: string;
  options: Options;
  beforeAll: Hook[];
  afterAll: Hook[];
  beforeEach: Hook[];
  afterEach: Hook[];
  children: Array<{ kind: 'it'; name: string; options: Options; fn: TestFn } | { kind: 'describe'; suite: Suite }>;
}

const sanitizers = { sanitizeOps: true, sanitizeResources: true };

let current: Suite | null = null;

function split<F>(a: Options | F, b?: F): [Options, F] {
  return typeof a === 'function' ? [{}, a as F] : [a as Options, b as F];
}

export function describe(name: string, fn: () => void): void;
export function describe(name: string, options: Options, fn: () => void): void;
export function describe(name: string, a: Options | (() => void), b?: () => void): void {
  const [options, fn] = split(a, b);
  const suite: Suite = { name, options, beforeAll: [], afterAll: [], beforeEach: [], afterEach: [], children: [] };
  const parent = current;
  current = suite;
  try {
    const returned: unknown = fn();
    if (returned instanceof Promise) {
      throw new Error(`describe("${name}") must be synchronous: open resources in beforeAll`);
    }
  } finally {
    current = parent;
  }
  if (parent) parent.children.push({ kind: 'describe', suite });
  else Deno.test({ name, ...sanitizers, ...options, fn: (t) => runSuite(suite, t, [], []) });
}

export function it(name: string, fn: TestFn): void;
export function it(name: string, options: Options, fn: TestFn): void;
export function it(name: string, a: Options | TestFn, b?: TestFn): void {
  const [options, fn] = split(a, b);
  if (current) current.children.push({ kind: 'it', name, options, fn });
  else Deno.test({ name, ...sanitizers, ...options, fn: async () => await fn() });
}

function hook(kind: 'beforeAll' | 'afterAll' | 'beforeEach' | 'afterEach', fn: Hook) {
  if (!current) throw new Error(`${kind}() must be called inside describe()`);
  current[kind].push(fn);
}

export const beforeAll = (fn: Hook) => hook('beforeAll', fn);
export const afterAll = (fn: Hook) => hook('afterAll', fn);
export const beforeEach = (fn: Hook) => hook('beforeEach', fn);
export const afterEach = (fn: Hook) => hook('afterEach', fn);

async function runSuite(suite: Suite, t: Deno.TestContext, before: Hook[], after: Hook[]) {
  const beforeEach = [...before, ...suite.beforeEach];
  const afterEach = [...suite.afterEach, ...after];
  try {
    for (const fn of suite.beforeAll) await fn();
    for (const child of suite.children) {
      if (child.kind === 'describe') {
        const { name, options } = child.suite;
        await t.step({
          name,
          ...stepOptions(options),
          fn: (inner) => runSuite(child.suite, inner, beforeEach, afterEach),
        });
        continue;
      }
      await t.step({
        name: child.name,
        ...stepOptions(child.options),
        async fn() {
          for (const fn of beforeEach) await fn();
          try {
            await child.fn();
          } finally {
            for (const fn of afterEach) await fn();
          }
        },
      });
    }
  } finally {
    for (const fn of [...suite.afterAll].reverse()) await fn();
  }
}

function stepOptions({ only, ...options }: Options) {
  if (only) throw new Error('only is supported on a top-level describe() or it()');
  return options;
}
