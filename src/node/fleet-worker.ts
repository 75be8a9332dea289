// A worker thread of simulateFleet (fleet.ts): runs the batches it is sent with runFleetBatch,
// the same function the in-process path runs, and sends the results back, their typed arrays
// transferred rather than copied.
import { parentPort } from 'node:worker_threads';
import { type FleetJob, type FleetOutcome, runFleetBatch } from './fleet-job.js';
import type { FleetSite } from '../power/fleet.js';

/** A message to a worker: the job once, then batches. */
export type FleetWorkerRequest = { type: 'job'; job: FleetJob } | { type: 'batch'; seq: number; sites: FleetSite[] };
/** A worker's answer to a batch. */
export type FleetWorkerReply =
  | { type: 'batch'; seq: number; outcomes: FleetOutcome[] }
  | { type: 'failed'; seq: number; message: string };

let job: FleetJob | undefined;
const port = parentPort;
if (port !== null) {
  port.on('message', (m: FleetWorkerRequest) => {
    if (m.type === 'job') {
      job = m.job;
      return;
    }
    try {
      const outcomes = runFleetBatch(job!, m.sites);
      const transfer: ArrayBuffer[] = [];
      for (const o of outcomes) {
        if ('error' in o) continue;
        if (o.powerKw !== undefined) transfer.push(o.powerKw.buffer as ArrayBuffer);
        if (o.monthlyKwh !== undefined) transfer.push(o.monthlyKwh.buffer as ArrayBuffer);
      }
      port.postMessage({ type: 'batch', seq: m.seq, outcomes } satisfies FleetWorkerReply, transfer);
    } catch (e) {
      port.postMessage({
        type: 'failed',
        seq: m.seq,
        message: e instanceof Error ? e.message : String(e),
      } satisfies FleetWorkerReply);
    }
  });
}
