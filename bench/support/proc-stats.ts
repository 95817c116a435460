/**
 * Readings of /proc (Linux) for the benchmarks: a process's CPU time, memory, nice value and
 * children, and how busy the whole machine is. Elsewhere each reading is NaN or undefined.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';

/** Clock ticks a second of /proc/<pid>/stat's CPU times. */
const CLK_TCK = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim()) || 100;

export interface ProcStat {
  pid: number;
  /** The command name (stat(5) field 2, at most 15 characters). */
  comm: string;
  ppid: number;
  /** CPU time (user + system) used so far, ms. */
  cpuMs: number;
  /** The nice value (stat(5) field 19): higher is a lower priority. */
  nice: number;
}

/** /proc/<pid>/stat, or undefined when the process is gone (or not Linux). */
export function procStat(pid: number | undefined): ProcStat | undefined {
  if (pid === undefined) return undefined;
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined;
  }
  const close = stat.lastIndexOf(')');
  const comm = stat.slice(stat.indexOf('(') + 1, close);
  // After the command: state is field 3 of stat(5), so field n is f[n - 3].
  const f = stat.slice(close + 2).split(' ');
  return {
    pid,
    comm,
    ppid: Number(f[1]),
    cpuMs: ((Number(f[11]) + Number(f[12])) * 1000) / CLK_TCK,
    nice: Number(f[16]),
  };
}

/** CPU time (user + system) a process has used, in ms (Linux). */
export const cpuMs = (pid: number | undefined): number => procStat(pid)?.cpuMs ?? NaN;

/** The live children of `pid` (any command), from /proc/*\/stat. */
export function childrenOf(pid: number | undefined): ProcStat[] {
  if (pid === undefined) return [];
  let pids: string[];
  try {
    pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return [];
  }
  return pids.flatMap((p) => {
    const s = procStat(Number(p));
    return s && s.ppid === pid ? [s] : [];
  });
}

/** VmRSS (or another field) of a process, in MiB (Linux). */
export function memMiB(pid: number | undefined, field: 'VmRSS' | 'VmHWM' = 'VmRSS'): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const kb = new RegExp(`^${field}:\\s+(\\d+)\\s+kB`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Number(kb) / 1024 : undefined;
  } catch {
    return undefined;
  }
}

export interface MachineReading {
  idle: number;
  total: number;
  waitUs: number;
  at: number;
}

/**
 * How busy the whole machine is: CPU ticks (all CPUs) idle and in total from /proc/stat, and
 * the microseconds during which some runnable task waited for a CPU (/proc/pressure/cpu, PSI).
 */
export function machine(): MachineReading {
  const at = performance.now();
  let idle = NaN;
  let total = NaN;
  let waitUs = NaN;
  try {
    const f = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
    idle = f[3]! + f[4]!; // idle + iowait
    total = f.slice(0, 8).reduce((a, b) => a + b, 0); // user … steal (guest time is counted in user)
  } catch {
    // not Linux
  }
  try {
    waitUs = Number(/^some .*total=(\d+)/m.exec(readFileSync('/proc/pressure/cpu', 'utf8'))?.[1]);
  } catch {
    // no PSI
  }
  return { idle, total, waitUs, at };
}

/** Share of CPU idle, and share of the time some task waited for a CPU, between two readings. */
export const busyness = (a: MachineReading, b: MachineReading) => ({
  idle: (b.idle - a.idle) / (b.total - a.total),
  pressure: (b.waitUs - a.waitUs) / ((b.at - a.at) * 1000),
});

/**
 * The nice value of each thread of `pid` (/proc/<pid>/task/*\/stat): on Linux nice is a thread's,
 * so a process reniced after it started threads keeps those at their old value.
 */
export function threadNices(pid: number): number[] {
  let tids: string[];
  try {
    tids = readdirSync(`/proc/${pid}/task`);
  } catch {
    return [];
  }
  return tids.flatMap((tid) => {
    try {
      const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
      return [Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16])];
    } catch {
      return []; // ended meanwhile
    }
  });
}
