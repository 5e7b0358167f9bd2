/** Compiles src/ into lib/ once before the tests, so CLI tests run the code under test. */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

export default function setup(): void {
  execFileSync(process.execPath, [join(import.meta.dirname, '..', 'scripts', 'compile.mjs')], { stdio: 'inherit', cwd: join(import.meta.dirname, '..') });
}
