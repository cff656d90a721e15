/** CPU time of processes on this machine, read from /proc (Linux): a server's node process and PostgreSQL's. */
import fs from 'node:fs';

const ticks = 100; // USER_HZ

/** CPU milliseconds of a process so far: user and system (kernel: socket writes and reads, wake-ups). */
export const cpuTimes = (pid: number) => {
  const f = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return { user: (Number(f[11]) / ticks) * 1000, system: (Number(f[12]) / ticks) * 1000 };
};

export const cpuOf = (pid: number) => {
  const t = cpuTimes(pid);
  return t.user + t.system;
};

const postgresPids = () =>
  fs
    .readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .filter((d) => {
      try {
        return fs.readFileSync(`/proc/${d}/comm`, 'utf8').startsWith('postgres');
      } catch {
        return false;
      }
    })
    .map(Number);

/**
 * CPU so far per PostgreSQL process; a backend that exits during the measurement (an idle pool connection closing)
 * drops out of both.
 */
export const postgresCpu = () =>
  new Map(
    postgresPids().flatMap((pid) => {
      try {
        return [[pid, cpuOf(pid)] as const];
      } catch {
        return [];
      }
    }),
  );

/** PostgreSQL's CPU milliseconds since `before` (postgresCpu). */
export const postgresSince = (before: Map<number, number>) =>
  [...postgresCpu()].reduce((sum, [pid, ms]) => sum + ms - (before.get(pid) ?? 0), 0);
