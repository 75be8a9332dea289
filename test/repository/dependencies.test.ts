/**
 * The dependency rule (.dependency-cruiser.cjs, docs/DESIGN.md "Dependencies") holds over the
 * core and the server package: no import cycle (type-only imports included), no Node built-in or
 * foreign package in the core, the server through the core's entries only, route files
 * independent of each other. And the check can fail: on a small repository made here, with one
 * breach of each rule, every rule reports its breach.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { type ICruiseResult, cruise } from 'dependency-cruiser';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';
import extractTSConfig from 'dependency-cruiser/config-utl/extract-ts-config';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = resolve(__dirname, '..', '..');
const CONFIG = join(ROOT, '.dependency-cruiser.cjs');

/** Runs the repository's rule set over `dirs` of the repository at `root` (paths relative to it). */
async function check(root: string, dirs: string[]): Promise<ICruiseResult> {
  const options = await extractDepcruiseOptions(CONFIG);
  const tsConfig = join(root, 'tsconfig.json');
  const { output } = await cruise(
    dirs,
    { ...options, validate: true, baseDir: root, tsConfig: { fileName: tsConfig } },
    {},
    { tsConfig: extractTSConfig(tsConfig) },
  );
  return output as ICruiseResult;
}

/** `rule: from -> to` of each violation; a cycle reads `no-circular: a -> b -> a`. */
function violations(result: ICruiseResult): string[] {
  return result.summary.violations.map((v) =>
    v.rule.name === 'no-circular' && v.cycle
      ? `${v.rule.name}: ${[v.from, ...v.cycle.map((c) => c.name)].join(' -> ')}`
      : `${v.rule.name}: ${v.from} -> ${v.to}`,
  );
}

describe('dependency rule of the repository', () => {
  it('holds over src/ and packages/server/src/, type-only imports and the solarkit alias included', async () => {
    const result = await check(ROOT, ['src', 'packages/server/src']);
    expect(violations(result)).toEqual([]);
    // Not a check over nothing: every module was read, type-only imports were seen, and the
    // server's `solarkit` imports reached the core's source.
    expect(result.summary.totalCruised).toBeGreaterThan(140);
    const deps = result.modules.flatMap((m) => m.dependencies.map((d) => ({ from: m.source, ...d })));
    expect(
      deps.some((d) => d.dependencyTypes.includes('type-only') && d.resolved.startsWith('packages/server/src/')),
    ).toBe(true);
    expect(
      deps.some(
        (d) => d.from.startsWith('packages/server/src/') && d.module === 'solarkit' && d.resolved === 'src/index.ts',
      ),
    ).toBe(true);
    expect(deps.some((d) => d.from.startsWith('src/time/') && d.module === 'luxon')).toBe(true);
  }, 120_000);
});

describe('the dependency check itself', () => {
  const root = mkdtempSync(join(tmpdir(), 'solarkit-depcheck-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const files: Record<string, string> = {
    'tsconfig.json': JSON.stringify({
      compilerOptions: { module: 'ESNext', moduleResolution: 'Bundler', paths: { solarkit: ['./src/index.ts'] } },
    }),
    'src/index.ts': "export { a } from './solar/a.js';\n",
    // A cycle closed by a type-only import.
    'src/solar/a.ts': "import type { B } from './b.js';\nexport const a = 1;\nexport type A = B;\n",
    'src/solar/b.ts': "import { a } from './a.js';\nexport interface B { n: number }\nexport const b = a;\n",
    'src/solar/files.ts': "import { readFileSync } from 'node:fs';\nexport const read = readFileSync;\n",
    'src/solar/foreign.ts': "import { x } from 'a-package-the-core-does-not-use';\nexport const y = x;\n",
    'src/node/io.ts': 'export const io = 1;\n',
    'src/time/adapter.ts': "import { io } from '../node/io.js';\nexport const t = io;\n",
    'src/time/server.ts': "import { one } from '../../packages/server/src/routes/one.js';\nexport const s = one;\n",
    'packages/server/src/app.ts': 'export const app = 1;\n',
    'packages/server/src/index.ts': "export { app } from './app.js';\n",
    'packages/server/src/routes/one.ts':
      "import { a } from 'solarkit';\nimport { two } from './two.js';\nexport const one = a + two;\n",
    'packages/server/src/routes/two.ts': "import { a } from '../../../../src/solar/a.js';\nexport const two = a;\n",
    'packages/server/src/http/h.ts': "import { app } from '../app.js';\nexport const h = app;\n",
    'packages/server/src/products/p.ts': "import { h } from '../http/h.js';\nexport const p = h;\n",
    'packages/server/src/storage/s.ts':
      "import type { p } from '../products/p.js';\nimport { h } from '../http/h.js';\nexport const s: typeof p = h;\n",
  };
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }

  it('reports one breach of each rule, and nothing that is allowed', async () => {
    const found = violations(await check(root, ['src', 'packages/server/src']));
    expect(found.sort()).toEqual(
      [
        'app-is-the-root: packages/server/src/http/h.ts -> packages/server/src/app.ts',
        'core-no-node-builtins: src/solar/files.ts -> fs',
        'core-not-to-node-adapters: src/time/adapter.ts -> src/node/io.ts',
        'core-not-to-server: src/time/server.ts -> packages/server/src/routes/one.ts',
        'core-only-its-packages: src/solar/foreign.ts -> a-package-the-core-does-not-use',
        'no-circular: src/solar/a.ts -> src/solar/b.ts -> src/solar/a.ts',
        'products-only-core: packages/server/src/products/p.ts -> packages/server/src/http/h.ts',
        'routes-independent: packages/server/src/routes/one.ts -> packages/server/src/routes/two.ts',
        'server-through-core-entries: packages/server/src/routes/two.ts -> src/solar/a.ts',
        'storage-below-http: packages/server/src/storage/s.ts -> packages/server/src/http/h.ts',
      ].sort(),
    );
  }, 120_000);
});
