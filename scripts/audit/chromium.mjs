/**
 * One headless Chromium for the whole audit, launched the way Lighthouse's own launcher does
 * (its default flags, nothing that changes what Lighthouse measures), reachable over CDP by
 * Lighthouse (`port`) and by playwright-core (`connectOverCDP`).
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Debian's Chromium unless CHROME_PATH (Lighthouse's name) or CHROMIUM_PATH says otherwise. */
export const chromiumPath = process.env.CHROME_PATH || process.env.CHROMIUM_PATH || '/usr/bin/chromium';

/** The flags chrome-launcher (Lighthouse's launcher) passes by default, less the ones for a desktop session. */
const launcherFlags = [
  '--disable-features=Translate,OptimizationHints,MediaRouter,DialMediaRouteProvider,CalculateNativeWinOcclusion,InterestFeedContentSuggestions,CertificateTransparencyComponentUpdater,AutofillServerCommunication,PrivacySandboxSettings4',
  '--disable-extensions',
  '--disable-component-extensions-with-background-pages',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-client-side-phishing-detection',
  '--disable-sync',
  '--metrics-recording-only',
  '--disable-default-apps',
  '--mute-audio',
  '--no-default-browser-check',
  '--no-first-run',
  '--disable-backgrounding-occluded-windows',
  '--disable-renderer-backgrounding',
  '--disable-background-timer-throttling',
  '--disable-ipc-flooding-protection',
  '--password-store=basic',
  '--use-mock-keychain',
  '--force-fieldtrials=*BackgroundTracing/default/',
  '--disable-hang-monitor',
  '--disable-prompt-on-repost',
  '--disable-domain-reliability',
  '--propagate-iph-for-testing',
];

/**
 * Launches Chromium headless with `extraArgs`. Resolves to `{ port, close }` once its DevTools
 * endpoint listens; rejects with Chromium's output when it does not start within 30 s.
 */
export async function launchChromium(extraArgs = []) {
  const userDataDir = await mkdtemp(join(tmpdir(), 'clinic-audit-chromium-'));
  const args = [
    '--headless=new',
    '--remote-debugging-port=0',
    '--remote-debugging-address=127.0.0.1',
    `--user-data-dir=${userDataDir}`,
    // Root in a container: Chromium's sandbox needs namespaces it may not get.
    ...(process.getuid?.() === 0 ? ['--no-sandbox'] : []),
    '--disable-gpu',
    '--disable-dev-shm-usage',
    ...launcherFlags,
    ...extraArgs,
    'about:blank',
  ];
  const child = spawn(chromiumPath, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let output = '';
  const port = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Chromium (${chromiumPath}) did not start within 30 s:\n${output.slice(-2000)}`)), 30_000);
    child.stderr.on('data', (chunk) => {
      output = (output + chunk).slice(-20_000);
      const match = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    });
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(new Error(`Cannot start Chromium at ${chromiumPath} (set CHROME_PATH): ${error.message}`));
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`Chromium exited with code ${code} before it listened:\n${output.slice(-2000)}`));
    });
  });
  child.stderr.resume();
  return {
    port,
    close: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((done) => child.once('exit', done));
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
        await exited;
        clearTimeout(timer);
      }
      await rm(userDataDir, { recursive: true, force: true }).catch(() => undefined);
    },
  };
}
