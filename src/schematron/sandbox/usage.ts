import { readFileSync } from 'node:fs';

/*
 * What a child has used, read from Linux's /proc: CPU time (utime + stime of /proc/<pid>/stat, in the USER_HZ ticks
 * of 1/100 s that Linux reports to user space on every architecture) and resident memory (VmRSS of
 * /proc/<pid>/status). Elsewhere neither is read: the bridge then limits wall-clock time and the V8 heap only.
 */

export const procAvailable = (): boolean => process.platform === 'linux' && readCpuMs(process.pid) !== undefined;

/** CPU milliseconds the process has used (user + system), or undefined where it cannot be read (gone, not Linux). */
export function readCpuMs(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'latin1');
    // The command name (2nd field) may hold spaces and parentheses: the fields are counted from its closing one.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    return Number.isFinite(ticks) ? ticks * 10 : undefined;
  } catch {
    return undefined;
  }
}

/** Resident megabytes of the process, or undefined. */
export function readRssMb(pid: number): number | undefined {
  try {
    const kb = /^VmRSS:\s+(\d+)\s+kB/m.exec(readFileSync(`/proc/${pid}/status`, 'latin1'))?.[1];
    return kb === undefined ? undefined : Number(kb) / 1024;
  } catch {
    return undefined;
  }
}

/** Resident megabytes past which a child is killed: its heap limit, plus room for code, young objects and buffers. */
export const rssLimitMb = (memoryMb: number) => Math.round(memoryMb * 1.25 + 128);

/**
 * Wall-clock milliseconds a document may take: where CPU time is measured, ten times its CPU limit (this catches only
 * a child blocked without using CPU; a busy machine stretches honest runs); elsewhere the CPU limit itself.
 */
export const wallLimitMs = (cpuMs: number, cpuMeasured: boolean) => (cpuMeasured ? cpuMs * 10 : cpuMs);
