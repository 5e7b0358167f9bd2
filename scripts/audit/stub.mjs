/**
 * A local stand-in for the third-party origins the site uses (the map iframe, the intake widget):
 * the audit machines have no internet, so Chromium resolves those hosts to this HTTPS server
 * (`--host-resolver-rules`, with `--ignore-certificate-errors` for its self-signed certificate),
 * which answers an empty page or an empty script and records every request.
 */
import { createServer } from 'node:https';
import { generateKeyPairSync, sign } from 'node:crypto';

/** DER encoding of one ASN.1 value: tag, length, content. */
function der(tag, ...parts) {
  const content = Buffer.concat(parts);
  const n = content.length;
  const length = n < 0x80 ? Buffer.from([n]) : (() => {
    const bytes = [];
    for (let rest = n; rest > 0; rest >>= 8) bytes.unshift(rest & 0xff);
    return Buffer.from([0x80 | bytes.length, ...bytes]);
  })();
  return Buffer.concat([Buffer.from([tag]), length, content]);
}
const sequence = (...parts) => der(0x30, ...parts);
const integer = (bytes) => der(0x02, bytes[0] & 0x80 ? Buffer.concat([Buffer.from([0]), bytes]) : bytes);
const utcTime = (date) => der(0x17, Buffer.from(`${date.toISOString().replace(/[-:T]/g, '').slice(2, 14)}Z`));
function objectId(dotted) {
  const [a, b, ...rest] = dotted.split('.').map(Number);
  const bytes = [40 * a + b];
  for (const value of rest) {
    const chunk = [value & 0x7f];
    for (let v = value >> 7; v > 0; v >>= 7) chunk.unshift((v & 0x7f) | 0x80);
    bytes.push(...chunk);
  }
  return der(0x06, Buffer.from(bytes));
}

/** A throwaway self-signed certificate (ECDSA P-256) made with node:crypto alone: `{ key, cert }` in PEM. */
export function selfSignedCertificate(commonName = 'audit-third-party-stub') {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const ecdsaWithSha256 = sequence(objectId('1.2.840.10045.4.3.2'));
  const name = sequence(der(0x31, sequence(objectId('2.5.4.3'), der(0x0c, Buffer.from(commonName)))));
  const now = Date.now();
  const tbs = sequence(
    der(0xa0, integer(Buffer.from([2]))),
    integer(Buffer.from([1, ...Array.from({ length: 8 }, () => Math.floor(Math.random() * 256))])),
    ecdsaWithSha256,
    name,
    sequence(utcTime(new Date(now - 86_400_000)), utcTime(new Date(now + 7 * 86_400_000))),
    name,
    publicKey.export({ type: 'spki', format: 'der' }),
  );
  const signature = sign('sha256', tbs, privateKey);
  const certificate = sequence(tbs, ecdsaWithSha256, der(0x03, Buffer.from([0]), signature));
  const pem = (label, data) => `-----BEGIN ${label}-----\n${data.toString('base64').replace(/(.{64})/g, '$1\n').trim()}\n-----END ${label}-----\n`;
  return { key: privateKey.export({ type: 'pkcs8', format: 'pem' }), cert: pem('CERTIFICATE', certificate) };
}

/**
 * Starts the stand-in on 127.0.0.1. Resolves to `{ port, requests, resolverRules(hosts), close }`;
 * `requests` lists `{ host, path }` of everything it answered.
 */
export async function startThirdPartyStub() {
  const requests = [];
  const server = createServer(selfSignedCertificate(), (request, response) => {
    const host = String(request.headers.host ?? '').replace(/:\d+$/, '');
    const path = request.url ?? '/';
    requests.push({ host, path });
    const isScript = /\.m?js(\?|$)/.test(path);
    response.writeHead(200, {
      'content-type': isScript ? 'text/javascript; charset=utf-8' : 'text/html; charset=utf-8',
      'cache-control': 'public, max-age=31536000, immutable',
      'access-control-allow-origin': '*',
    });
    response.end(isScript ? '/* third-party stand-in */\n' : '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Stand-in</title></head><body></body></html>\n');
  });
  await new Promise((done, fail) => {
    server.once('error', fail);
    server.listen(0, '127.0.0.1', done);
  });
  const { port } = server.address();
  return {
    port,
    requests,
    /** The value of Chromium's --host-resolver-rules sending these hosts here. */
    resolverRules: (hosts) => hosts.map((host) => `MAP ${host} 127.0.0.1:${port}`).join(', '),
    close: () =>
      new Promise((done) => {
        server.close(() => done());
        server.closeAllConnections();
      }),
  };
}
