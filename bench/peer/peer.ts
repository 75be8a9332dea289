/**
 * The pvlib-python peer of `npm run bench -- --peer`: starts bench/peer/pvlib_peer.py once and
 * asks it to time pvlib's public functions on the same input columns as our kernels (written to a
 * temporary folder as raw doubles). See that script for the protocol and what exactly is timed.
 *
 * Python: $SOLARKIT_PEER_PYTHON when set, else `python3`, then `/usr/bin/python3` (the first whose
 * interpreter can import pvlib, numpy and pandas). pvlib: an installed one, or the checkout named
 * by $SOLARKIT_PVLIB_PATH (the folder that holds the `pvlib` package).
 */
import { spawn, type ChildProcessByStdio } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createInterface, type Interface } from 'node:readline';
import type { Readable, Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import type { PeerCase } from '../harness.js';

const script = join(dirname(fileURLToPath(import.meta.url)), 'pvlib_peer.py');

export interface PeerInfo {
  available: boolean;
  reason?: string;
  pvlib?: string;
  pvlib_path?: string;
  /** `git describe --tags --always` and the commit, where pvlib is a git checkout. */
  pvlib_revision?: string;
  numpy?: string;
  pandas?: string;
  python?: string;
  interpreter?: string;
  /** How glibc's allocator ran in the peer: see {@link peerAllocator}. */
  allocator?: string;
}

/**
 * The numeric libraries of the peer on one thread each. The figures are single-thread ones on
 * both sides, and an idle OpenBLAS or OpenMP pool keeps spinning for a while after each call: on
 * this 2-vCPU machine that stole the other hardware thread from the kernels timed next (the fast
 * solar form measured 1.93e7 points/s after the SPA's peer rounds, 2.65e7 with these settings, and
 * pvlib's own SPA 2.9e5 -> 3.55e5 points/s).
 */
const SINGLE_THREADED = {
  OPENBLAS_NUM_THREADS: '1',
  OMP_NUM_THREADS: '1',
  MKL_NUM_THREADS: '1',
  NUMEXPR_NUM_THREADS: '1',
};

/**
 * glibc's allocator settings of the peer. By default pvlib keeps the memory it frees
 * (`MALLOC_MMAP_THRESHOLD_` and `MALLOC_TRIM_THRESHOLD_` at 1 GiB): with glibc's defaults each
 * numpy temporary of a few MB is returned to the system when freed and faulted in again by the
 * next call, and on this machine those page faults made one pvlib call up to ten times slower,
 * by what the case before it had freed (docs/performance.md, "The allocator"). Keeping the memory
 * gives pvlib its best and steadiest figures, so every ratio is the conservative one.
 * `SOLARKIT_PEER_ALLOCATOR=default` runs pvlib with glibc's defaults instead (both figures are
 * worth knowing; a user's pvlib runs with the defaults).
 */
function peerAllocator(): { name: string; env: Record<string, string> } {
  if (process.env.SOLARKIT_PEER_ALLOCATOR === 'default') return { name: 'glibc default', env: {} };
  const keep = '1073741824';
  return {
    name: 'memory kept (MALLOC_MMAP_THRESHOLD_ = MALLOC_TRIM_THRESHOLD_ = 1 GiB)',
    env: { MALLOC_MMAP_THRESHOLD_: keep, MALLOC_TRIM_THRESHOLD_: keep },
  };
}

export class PvlibPeer {
  private readonly dir = mkdtempSync(join(tmpdir(), 'solarkit-peer-'));

  private constructor(
    private readonly child: ChildProcessByStdio<Writable, Readable, null>,
    private readonly reader: Interface,
    private readonly lines: AsyncIterator<string>,
    readonly info: PeerInfo,
  ) {}

  /** Starts the first interpreter that has pvlib; `info.available` is false (with the reasons) when none has. */
  static async start(): Promise<PvlibPeer | PeerInfo> {
    const env = process.env.SOLARKIT_PEER_PYTHON;
    const candidates = env !== undefined && env !== '' ? [env] : ['python3', '/usr/bin/python3'];
    const reasons: string[] = [];
    const allocator = peerAllocator();
    for (const interpreter of candidates) {
      const child = spawn(interpreter, [script], {
        stdio: ['pipe', 'pipe', 'inherit'],
        env: { ...process.env, ...SINGLE_THREADED, ...allocator.env },
      });
      const failed = new Promise<string>((resolve) => child.once('error', (e) => resolve(e.message)));
      const reader = createInterface({ input: child.stdout });
      const lines = reader[Symbol.asyncIterator]();
      const first = lines.next();
      const line = await Promise.race([
        first.then((r) => (r.done === true ? undefined : r.value)),
        failed.then(() => undefined),
      ]);
      const info = line === undefined ? undefined : (JSON.parse(line) as PeerInfo);
      if (info?.available === true) {
        return new PvlibPeer(child, reader, lines, { ...info, interpreter, allocator: allocator.name });
      }
      reasons.push(`${interpreter}: ${info?.reason ?? (await Promise.race([failed, Promise.resolve('no answer')]))}`);
      reader.close();
      child.kill();
    }
    return { available: false, reason: reasons.join('; ') };
  }

  private async request(msg: Record<string, unknown>): Promise<Record<string, unknown>> {
    this.child.stdin.write(`${JSON.stringify(msg)}\n`);
    const r = await this.lines.next();
    if (r.done === true) throw new Error('the pvlib peer exited');
    const answer = JSON.parse(r.value) as Record<string, unknown>;
    if (answer.ok !== true) throw new Error(`pvlib peer: ${String(answer.error)}`);
    return answer;
  }

  /**
   * Writes the case's columns and has the peer build (and call once) its variants; returns them.
   */
  async load(name: string, peerCase: PeerCase): Promise<string[]> {
    const columns = peerCase.columns();
    for (const [col, values] of Object.entries(columns)) {
      writeFileSync(join(this.dir, `${col}.f64`), new Uint8Array(values.buffer, values.byteOffset, values.byteLength));
    }
    const answer = await this.request({
      op: 'load',
      case: name,
      fn: peerCase.fn,
      dir: this.dir,
      columns: Object.keys(columns),
      params: peerCase.params,
    });
    return answer.variants as string[];
  }

  /** CPU seconds of `runs` calls of one variant. */
  async time(name: string, variant: string, runs: number): Promise<number[]> {
    const answer = await this.request({ op: 'time', case: name, variant, runs });
    return answer.cpu_seconds as number[];
  }

  async unload(name: string): Promise<void> {
    await this.request({ op: 'unload', case: name });
  }

  close(): void {
    this.child.stdin.end();
    this.reader.close();
    rmSync(this.dir, { recursive: true, force: true });
  }
}
