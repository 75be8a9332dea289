/**
 * The repository holds no data of other projects (issue 12): no tracked file equals a file of
 * the data directory, or a compressed form of one, and no tracked text file carries a run of its
 * lines (a partial or re-wrapped copy of a weather file).
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { dataDirectories } from '../../src/node/data-dir.js';

const ROOT = resolve(__dirname, '..', '..');
const sha = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

/** The bytes and, for gzip, the decompressed bytes of a file. */
function forms(bytes: Buffer): Buffer[] {
  const out = [bytes];
  if (bytes[0] === 0x1f && bytes[1] === 0x8b) {
    try {
      out.push(gunzipSync(bytes));
    } catch {
      // not gzip after all
    }
  }
  return out;
}

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? walk(p) : [p];
  });
}

describe('the repository', () => {
  const dataDir = dataDirectories()[0]!;
  const dataFiles = walk(dataDir).filter((p) => !p.endsWith('README.md'));
  const tracked = execFileSync('git', ['ls-files', '-z'], { cwd: ROOT, encoding: 'utf8' })
    .split('\0')
    .filter((p) => p !== '');

  it('holds no file of the data directory, compressed or not', () => {
    expect(dataFiles.length).toBeGreaterThan(10);
    const hashes = new Map<string, string>();
    for (const p of dataFiles) for (const b of forms(readFileSync(p))) hashes.set(sha(b), p);
    const copies = tracked.flatMap((p) => {
      let bytes: Buffer;
      try {
        bytes = readFileSync(join(ROOT, p));
      } catch {
        return []; // deleted in the working tree, not yet committed
      }
      return forms(bytes)
        .map((b) => hashes.get(sha(b)))
        .filter((hit) => hit !== undefined)
        .map((hit) => `${p} = ${hit}`);
    });
    expect(copies).toEqual([]);
  });

  it('carries no run of five lines of a real weather file', () => {
    const lineHashes = new Set<string>();
    for (const p of dataFiles.filter((f) => /\.(csv|epw|tm2|txt)$/i.test(f))) {
      for (const line of readFileSync(p, 'latin1').split(/\r?\n/))
        if (line.length >= 24) lineHashes.add(sha(Buffer.from(line.trim())));
    }
    expect(lineHashes.size).toBeGreaterThan(100_000);
    const runs: string[] = [];
    for (const p of tracked.filter((f) => !/\.(gz|png|db)$/.test(f))) {
      let text: string;
      try {
        text = readFileSync(join(ROOT, p), 'latin1');
      } catch {
        continue;
      }
      let run = 0;
      for (const line of text.split(/\r?\n/)) {
        run = line.length >= 24 && lineHashes.has(sha(Buffer.from(line.trim()))) ? run + 1 : 0;
        if (run >= 5) {
          runs.push(p);
          break;
        }
      }
    }
    expect(runs).toEqual([]);
  });
});
