// Fails with a plain message when this Node.js is older than package.json's "engines" asks (the one place the policy is stated).
import { readFileSync } from 'node:fs';

const wanted = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).engines.node;
const minimum = /^>=\s*(\d+)\.(\d+)(?:\.(\d+))?$/.exec(wanted);
if (!minimum) {
  console.error(`package.json "engines.node" is "${wanted}"; this check understands only ">=MAJOR.MINOR"`);
  process.exit(1);
}
const need = minimum.slice(1).map((n) => Number(n ?? 0));
const have = process.versions.node.split('.').map(Number);
const differs = need.findIndex((n, i) => have[i] !== n);
if (differs >= 0 && have[differs] < need[differs]) {
  console.error(`clinic-site needs Node.js ${wanted.replace(/^>=\s*/, '')} or newer (package.json "engines"; .nvmrc names ${readFileSync(new URL('../.nvmrc', import.meta.url), 'utf8').trim()}); this machine has ${process.versions.node}. Install a newer Node.js, then run this again.`);
  process.exit(1);
}
console.log(`Node.js ${process.versions.node} meets "engines": "${wanted}"`);
