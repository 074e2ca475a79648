/** A process's resident memory and CPU time, read from /proc (Linux): once, or sampled while something runs. */
import { readFileSync } from 'node:fs';

/** Resident and peak resident memory of a process, in bytes. */
export function readMemory(pid: number): { rss: number; hwm: number } | undefined {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (key: string) => Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN) * 1024;
    return { rss: kb('VmRSS'), hwm: kb('VmHWM') };
  } catch {
    return undefined;
  }
}

/** Polls VmRSS while something runs; `stop()` answers the highest value seen. */
export function sampleRss(pid: number, everyMs = 100) {
  let peak = readMemory(pid)?.rss ?? 0;
  let last = peak;
  const timer = setInterval(() => {
    const m = readMemory(pid);
    if (!m) return;
    last = m.rss;
    peak = Math.max(peak, m.rss);
  }, everyMs);
  return {
    stop() {
      clearInterval(timer);
      const m = readMemory(pid);
      if (m) {
        last = m.rss;
        peak = Math.max(peak, m.rss);
      }
      return { peak, last };
    },
  };
}

/** User + system CPU seconds a process has used so far (clock ticks of 1/100 s). */
export function cpuSeconds(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8')
      .replace(/^.*\) /, '')
      .split(' ');
    // After the command name: state is field 3, so utime (14) and stime (15) are at 11 and 12 here.
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return NaN;
  }
}
