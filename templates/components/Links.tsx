/** Links that leave the site or raise analytics events, written once with the right attributes. */
import { useStrings } from './Strings.tsx';
import { createContext, useContext, type ReactElement, type ReactNode } from 'react';
import { outboundHref } from '../lib/links.ts';
import type { AnalyticsEvent, OutboundAction } from '../../src/schemas/common.ts';
import type { ExternalLinks } from '../../src/route/view.ts';
import { Icon } from './Icon.tsx';

/** Data attributes the browser script reads to push an analytics event on click. */
export function eventAttributes(event: AnalyticsEvent | undefined, fallbackLabel?: string): Record<string, string> {
  if (!event) return {};
  const attributes: Record<string, string> = { 'data-event': event.name };
  if (event.category) attributes['data-event-category'] = event.category;
  const label = event.label ?? fallbackLabel;
  if (label) attributes['data-event-label'] = label;
  return attributes;
}

/**
 * On a page in another language than English: the addresses of the outside services that are in English only (booking,
 * intake forms, patient portal, lab store), and the note their links carry ("(en inglés)"). Set once per page.
 */
export const EnglishServicesContext = createContext<{ addresses: readonly string[]; note: string } | undefined>(undefined);

/** Whether `href` leads to one of those services (its address, with or without a query such as ?service=). */
function englishService(href: string, addresses: readonly string[]): boolean {
  const bare = href.split(/[?#]/)[0];
  return addresses.some((address) => address.split(/[?#]/)[0] === bare);
}

/** A link to another site: new tab, no opener, no referrer, and said so for screen readers; "(en inglés)" where the service is. */
export function ExternalLink({
  href,
  className,
  children,
  event,
  eventLabel,
  icon = false,
  sameTabFallback = false,
}: {
  href: string;
  className?: string;
  children: ReactNode;
  event?: AnalyticsEvent | undefined;
  eventLabel?: string;
  icon?: boolean;
  /** The script opens the link itself and stays in this tab when the browser refuses a new window. */
  sameTabFallback?: boolean;
}): ReactElement {
  const services = useContext(EnglishServicesContext);
  const inEnglish = services !== undefined && englishService(href, services.addresses);
  return (
    <a
      href={href}
      className={className}
      target="_blank"
      rel="noopener noreferrer"
      {...(inEnglish ? { hrefLang: 'en' } : {})}
      {...eventAttributes(event, eventLabel)}
      {...(sameTabFallback ? { 'data-new-window': '' } : {})}
    >
      {children}
      {inEnglish ? <span className="in-english"> {services.note}</span> : null}
      <span className="visually-hidden" data-pagefind-ignore="">
        {' '}
        {useStrings().shell.newTab}
      </span>
      {icon ? <Icon name="external" size={16} className="icon-external" /> : null}
    </a>
  );
}

/** An outbound call to action from content: a styled external link to its service. */
export function ActionLink({
  action,
  links,
  className = 'button',
  eventLabel,
  sameTabFallback = false,
  children,
}: {
  action: OutboundAction;
  links: ExternalLinks;
  className?: string;
  eventLabel?: string;
  sameTabFallback?: boolean;
  /** Shown after the label, e.g. an arrow icon. */
  children?: ReactNode;
}): ReactElement {
  return (
    <ExternalLink href={outboundHref(links, action)} className={className} event={action.event} sameTabFallback={sameTabFallback} {...(eventLabel ? { eventLabel } : {})}>
      {action.label}
      {children}
    </ExternalLink>
  );
}

/** A treatment's Start Visit Now, in the home dialog and on its page: the booking page, labelled treatment_modal. */
export function StartVisitLink({ href, label }: { href: string; label: string }): ReactElement {
  return (
    <ExternalLink href={href} className="button" event={{ name: 'start_visit_clicked', category: 'conversion' }} eventLabel="treatment_modal">
      {label}
    </ExternalLink>
  );
}
