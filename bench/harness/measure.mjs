/** Timing a child process: wall time, its CPU and peak RSS (GNU time), and the CPU the rest of the machine used meanwhile. */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const gnuTime = existsSync('/usr/bin/time') ? '/usr/bin/time' : undefined;
const clockTicks = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout?.trim()) || 100;

/** Whether peak RSS can be measured (GNU time is installed). */
export const canMeasureRss = gnuTime !== undefined;

/** Seconds of CPU the whole machine has spent busy since boot (all cores, from /proc/stat). */
export function machineBusySeconds() {
  const fields = readFileSync('/proc/stat', 'utf8').split('\n', 1)[0].trim().split(/\s+/).slice(1).map(Number);
  const [user, nice, system, , , irq, softirq, steal] = fields;
  return (user + nice + system + irq + softirq + (steal ?? 0)) / clockTicks;
}

function selfCpuSeconds() {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1e6;
}

/**
 * Runs `command args` to completion and measures it. `otherCpu` is the machine's busy CPU time
 * minus the child's (and its waited-for children's) and this process's own: what else ran meanwhile.
 */
export async function timedRun(command, args, { cwd, env, timeoutMs = 15 * 60_000 } = {}) {
  const timeFile = join(tmpdir(), `clinic-bench-time-${process.pid}-${Math.random().toString(36).slice(2)}.txt`);
  const argv = gnuTime ? [gnuTime, ['-f', '%e %U %S %M', '-o', timeFile, command, ...args]] : [command, args];
  const busy0 = machineBusySeconds();
  const self0 = selfCpuSeconds();
  const started = performance.now();
  let watcher;
  const result = await new Promise((resolve) => {
    const child = spawn(argv[0], argv[1], { cwd, env: { ...process.env, NO_COLOR: '1', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    watcher = watchUnreaped(child.pid);
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout = (stdout + d).slice(-20_000)));
    child.stderr.on('data', (d) => (stderr = (stderr + d).slice(-20_000)));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      watcher.stop();
      resolve({ code, signal, stdout, stderr });
    });
  });
  const wallMs = performance.now() - started;
  const machine = machineBusySeconds() - busy0;
  const self = selfCpuSeconds() - self0;
  let cpuSeconds;
  let peakRssMb;
  if (gnuTime && existsSync(timeFile)) {
    // GNU time writes "Command exited with non-zero status N" before the numbers on failure.
    const last = readFileSync(timeFile, 'utf8').trim().split('\n').pop() ?? '';
    const [, user, system, maxRssKb] = last.split(' ').map(Number);
    if (Number.isFinite(user)) {
      cpuSeconds = user + system;
      peakRssMb = maxRssKb / 1024;
    }
    rmSync(timeFile, { force: true });
  }
  let otherCpu = cpuSeconds === undefined ? undefined : Math.max(0, machine - cpuSeconds - self);
  // A program the tool started and never waited for (Pagefind's, which the Node API leaves running when the process exits) is
  // not in GNU time's figures: its CPU, as last seen, is the tool's, not other work's.
  const unreaped = Math.min(otherCpu ?? 0, watcher.cpuSeconds());
  if (cpuSeconds !== undefined && unreaped > 0) {
    cpuSeconds += unreaped;
    otherCpu -= unreaped;
  }
  return {
    ok: result.code === 0,
    code: result.code,
    signal: result.signal,
    wallMs,
    cpuSeconds,
    peakRssMb,
    otherCpu,
    unreapedCpu: unreaped,
    unreapedPeakRssMb: watcher.peakRssMb(),
    stdout: result.stdout,
    stderr: result.stderr,
  };
}

/** Whether a run shared the machine with too much other work to be trusted. */
export function disturbed(run, maxOtherCpu) {
  return run.otherCpu !== undefined && run.otherCpu > maxOtherCpu + 0.05 * (run.cpuSeconds ?? 0);
}

/**
 * Runs `once()` until it gives an undisturbed result, at most 1 + `retries` times.
 * Returns the kept run, with `attempts` and the other-CPU seconds of each redone attempt.
 */
export async function undisturbed(once, { maxOtherCpu, retries = 3, pauseMs = 2000 }) {
  const redone = [];
  for (let attempt = 0; ; attempt++) {
    await waitForQuiet();
    const run = await once();
    if (!run.ok || !disturbed(run, maxOtherCpu) || attempt >= retries) {
      return { ...run, attempts: attempt + 1, redone, disturbed: run.ok && disturbed(run, maxOtherCpu) };
    }
    redone.push(round(run.otherCpu, 2));
    await sleep(pauseMs);
  }
}

/**
 * Waits until other processes use at most `maxLoad` cores (sampled over `sampleMs`), for at most
 * `maxWaitMs`; resolves to the last load seen.
 */
export async function waitForQuiet({ maxLoad = 0.1, sampleMs = 500, maxWaitMs = Number(process.env.BENCH_MAX_QUIET_WAIT_MS ?? 120_000) } = {}) {
  const until = performance.now() + maxWaitMs;
  for (;;) {
    const busy0 = machineBusySeconds();
    const self0 = selfCpuSeconds();
    await sleep(sampleMs);
    const load = (machineBusySeconds() - busy0 - (selfCpuSeconds() - self0)) / (sampleMs / 1000);
    if (load <= maxLoad || performance.now() > until) return load;
  }
}

/** CPU seconds (user + system) used so far by a process and every descendant still alive. */
export function treeCpuSeconds(pid) {
  let total = 0;
  for (const p of [pid, ...descendants(pid)]) {
    try {
      const stat = readFileSync(`/proc/${p}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      total += (Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14])) / clockTicks;
    } catch {
      // The process ended between listing and reading.
    }
  }
  return total;
}

/** Peak resident memory (VmHWM) of a live process, in MB. */
export function peakRssOfMb(pid) {
  try {
    const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : undefined;
  } catch {
    return undefined;
  }
}

function descendants(pid) {
  const found = [];
  let tasks = [];
  try {
    tasks = readdirSync(`/proc/${pid}/task`);
  } catch {
    return found;
  }
  for (const task of tasks) {
    let children = '';
    try {
      children = readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8');
    } catch {
      continue;
    }
    for (const child of children.trim().split(/\s+/).filter(Boolean).map(Number)) found.push(child, ...descendants(child));
  }
  return found;
}

/** Programs a tool starts and leaves running when it exits: their names (as /proc/PID/comm gives them, at most 15 characters). */
const unreapedPrograms = /^pagefind/;

/**
 * Watches the descendants of `pid` every 50 ms for programs a tool leaves unreaped (see unreapedPrograms): the CPU each was last
 * seen to have used (its own, not its children's) and its peak resident memory.
 */
function watchUnreaped(pid) {
  const seen = new Map();
  const look = () => {
    for (const p of descendants(pid)) {
      try {
        if (!unreapedPrograms.test(readFileSync(`/proc/${p}/comm`, 'utf8').trim())) continue;
        const stat = readFileSync(`/proc/${p}/stat`, 'utf8');
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        const cpu = (Number(fields[11]) + Number(fields[12])) / clockTicks;
        const rss = peakRssOfMb(p) ?? 0;
        const before = seen.get(p);
        seen.set(p, { cpu: Math.max(cpu, before?.cpu ?? 0), rss: Math.max(rss, before?.rss ?? 0) });
      } catch {
        // Gone between listing and reading: its last reading stands.
      }
    }
  };
  const timer = setInterval(look, 50);
  return {
    stop: () => clearInterval(timer),
    cpuSeconds: () => [...seen.values()].reduce((sum, s) => sum + s.cpu, 0),
    peakRssMb: () => (seen.size ? Math.max(...[...seen.values()].map((s) => s.rss)) : undefined),
  };
}

/** Median of numbers (mean of the middle two for an even count). */
export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return undefined;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

export function round(value, digits = 3) {
  if (value === undefined || value === null || !Number.isFinite(value)) return value;
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}

export function sleep(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
