#!/usr/bin/env node
// Runs the compiled CLI (lib/ is built by `npm install` through the prepare script).
// React's production build renders several times faster; set it before React loads.
process.env.NODE_ENV ??= 'production';
const { createRequire } = await import('node:module');
const { main } = createRequire(import.meta.url)('../lib/cli.cjs');

const code = await main(process.argv.slice(2));
if (code >= 0) process.exitCode = code;
