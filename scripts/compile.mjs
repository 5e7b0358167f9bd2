// Compiles src/ into lib/ (run by `npm install` through the prepare script).
// Pure-JavaScript dependencies are bundled in: one file loads far faster than hundreds of small
// modules. React stays external (templates import the same copy), and so do packages with native
// parts or their own binaries.
import { build } from 'esbuild';
import { rmSync } from 'node:fs';

rmSync('lib', { recursive: true, force: true });

await build({
  entryPoints: { cli: 'src/cli.ts', 'render-worker': 'src/render/worker.ts', 'watch-worker': 'src/serve/watch-worker.ts', 'image-encoder': 'src/bundle/encoder.ts' },
  outdir: 'lib',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  external: ['react', 'react-dom', 'react/*', 'react-dom/*', 'sharp', 'esbuild', 'chokidar', 'fsevents'],
  // Bundled CommonJS packages (gray-matter, js-yaml) still call require() for Node built-ins.
  banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
  sourcemap: 'linked',
  logLevel: 'warning',
}).catch(() => process.exit(1));
