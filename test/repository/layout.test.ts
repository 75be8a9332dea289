/**
 * The test trees mirror the source trees (docs/DESIGN.md, "Layout"): a test of src/<folder> is in
 * test/<folder>, a test of packages/server/src/<folder or module> in packages/server/test/<same
 * name>, so a reader finds the tests of a module by its path. Folders that test no source folder
 * are few and named here.
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
    expect(unmirrored(join(ROOT, 'test'), join(ROOT, 'src'), ['support', 'reference', 'repository', 'scripts', 'examples', 'package'])).toEqual([]);
  });

  it('packages/server/test/ mirrors packages/server/src/', () => {
    // app: the whole server over HTTP (app.ts builds it); support: shared test helpers.
    expect(unmirrored(join(ROOT, 'packages/server/test'), join(ROOT, 'packages/server/src'), ['support'])).toEqual([]);
  });
});
