/** Node's globals the site's load code uses, for the hosted preview (esbuild's `inject` puts them where the code names them). */
import { Buffer } from 'buffer';

/** The process, as far as the load code reads it as it starts: no environment. */
const process = { env: { NODE_ENV: 'production' } as Record<string, string | undefined>, cwd: () => '/', platform: 'browser', versions: {} };

export { Buffer, process };
