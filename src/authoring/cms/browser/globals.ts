/** Node's globals the site's load code uses, for the hosted preview (esbuild's `inject` puts them where the code names them). */
import { Buffer } from 'buffer';

/** The process, as far as the load code reads it as it starts: no environment. */
const env: Record<string, string | undefined> = { NODE_ENV: 'production' };
const process = { env, cwd: () => '/', platform: 'browser', versions: {} };

export { Buffer, process };
