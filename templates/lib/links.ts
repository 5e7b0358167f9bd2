/** Resolving the symbolic external links of content into addresses (pure). */
import type { OutboundAction } from '../../src/schemas/common.ts';
import type { ExternalLinks } from '../../src/route/view.ts';

/** The address an outbound action opens: the named service, with `?service=ID` for the booking page. */
export function outboundHref(links: ExternalLinks, action: Pick<OutboundAction, 'link' | 'service'>): string {
  const base = links[action.link];
  if (!action.service) return base;
  const url = new URL(base);
  url.searchParams.set('service', action.service);
  return url.href;
}
