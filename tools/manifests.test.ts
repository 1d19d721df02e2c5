/**
 * Package manifests declare exactly what each workspace package imports (issue 10): every package another
 * file imports is declared (in `dependencies` when production code imports a value from it), and every
 * declared package is imported somewhere. Imports are read from the source text (import/export ... from,
 * import(), require(), require.resolve()), which is what Node and the bundler-free build resolve.
 */
import { builtinModules } from 'node:module';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';

const root = path.resolve(__dirname, '..');

interface Manifest {
  name: string;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  scripts?: Record<string, string>;
}

interface Workspace {
  dir: string;
  manifest: Manifest;
  /** Where its code lives, relative to `dir`. */
  sources: string[];
}

/**
 * Declared packages used without being imported, each with the reason. Anything here must still be
 * declared; the test fails when an entry no longer applies.
 */
const USED_WITHOUT_IMPORT: Record<string, Record<string, string>> = {
  meridian: {
    '@swc/core': 'compiler behind @swc/jest (jest.config.js transform)',
    '@swc/jest': 'jest transform (jest.config.js)',
    '@types/node': 'Node types for the whole workspace (tsconfig.base.json)',
    eslint: 'pnpm lint',
    prettier: 'pnpm lint / pnpm format',
    tsx: 'the --import tsx loader of pnpm start, cli and the benchmarks',
    typescript: 'pnpm typecheck (tsc)',
  },
  '@meridian/management-api': {
    '@napi-rs/canvas': "pdf.js's Node canvas backend for review page images (pdfjs-dist loads it itself)",
  },
};

/** Shared test tooling declared once at the workspace root; tests anywhere may import it. */
const ROOT_TEST_TOOLING = ['supertest', 'jest'];

/**
 * Workspaces whose code is all tooling (tests, benchmarks, scripts): nothing of theirs ships in an image,
 * so `dependencies` and `devDependencies` mean the same there and only "declared" and "imported" count.
 */
const TOOLING = new Set([
  'meridian',
  '@meridian/test-utils',
  '@meridian/test-e2e',
  '@meridian/bench',
  '@meridian/deploy',
]);

function workspaces(): Workspace[] {
  const patterns = (
    parse(readFileSync(path.join(root, 'pnpm-workspace.yaml'), 'utf8')) as { packages: string[] }
  ).packages;
  const dirs = patterns.flatMap((pattern) =>
    pattern.endsWith('/*')
      ? readdirSync(path.join(root, pattern.slice(0, -2)))
          .map((name) => path.join(pattern.slice(0, -2), name))
          .filter((dir) => statSync(path.join(root, dir)).isDirectory())
      : [pattern],
  );
  const list = dirs
    .filter((dir) => {
      try {
        return statSync(path.join(root, dir, 'package.json')).isFile();
      } catch {
        return false;
      }
    })
    .map((dir) => {
      const manifest = JSON.parse(readFileSync(path.join(root, dir, 'package.json'), 'utf8')) as Manifest;
      const hasSrc = (() => {
        try {
          return statSync(path.join(root, dir, 'src')).isDirectory();
        } catch {
          return false;
        }
      })();
      return { dir, manifest, sources: hasSrc ? ['src'] : ['.'] };
    });
  const rootManifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as Manifest;
  return [
    ...list,
    { dir: '.', manifest: rootManifest, sources: ['tools', 'eslint.config.mjs', 'jest.config.js'] },
  ];
}

const CODE_RE = /\.(ts|mts|cts|js|mjs|cjs)$/;

function codeFiles(dir: string, entry: string): string[] {
  const full = path.join(root, dir, entry);
  if (statSync(full).isFile()) return [full];
  const out: string[] = [];
  for (const e of readdirSync(full, { withFileTypes: true })) {
    if (e.name === 'node_modules' || e.name === 'dist' || e.name.startsWith('.')) continue;
    const child = path.join(full, e.name);
    if (e.isDirectory()) out.push(...codeFiles(dir, path.relative(path.join(root, dir), child)));
    else if (CODE_RE.test(e.name) && !e.name.endsWith('.d.ts')) out.push(child);
  }
  return out;
}

/** Test code and test support: may use devDependencies. */
function isTestFile(file: string): boolean {
  const rel = path.relative(root, file).split(path.sep).join('/');
  return (
    /\.(test|int\.test|browser\.int\.test)\.ts$/.test(rel) ||
    /(^|\/)(__tests__|testing|test-utils|test-e2e|bench|deploy|correctness)\//.test(rel) ||
    /\.test-fixtures\.ts$/.test(rel) ||
    /(^|\/)tools\//.test(rel) ||
    /^(eslint\.config\.mjs|jest\.config\.js)$/.test(rel)
  );
}

export interface ImportUse {
  specifier: string;
  typeOnly: boolean;
}

const IMPORT_RES: Array<{ re: RegExp; typeOnly: (match: string) => boolean }> = [
  // import x from 'a'; import type { X } from 'a'; export { x } from 'a'; export * from 'a'
  {
    re: /\b(?:import|export)\s+(type\s+)?[^'";]*?\sfrom\s+['"]([^'"]+)['"]/g,
    typeOnly: (m) => /^(import|export)\s+type\s/.test(m),
  },
  // import 'a' (side effects)
  { re: /\bimport\s+()['"]([^'"]+)['"]/g, typeOnly: () => false },
  // import('a'), require('a'), require.resolve('a')
  { re: /\b(?:import|require|require\.resolve)\(\s*()['"]([^'"]+)['"]\s*\)/g, typeOnly: () => false },
];

/** The bare specifiers a source text imports (comments ignored). */
export function importsOf(text: string): ImportUse[] {
  const code = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  const uses: ImportUse[] = [];
  for (const { re, typeOnly } of IMPORT_RES) {
    for (const m of code.matchAll(re)) {
      uses.push({ specifier: m[2]!, typeOnly: typeOnly(m[0]) });
    }
  }
  return uses;
}

const BUILTINS = new Set(builtinModules);

/** The package a bare specifier names; null for relative paths and Node builtins. */
export function packageOf(specifier: string): string | null {
  if (specifier.startsWith('.') || specifier.startsWith('/') || specifier.startsWith('node:')) return null;
  const parts = specifier.split('/');
  const name = specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
  return BUILTINS.has(name) ? null : name;
}

interface Usage {
  /** Imported by production code as a value (needs `dependencies`). */
  prodValue: Set<string>;
  /** Imported by production code only for types. */
  prodType: Set<string>;
  /** Imported by tests. */
  test: Set<string>;
}

function usageOf(ws: Workspace): Usage {
  const usage: Usage = { prodValue: new Set(), prodType: new Set(), test: new Set() };
  for (const file of ws.sources.flatMap((entry) => codeFiles(ws.dir, entry))) {
    const test = isTestFile(file) || ws.dir === 'test-e2e' || ws.dir === 'bench' || ws.dir === 'deploy';
    for (const use of importsOf(readFileSync(file, 'utf8'))) {
      const pkg = packageOf(use.specifier);
      if (pkg === null || pkg === ws.manifest.name) continue;
      if (test) usage.test.add(pkg);
      else if (use.typeOnly) usage.prodType.add(pkg);
      else usage.prodValue.add(pkg);
    }
  }
  return usage;
}

/** `@types/x` is used when `x` is (scoped: `@types/a__b` for `@a/b`). */
function typedPackage(typesName: string): string {
  const bare = typesName.slice('@types/'.length);
  return bare.includes('__') ? `@${bare.replace('__', '/')}` : bare;
}

function problemsOf(ws: Workspace, all: Workspace[]): string[] {
  const { manifest } = ws;
  const where = manifest.name;
  const tooling = TOOLING.has(where);
  const deps = new Set(
    Object.keys({ ...manifest.dependencies, ...manifest.peerDependencies, ...manifest.optionalDependencies }),
  );
  const devDeps = new Set(Object.keys(manifest.devDependencies ?? {}));
  const declared = (pkg: string) => deps.has(pkg) || devDeps.has(pkg);
  const rootDev = new Set(Object.keys(workspaceRoot.devDependencies ?? {}));
  const usage = usageOf(ws);
  const problems: string[] = [];
  for (const pkg of usage.prodValue) {
    if (declared(pkg) && (tooling || deps.has(pkg))) continue;
    problems.push(
      devDeps.has(pkg)
        ? `${where}: production code imports ${pkg}, a devDependency (move it to dependencies)`
        : `${where}: imports ${pkg} without declaring it`,
    );
  }
  for (const pkg of usage.prodType) {
    if (!declared(pkg)) problems.push(`${where}: imports types of ${pkg} without declaring it`);
  }
  for (const pkg of usage.test) {
    const shared = ROOT_TEST_TOOLING.includes(pkg) && rootDev.has(pkg);
    if (!declared(pkg) && !shared) problems.push(`${where}: tests import ${pkg} without declaring it`);
  }
  const used = new Set([...usage.prodValue, ...usage.prodType, ...usage.test]);
  if (where === workspaceRoot.name) {
    // The root declares the shared test tooling for every workspace.
    for (const other of all)
      for (const pkg of usageOf(other).test) if (ROOT_TEST_TOOLING.includes(pkg)) used.add(pkg);
  }
  const excused = USED_WITHOUT_IMPORT[where] ?? {};
  for (const pkg of [...deps, ...devDeps]) {
    const isUsed = pkg.startsWith('@types/') ? used.has(typedPackage(pkg)) : used.has(pkg);
    if (isUsed && pkg in excused)
      problems.push(`${where}: ${pkg} is imported now; drop it from USED_WITHOUT_IMPORT`);
    if (!isUsed && !(pkg in excused)) problems.push(`${where}: declares ${pkg} but nothing imports it`);
  }
  for (const pkg of Object.keys(excused)) {
    if (!declared(pkg)) problems.push(`${where}: USED_WITHOUT_IMPORT lists ${pkg}, not declared`);
  }
  if (!tooling) {
    for (const pkg of deps) {
      const prod = usage.prodValue.has(pkg) || usage.prodType.has(pkg);
      if (!prod && usage.test.has(pkg) && !pkg.startsWith('@types/')) {
        problems.push(`${where}: only tests import ${pkg} (move it to devDependencies)`);
      }
    }
  }
  return problems;
}

const workspaceRoot = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as Manifest;

/** Every package the production dependencies of `name` reach (workspace packages followed through). */
function productionClosure(name: string, all: Workspace[]): Set<string> {
  const byName = new Map(all.map((ws) => [ws.manifest.name, ws.manifest]));
  const seen = new Set<string>();
  const visit = (pkg: string) => {
    if (seen.has(pkg)) return;
    seen.add(pkg);
    for (const dep of Object.keys(byName.get(pkg)?.dependencies ?? {})) visit(dep);
  };
  visit(name);
  seen.delete(name);
  return seen;
}

describe('package manifests', () => {
  const all = workspaces();

  it('finds the workspace packages and their imports', () => {
    expect(all.map((ws) => ws.manifest.name)).toEqual(
      expect.arrayContaining([
        'meridian',
        '@meridian/domain',
        '@meridian/data-api',
        '@meridian/lab-report-upload',
      ]),
    );
    // Built from pieces so this file's own scan does not read the examples as imports.
    const q = (name: string) => `'${name}'`;
    const sample = [
      `import type { A } from ${q('a')};`,
      `export * from ${q('./b')};`,
      `require(${q('c/d')});`,
    ];
    expect(importsOf(sample.join('\n'))).toEqual([
      { specifier: 'a', typeOnly: true },
      { specifier: './b', typeOnly: false },
      { specifier: 'c/d', typeOnly: false },
    ]);
    expect([
      packageOf('@scope/pkg/sub'),
      packageOf('pkg/sub'),
      packageOf('node:fs'),
      packageOf('fs'),
      packageOf('./x'),
    ]).toEqual(['@scope/pkg', 'pkg', null, null, null]);
  });

  it.each(workspaces().map((ws) => [ws.manifest.name, ws] as const))(
    '%s declares exactly what it imports',
    (_, ws) => {
      expect(problemsOf(ws, all)).toEqual([]);
    },
  );

  it('keeps OCR, canvas and pdf.js out of the data API (its image holds its production closure)', () => {
    const closure = productionClosure('@meridian/data-api', all);
    for (const heavy of ['@meridian/lab-reports', 'tesseract.js', '@napi-rs/canvas', 'pdfjs-dist']) {
      expect([heavy, closure.has(heavy)]).toEqual([heavy, false]);
    }
    expect(closure.has('@meridian/lab-report-upload')).toBe(true);
    expect(productionClosure('@meridian/lab-report-parser', all).has('tesseract.js')).toBe(true);
  });
});
