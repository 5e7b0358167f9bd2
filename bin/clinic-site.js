#!/usr/bin/env node
// Runs the compiled CLI (lib/ is built by `npm install` through the prepare script).
import { main } from '../lib/cli.js';

const code = await main(process.argv.slice(2));
if (code >= 0) process.exitCode = code;
