// Compiles src/ into lib/ (run by `npm install` through the prepare script).
// Pure-JavaScript dependencies are bundled in: one file loads far faster than hundreds of small
// modules. React stays external (templates import the same copy), and so do packages with native
// parts or their own binaries.
import { build } from 'esbuild';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';

rmSync('lib', { recursive: true, force: true });

const shared = {
  outdir: 'lib',
  bundle: true,
  platform: 'node',
  target: 'node20',
  external: ['react', 'react-dom', 'react/*', 'react-dom/*', 'sharp', 'esbuild', 'chokidar', 'fsevents'],
  // gray-matter's own YAML engine is never used (see the module).
  alias: { 'js-yaml': './src/load/js-yaml-refused.ts' },
  sourcemap: 'linked',
  logLevel: 'warning',
};

await Promise.all([
  // The CLI: one CommonJS file, which bin/ loads with require.
  build({
    ...shared,
    entryPoints: { cli: 'src/cli.ts' },
    format: 'cjs',
    outExtension: { '.js': '.cjs' },
    define: { 'import.meta.url': '__importMetaUrl' },
    banner: { js: "const __importMetaUrl = require('node:url').pathToFileURL(__filename).href;" },
  }),
  // The threads' entries: modules, sharing chunks.
  build({
    ...shared,
    entryPoints: { 'render-worker': 'src/render/worker.ts', 'watch-worker': 'src/serve/watch-worker.ts', 'image-encoder': 'src/bundle/encoder.ts' },
    splitting: true,
    format: 'esm',
    // Bundled CommonJS packages (gray-matter) still call require() for Node built-ins.
    banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
  }),
]).catch((error) => {
  if (!error.errors) process.stderr.write(`${error.message}\n`);
  process.exit(1);
});

// What the generator's caches are keyed by: the hash of every compiled file, by path and text (see codeFingerprint in src/hash.ts).
const hash = createHash('sha1');
for (const file of readdirSync('lib').filter((f) => /\.c?js$/.test(f)).sort()) hash.update(file).update('\0').update(readFileSync(`lib/${file}`)).update('\0');
writeFileSync('lib/code-fingerprint.txt', hash.digest('base64url'));
