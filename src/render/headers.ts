/** The `_headers` file static hosts read (Netlify, Cloudflare Pages): caching and security headers. */
import type { Site } from '../schemas/site.ts';

const origin = (url: string) => new URL(url).origin;

/**
 * The Content-Security-Policy: only what the site uses; analytics and the intake widget only when
 * configured. 'wasm-unsafe-eval' lets the search compile Pagefind's WebAssembly (never eval()).
 */
export function contentSecurityPolicy(site: Site): string {
  const analytics = site.analytics.measurementId ? ['https://www.googletagmanager.com', 'https://*.google-analytics.com'] : [];
  const widget = site.intakeWidget ? [origin(site.intakeWidget.scriptUrl)] : [];
  const sources = (...list: string[]) => [...new Set(list)].join(' ');
  return [
    "default-src 'self'",
    `script-src ${sources("'self'", "'wasm-unsafe-eval'", ...analytics, ...widget)}`,
    "style-src 'self'",
    `img-src ${sources("'self'", 'data:', ...analytics)}`,
    "font-src 'self'",
    `connect-src ${sources("'self'", ...analytics, ...widget)}`,
    `frame-src ${origin(site.map.embedUrl)}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    'upgrade-insecure-requests',
  ].join('; ');
}

/**
 * The text of `_headers`: security headers everywhere and immutable hashed assets. HTML gets no
 * Cache-Control of ours: hosts revalidate it by default, and hosts that join the headers of every
 * matching rule would otherwise send the assets two contradictory values.
 */
export function headersFile(site: Site): string {
  return `/*
  Content-Security-Policy: ${contentSecurityPolicy(site)}
  X-Content-Type-Options: nosniff
  Referrer-Policy: strict-origin-when-cross-origin
  Permissions-Policy: camera=(), microphone=(), geolocation=(), payment=(), usb=()
  X-Frame-Options: DENY
  Strict-Transport-Security: max-age=31536000

/assets/*
  Cache-Control: public, max-age=31536000, immutable
`;
}
