/**
 * Seeded fuzzing of the real content files: each mutation either builds, or fails with located
 * content errors (never an internal error, never a hang), and a failed build leaves the output
 * byte for byte as it was. CLINIC_SITE_FUZZ_SEED replays a run; CLINIC_SITE_FUZZ_COUNT runs more.
 */
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../src/build.ts';
import { emptyMemo, type BuildMemo } from '../../src/incremental/memo.ts';
import { memoFolderOf } from '../../src/incremental/memo.ts';
import { userErrors } from '../../src/errors.ts';
import { diskWriter } from '../../src/write/writer.ts';
import { removeProject, runCli, seededRandom, snapshot, tempProject } from '../helpers.ts';

const seed = Number(process.env.CLINIC_SITE_FUZZ_SEED ?? 20261123);
const count = Number(process.env.CLINIC_SITE_FUZZ_COUNT ?? 240);
/** A build that takes more processor time than this on fuzzed input is taken for a hang (an alias bomb, say). */
const hangMs = 15_000;
/** About one build a mutation (half a second alone, several on a machine busy with other work): a longer run is given the time it needs. */
const runMs = Math.max(600_000, count * 2_500);
const today = '2026-11-23';

type Mutation = { name: string; apply: (text: string, pick: <T>(items: readonly T[]) => T, at: (n: number) => number) => string | Buffer };

const lineStarts = (text: string) => [0, ...[...text.matchAll(/\n/g)].map((m) => m.index + 1)];
const noise = ['\t', ':', ': ', '-', '- ', '"', "'", '[', ']', '{', '}', '*', '&a ', '*a', '!', '!!js/function ', '%', '#', '|', '>', '?', ',', '`', '\\', '\n', '  ', '---', '...', '<script>alert(1)</script>', '](', '[x](/process%zz)', '[y](#%zz)', '\u00a0', '\ufeff'];

/** Ways an author (or an attacker) gets a file wrong. */
const mutations: Mutation[] = [
  { name: 'delete a character', apply: (t, _p, at) => ((i) => t.slice(0, i) + t.slice(i + 1))(at(t.length)) },
  { name: 'insert noise', apply: (t, p, at) => ((i) => t.slice(0, i) + p(noise) + t.slice(i))(at(t.length)) },
  { name: 'indent a line with a tab', apply: (t, p) => ((s) => t.slice(0, s) + t.slice(s).replace(/^ {2}/, '\t'))(p(lineStarts(t))) },
  { name: 'shift a line', apply: (t, p) => ((s) => t.slice(0, s) + p([' ', '   ', '']) + t.slice(s).replace(/^ /, ''))(p(lineStarts(t))) },
  { name: 'duplicate a line', apply: (t, p) => ((lines) => ((i) => [...lines.slice(0, i + 1), lines[i], ...lines.slice(i + 1)].join('\n'))(Math.floor(p(lines.map((_, i) => i)))))(t.split('\n')) },
  { name: 'drop a line', apply: (t, p) => ((lines) => ((i) => [...lines.slice(0, i), ...lines.slice(i + 1)].join('\n'))(p(lines.map((_, i) => i))))(t.split('\n')) },
  { name: 'truncate', apply: (t, _p, at) => t.slice(0, at(t.length)) },
  { name: 'invalid UTF-8', apply: (t, _p, at) => ((i) => Buffer.concat([Buffer.from(t.slice(0, i)), Buffer.from([0xc3, 0x28, 0xff]), Buffer.from(t.slice(i))]))(at(t.length)) },
  { name: 'alias bomb', apply: (t) => `${t}\nbomb_a: &a ["x","x","x","x","x","x","x","x","x"]\nbomb_b: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]\nbomb_c: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b]\nbomb_d: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c]\nbomb_e: &e [*d,*d,*d,*d,*d,*d,*d,*d,*d]\nbomb_f: [*e,*e,*e,*e,*e,*e,*e,*e,*e]\n` },
  { name: 'deep nesting', apply: (t) => `${t}\ndeep: ${'['.repeat(3000)}${']'.repeat(3000)}\n` },
  { name: 'front matter language', apply: (t, p) => (t.startsWith('---') ? t.replace(/^---/, `---${p(['js', 'javascript', 'json', 'coffee', 'toml', ' js'])}`) : t) },
  { name: 'broken fence', apply: (t) => (t.startsWith('---\n') ? t.replace(/^---\n/, '--- ') : t) },
];

let dir: string;
let out: string;
let memo: BuildMemo;
let files: string[];

beforeAll(async () => {
  dir = await tempProject();
  out = join(dir, 'dist');
  memo = emptyMemo();
  const contentDir = join(dir, 'content');
  files = readdirSync(contentDir, { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.(ya?ml|md)$/.test(f))
    .map((f) => relative(dir, join(contentDir, f)))
    .sort();
});
afterAll(async () => {
  await removeProject(dir);
});

/**
 * Builds in process the way `serve` rebuilds (one cache, told what changed); resolves to the problems, or [] when it passed, and
 * the processor time it took (this process's threads: a hang spins, while a machine busy with other work only stretches the wall time).
 */
async function attempt(changed: Iterable<string>): Promise<{ problems: string[]; internal: unknown; ms: number }> {
  const started = process.cpuUsage();
  const spent = () => ((used) => (used.user + used.system) / 1000)(process.cpuUsage(started));
  try {
    await build({ root: dir, writer: diskWriter(out, dir), memo, changed: new Set(changed), today });
    return { problems: [], internal: undefined, ms: spent() };
  } catch (error) {
    const found = userErrors(error);
    return { problems: found?.map((e) => `${e.loc ? `${e.loc.file}:${e.loc.line}:${e.loc.column}` : '-'} ${e.message}`) ?? [], internal: found ? undefined : error, ms: spent() };
  }
}

/** Deletes this project's persisted build cache, so the next CLI run starts cold. */
function forgetCache(): void {
  rmSync(memoFolderOf(dir), { recursive: true, force: true });
}

describe(`fuzzed content (seed ${seed}, ${count} mutations)`, () => {
  // Each mutation is built on its own (its file put back before the next); the files put back are built with the next
  // mutation, as serve does with the changes it saw since its last build, and every few mutations alone, back to the good output.
  it('should build or report located problems, never crash or hang, and leave the output as it was on failure', async () => {
    await build({ root: dir, writer: diskWriter(out, dir), memo, today });
    const hashes = new Map<string, { stamp: string; hash: string }>();
    const good = await snapshot(out, hashes);
    const next = seededRandom(seed);
    const pick = <T,>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
    const at = (n: number) => Math.floor(next() * (n + 1));
    const tally = { passed: 0, failed: 0 };
    /** The output as the last build that passed left it, and the mutations put back since the output was last the good one. */
    let current = good;
    let putBack: { file: string; where: string }[] = [];
    for (let i = 0; i < count; i++) {
      const file = pick(files);
      const mutation = pick(mutations);
      const original = readFileSync(join(dir, file));
      const mutated = mutation.apply(original.toString('utf8'), pick, at);
      const where = `mutation ${i} (seed ${seed}): ${mutation.name} in ${file}`;
      writeFileSync(join(dir, file), mutated);
      try {
        const result = await attempt([...putBack.map((p) => p.file), file]);
        expect(result.internal, `${where}: internal error ${String((result.internal as Error | undefined)?.stack ?? result.internal)}`).toBeUndefined();
        expect(result.ms, `${where}: took ${Math.round(result.ms)} ms of processor time`).toBeLessThan(hangMs);
        if (result.problems.length > 0) {
          tally.failed++;
          // Every problem in a content file names that file and a line.
          for (const problem of result.problems.filter((p) => !p.startsWith('-'))) expect(problem, where).toMatch(/^content\/[^:]+:\d+:\d+ /);
          expect(await snapshot(out, hashes), `${where}: the output changed although the build failed`).toEqual(current);
        } else {
          tally.passed++;
          current = await snapshot(out, hashes);
        }
      } finally {
        writeFileSync(join(dir, file), original);
      }
      putBack.push({ file, where });
      if (putBack.length < 8 && i < count - 1) continue;
      // Put back, the files build again, to the very same output.
      const restored = await attempt(putBack.map((p) => p.file));
      const since = `after ${putBack.map((p) => p.where).join('; ')}, restored`;
      expect(restored.problems, since).toEqual([]);
      expect(restored.internal, since).toBeUndefined();
      expect(await snapshot(out, hashes), since).toEqual(good);
      current = good;
      putBack = [];
    }
    // The mutations must reach both outcomes, or the test proves little.
    expect(tally.failed).toBeGreaterThan(count / 10);
    expect(tally.passed).toBeGreaterThan(0);
  }, runMs);

  it('should give the same answers from a cold CLI run (no memo) for a few mutations', async () => {
    const next = seededRandom(seed ^ 0x5bd1e995);
    const pick = <T,>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
    const at = (n: number) => Math.floor(next() * (n + 1));
    for (let i = 0; i < 6; i++) {
      const file = pick(files);
      const mutation = pick(mutations);
      const original = readFileSync(join(dir, file));
      writeFileSync(join(dir, file), mutation.apply(original.toString('utf8'), pick, at));
      try {
        forgetCache();
        const result = await runCli(['check'], dir);
        const where = `cold mutation ${i} (seed ${seed}): ${mutation.name} in ${file}`;
        expect([0, 1], `${where}\n${result.stderr}`).toContain(result.code);
        expect(result.stderr, where).not.toContain('Internal error');
        expect(result.stderr, where).not.toMatch(/\n\s+at .+:\d+:\d+\)?\n/);
      } finally {
        writeFileSync(join(dir, file), original);
      }
    }
  }, 120_000);
});
