/**
 * The test trees mirror the source trees (docs/DESIGN.md, "Layout"): a test of src/<folder> is in
 * test/<folder>, a test of packages/server/src/<folder or module> in packages/server/test/<same
 * name>, so a reader finds the tests of a module by its path. Folders that test no source folder
 * are few and named here. And every file and folder has a kebab-case name (docs/DESIGN.md,
 * "Conventions of the repository").
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(__dirname, '..', '..');

function entries(dir: string): { dirs: string[]; files: string[] } {
  const names = readdirSync(dir);
  return {
    dirs: names.filter((n) => statSync(join(dir, n)).isDirectory()),
    files: names.filter((n) => statSync(join(dir, n)).isFile()),
  };
}

/** The test folders of `testDir` that name no folder or module of `srcDir`, nor an allowed extra. */
function unmirrored(testDir: string, srcDir: string, extras: readonly string[]): string[] {
  const { dirs, files } = entries(testDir);
  expect(dirs.length + files.length).toBeGreaterThan(3);
  const strays = files.filter((f) => f.endsWith('.ts')).map((f) => `${f} (a file at the top of the test tree)`);
  for (const d of dirs) {
    if (extras.includes(d)) continue;
    if (existsSync(join(srcDir, d)) || existsSync(join(srcDir, `${d}.ts`))) continue;
    strays.push(d);
  }
  return strays;
}

describe('test trees mirror the source trees', () => {
  it('test/ mirrors src/ (and the scripts and examples folders of the repository)', () => {
    // support: shared test helpers; reference: the pvlib reference runner; repository: checks of
    // the repository itself; scripts, examples: tests of those top-level folders; package: the
    // packed core package (npm run test:package, after the build).
    expect(
      unmirrored(join(ROOT, 'test'), join(ROOT, 'src'), [
        'support',
        'reference',
        'repository',
        'scripts',
        'examples',
        'package',
      ]),
    ).toEqual([]);
  });

  it('packages/server/test/ mirrors packages/server/src/', () => {
    // app: the whole server over HTTP (app.ts builds it); support: shared test helpers.
    expect(unmirrored(join(ROOT, 'packages/server/test'), join(ROOT, 'packages/server/src'), ['support'])).toEqual([]);
  });
});

/** The folders whose files follow the file-name rule. */
const NAMED_ROOTS = ['src', 'packages/server/src', 'test', 'packages/server/test', 'bench', 'scripts', 'examples'];
/** Folders not walked: installed packages, build output, scratch, data files named by their sources. */
const NOT_WALKED = new Set(['node_modules', 'dist', '.tmp', 'fixtures']);
/** A kebab-case name: lower-case words and digits joined by hyphens (single-axis, hsu-kernel, v3). */
const KEBAB = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/**
 * Files that keep another style, with the reason: Python names its modules in snake_case (PEP 8;
 * a hyphen cannot be imported), and each reference dispatch file is named after the pvlib fixture
 * it computes (fixtures/reference/<stem>.json, the shared reference schema's names; the runner's
 * message names the file from the stem).
 */
function exempt(path: string): boolean {
  return path.endsWith('.py') || path.startsWith('test/reference/dispatch/');
}

/** Every folder and file under `dir` (relative to ROOT) whose name is not kebab-case. */
function badNames(dir: string): string[] {
  const bad: string[] = [];
  for (const entry of readdirSync(join(ROOT, dir), { withFileTypes: true })) {
    if (NOT_WALKED.has(entry.name)) continue;
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) {
      if (!KEBAB.test(entry.name)) bad.push(`${path}/`);
      bad.push(...badNames(path));
    } else if (!exempt(path)) {
      // The name before its first dot: single-axis of single-axis.wasm.ts, hsu-kernel of hsu-kernel.test.ts.
      const stem = entry.name.split('.')[0]!;
      if (!KEBAB.test(stem)) bad.push(path);
    }
  }
  return bad;
}

describe('one file-name style', () => {
  it('every file and folder of the code is kebab-case (after /work/rename-pass.sh of issue 29)', () => {
    const walked = NAMED_ROOTS.filter((dir) => existsSync(join(ROOT, dir)));
    expect(walked).toEqual(NAMED_ROOTS);
    expect(walked.flatMap(badNames)).toEqual([]);
  });
});
