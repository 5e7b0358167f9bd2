// Compiles src/ into lib/ (run by `npm install` through the prepare script); packages stay external.
import { build } from 'esbuild';

await build({
  entryPoints: { cli: 'src/cli.ts' },
  outdir: 'lib',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  packages: 'external',
  sourcemap: 'linked',
  logLevel: 'warning',
}).catch(() => process.exit(1));
