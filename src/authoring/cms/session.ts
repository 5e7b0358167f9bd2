/**
 * The dev server's secret for one run, as the editor's page holds it and sends it: the header that carries it, and the
 * wrapper of `fetch` (run in the browser) that adds it to the editor's own calls (Decap's backend makes its requests itself).
 */

/** The header the editor's requests carry the secret in (a custom header: a page of another site cannot send it unasked). */
export const secretHeader = 'X-Clinic-Site-Editor';

/** Adds the secret to every request of this page to one of `paths` of its own origin (the backend, the preview). */
export function sendSecret(secret: string, paths: string[]): void {
  const send = window.fetch.bind(window);
  window.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input), window.location.href);
    if (url.origin !== window.location.origin || !paths.includes(url.pathname)) return send(input, init);
    const headers = new Headers(init?.headers ?? (input instanceof Request ? input.headers : undefined));
    headers.set(secretHeader, secret);
    return send(input, { ...init, headers });
  };
}
