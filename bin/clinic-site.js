#!/usr/bin/env node
// Runs the compiled CLI (lib/ is built by `npm install` through the prepare script).
// React's production build renders several times faster; set it before React loads.
process.env.NODE_ENV ??= 'production';
const { main } = await import('../lib/cli.js');

const code = await main(process.argv.slice(2));
if (code >= 0) process.exitCode = code;
