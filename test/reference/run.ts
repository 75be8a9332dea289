/**
 * Stand-alone reference runner:
 *   npx tsx test/reference/run.ts --dir <directory of reference JSON files>
 * Prints one line per case (PASS, FAIL, MISSING, ERROR) and exits non-zero unless every case passes.
 */
import { resolve } from 'node:path';
import { allHandlers } from './dispatch/index.js';
import { formatReport, runDirectory } from './runner.js';

function parseDir(argv: string[]): string {
  const i = argv.indexOf('--dir');
  if (i >= 0 && argv[i + 1]) return resolve(argv[i + 1]!);
  const eq = argv.find((a) => a.startsWith('--dir='));
  if (eq) return resolve(eq.slice('--dir='.length));
  return resolve('fixtures/reference');
}

const dir = parseDir(process.argv.slice(2));
const reports = runDirectory(dir, allHandlers);
for (const r of reports) console.log(formatReport(r));
const counts = { PASS: 0, FAIL: 0, MISSING: 0, ERROR: 0 };
for (const r of reports) counts[r.status]++;
console.log(
  `reference: ${counts.PASS} passed, ${counts.FAIL} failed, ${counts.MISSING} missing, ${counts.ERROR} errors (${dir})`,
);
process.exit(reports.length > 0 && counts.PASS === reports.length ? 0 : 1);
