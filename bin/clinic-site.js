#!/usr/bin/env node
// Runs the compiled CLI (lib/ is built by `npm install` through the prepare script), with the code V8 compiled in an earlier run.
// React's production build renders several times faster; set it before React loads.
process.env.NODE_ENV ??= 'production';
const { loadCli } = await import('../lib/code-cache.js');
const cli = loadCli(new URL('../lib/cli.cjs', import.meta.url));

const code = await cli.main(process.argv.slice(2));
cli.save();
if (code >= 0) process.exitCode = code;
