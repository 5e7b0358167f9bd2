/**
 * The host names the dev server answers to: a page of another site can make a browser send requests to the server
 * under its own name (DNS rebinding), so a request addressed to any other name is refused before anything is read.
 */
import type { IncomingMessage } from 'node:http';
import { networkInterfaces } from 'node:os';

/** The answer to a request addressed to another host name: one plain line. */
export const otherHostLine = 'This server answers only at its own addresses (localhost, 127.0.0.1, [::1]).\n';

/** This computer's IPv4 addresses on its networks (for `--host` alone: open the preview on a phone). */
export function networkAddresses(): string[] {
  return Object.values(networkInterfaces())
    .flat()
    .filter((i) => i !== undefined && i.family === 'IPv4' && !i.internal)
    .map((i) => i!.address);
}

/** This computer's addresses on its networks as a Host header names them (IPv6 in brackets). */
function interfaceHosts(): string[] {
  return Object.values(networkInterfaces())
    .flat()
    .filter((i) => i !== undefined)
    .map((i) => (i!.family === 'IPv6' ? `[${i!.address}]` : i!.address).toLowerCase());
}

/**
 * Whether a request is addressed to one of the server's own names: localhost, 127.0.0.1 or [::1] on any port, the
 * address it was told to listen on, and, listening on every interface (`--host` alone), this computer's addresses.
 */
export function hostCheck(listening: string): (request: IncomingMessage) => boolean {
  const everywhere = listening === '0.0.0.0' || listening === '::';
  const own = new Set(['localhost', '127.0.0.1', '[::1]']);
  if (!everywhere) own.add((listening.includes(':') ? `[${listening}]` : listening).toLowerCase());
  let interfaces = new Set(everywhere ? interfaceHosts() : []);
  return (request) => {
    const name = hostName(request.headers.host);
    if (name === undefined) return false;
    if (own.has(name) || interfaces.has(name)) return true;
    // An address the computer got since the server started (a network joined): looked up again on a miss only.
    if (everywhere) interfaces = new Set(interfaceHosts());
    return interfaces.has(name);
  };
}

/** The host name of a Host header without its port (`[::1]` keeps its brackets), lower case; undefined when malformed. */
export function hostName(header: string | undefined): string | undefined {
  const match = /^(\[[0-9a-fA-F:.]+\]|[^\s:[\]/@]+)(?::\d{1,5})?$/.exec(header ?? '');
  return match?.[1]!.toLowerCase();
}
