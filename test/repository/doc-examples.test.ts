/**
 * Every `@example` of an exported function of the core (src/, including the Node adapters of
 * src/node) runs as written, with the public exports and its own module's exports in scope, and
 * its stated results hold:
 *
 *   expression; // about 29.1 degrees   -> within 2 % or one unit of the last digit written
 *   expression; // => { tilt: 33.9 }    -> deep-equal to the literal
 *
 * Other comments are prose. An example that throws, or whose stated value is wrong, fails here.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import * as core from '../../src/index.js';
import * as nodeAdapters from '../../src/node/index.js';

const root = resolve(__dirname, '../..');
// readFileSync: examples of the readers read a file of the data directory (dataFilePath).
const scope: Record<string, unknown> = { ...core, ...nodeAdapters, readFileSync };

interface Example {
  file: string;
  line: number;
  name: string;
  code: string;
}

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) out.push(...sourceFiles(path));
    else if (entry.endsWith('.ts')) out.push(path);
  }
  return out.sort();
}

/** The `@example` blocks of doc comments on exported functions. */
function examples(): Example[] {
  const found: Example[] = [];
  for (const file of sourceFiles(join(root, 'src'))) {
    const text = readFileSync(file, 'utf8');
    // One doc comment (never running on past its own end) right before an exported function,
    // generator functions included.
    const re = /\/\*\*((?:(?!\*\/)[\s\S])*)\*\/\s*export\s+(?:async\s+)?function\s*\*?\s*(\w+)/g;
    for (let m = re.exec(text); m !== null; m = re.exec(text)) {
      const comment = m[1]!;
      const at = comment.indexOf('@example');
      if (at < 0) continue;
      const rest = comment.slice(at + '@example'.length);
      const end = rest.search(/\n\s*\*\s*@\w+/);
      const body = (end < 0 ? rest : rest.slice(0, end))
        .split('\n')
        .map((l) => l.replace(/^\s*\* ?/, ''))
        .join('\n')
        .trim();
      const line = text.slice(0, m.index + 3 + at).split('\n').length;
      found.push({ file: relative(root, file), line, name: m[2]!, code: body });
    }
  }
  return found;
}

/** Tolerance of "about N": 2 % of N, or one unit of its last written digit, whichever is larger. */
function aboutTolerance(written: string): number {
  const mantissa = written.toLowerCase().split('e')[0]!;
  const exponent = written.toLowerCase().includes('e') ? Number(written.toLowerCase().split('e')[1]) : 0;
  const decimals = mantissa.includes('.') ? mantissa.split('.')[1]!.length : 0;
  return Math.max(0.02 * Math.abs(Number(written)), 10 ** (exponent - decimals));
}

/** The example as a runnable function body: claims become checks, TypeScript becomes JavaScript. */
function instrument(code: string): string {
  const lines = code.split('\n').map((l) => {
    const about = /^(\s*)(.+?);\s*\/\/\s*about\s+(-?\d[\d.]*(?:e[+-]?\d+)?)/i.exec(l);
    if (about)
      return `${about[1]}__about(${about[2]}, ${about[3]}, ${aboutTolerance(about[3]!)}, ${JSON.stringify(l.trim())});`;
    const equal = /^(\s*)(.+?);\s*\/\/\s*=>\s*(.+)$/.exec(l);
    if (equal) return `${equal[1]}__equal(${equal[2]}, (${equal[3]}), ${JSON.stringify(l.trim())});`;
    return l;
  });
  return ts.transpileModule(lines.join('\n'), {
    compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext },
  }).outputText;
}

const AsyncFunction = Object.getPrototypeOf(async () => undefined).constructor as new (
  ...args: string[]
) => (...a: unknown[]) => Promise<void>;

const all = examples();

describe('the @example of every exported function runs and its stated values hold', () => {
  it('finds the examples (the core has at least the ones of its one-call paths)', () => {
    const names = new Set(all.map((e) => e.name));
    for (const n of ['simulatePv', 'sunPosition', 'toCsv', 'planeOfArray', 'solarPositionSpa', 'rooftopPvPower'])
      expect(names).toContain(n);
  });
  for (const ex of all) {
    it(`${ex.name} (${ex.file}:${ex.line})`, async () => {
      const js = instrument(ex.code);
      const own = (await import(pathToFileURL(join(root, ex.file)).href)) as Record<string, unknown>;
      const inScope: Record<string, unknown> = { ...own, ...scope };
      const names = Object.keys(inScope).filter((k) => new RegExp(`\\b${k}\\b`).test(js));
      let checks = 0;
      const about = (value: unknown, expected: number, tolerance: number, text: string): void => {
        checks++;
        expect(typeof value, text).toBe('number');
        expect(Math.abs((value as number) - expected), `${text}: got ${String(value)}`).toBeLessThanOrEqual(tolerance);
      };
      const equal = (value: unknown, expected: unknown, text: string): void => {
        checks++;
        expect(value, text).toEqual(expected);
      };
      const run = new AsyncFunction(
        '__scope',
        '__about',
        '__equal',
        `const { ${names.join(', ')} } = __scope;\n{\n${js}\n}`,
      );
      await run(inScope, about, equal);
      // An example shows a result: at least one stated value, checked.
      expect(checks, `${ex.name}'s example states no value (// about N, or // => literal)`).toBeGreaterThan(0);
    });
  }
});
