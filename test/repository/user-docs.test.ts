/**
 * The pages a user reads: every relative link of README.md and docs/ names a file of the
 * repository and, when it names a heading (`page.md#heading`), a heading of that page (GitHub's
 * anchors); and the user's pages of the API and the command carry no engineering history (issue
 * numbers, calibration rounds, load figures), which belongs in docs/performance.md or the commit log.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { expect, it } from 'vitest';

const root = resolve(__dirname, '../..');

function markdownFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? markdownFiles(join(dir, e.name)) : e.name.endsWith('.md') ? [join(dir, e.name)] : [],
  );
}

/** A page's text without its fenced code blocks (their brackets are code, not links). */
function prose(path: string): string {
  return readFileSync(path, 'utf8').replace(/^```[\s\S]*?^```/gm, '');
}

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces to hyphens. */
function slug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[`*_]/g, '')
    .replace(/[^\p{L}\p{N} -]/gu, '')
    .replace(/ /g, '-');
}

function anchors(path: string): Set<string> {
  return new Set([...prose(path).matchAll(/^#{1,6} (.+)$/gm)].map((m) => slug(m[1]!)));
}

it('every relative link of README.md and docs/*.md names a file, and a heading of it when it has an anchor', () => {
  const pages = [join(root, 'README.md'), ...markdownFiles(join(root, 'docs'))];
  const broken: string[] = [];
  let links = 0;
  for (const page of pages) {
    for (const m of prose(page).matchAll(/\]\(([^)\s]+)\)/g)) {
      const target = m[1]!;
      if (/^[a-z]+:/i.test(target)) continue;
      links++;
      const [file, anchor] = target.split('#') as [string, string | undefined];
      const path = file === '' ? page : resolve(dirname(page), file);
      const where = `${relative(root, page)}: ${target}`;
      if (!existsSync(path)) broken.push(`${where} (no such file)`);
      else if (anchor !== undefined && path.endsWith('.md') && !anchors(path).has(anchor))
        broken.push(`${where} (no such heading)`);
    }
  }
  expect(links).toBeGreaterThan(30);
  expect(broken).toEqual([]);
});

it("the user's pages of the API and the command carry no engineering history", () => {
  const pages = ['README.md', 'docs/api.md', 'docs/api-resources.md', 'docs/clients.md', 'docs/deploy-nodes.md'];
  const history = [/\bissue \d+/i, /\bround \d\b/i, /\bload average\b/i, /\bp99\b/, /\bCPU profile\b/i];
  const found = pages.flatMap((page) =>
    readFileSync(join(root, page), 'utf8')
      .split('\n')
      .flatMap((line, i) => (history.some((re) => re.test(line)) ? [`${page}:${i + 1}: ${line.trim()}`] : [])),
  );
  expect(found).toEqual([]);
});
