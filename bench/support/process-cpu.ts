/**
 * CPU seconds a process has used (user + system), from /proc on Linux; null elsewhere. The benchmarks share
 * two cores with whatever else runs, so they say where their own CPU time went next to the wall times.
 */
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';

const CLOCK_TICKS_PER_SECOND = 100;

export function cpuSecondsOf(pid: number): number | null {
  try {
    // Fields after the command name (which may hold spaces) start at `state`; utime and stime are 14 and 15.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_SECOND;
  } catch {
    return null;
  }
}

/** CPU seconds of a set of processes since `start` (a process first seen later counts from zero). */
export function cpuSince(start: ReadonlyMap<number, number>, pids: readonly number[]): number {
  let total = 0;
  for (const pid of pids) total += Math.max(0, (cpuSecondsOf(pid) ?? 0) - (start.get(pid) ?? 0));
  return total;
}

export function cpuSnapshot(pids: readonly number[]): Map<number, number> {
  return new Map(pids.map((pid) => [pid, cpuSecondsOf(pid) ?? 0]));
}

export const loadAverage = () =>
  loadavg()
    .map((v) => v.toFixed(1))
    .join(' ');
