/** A phone number as a `tel:` link that never breaks across lines. */
import type { ReactElement, ReactNode } from 'react';
import type { AnalyticsEvent } from '../../src/schemas/common.ts';
import { eventAttributes } from './Links.tsx';

/** `tel:` address of a phone number as people write it. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

/** The number with non-breaking spaces and hyphens, so "(555) 010-0142" stays on one line. */
export function unbreakable(phone: string): string {
  return phone.replace(/ /g, '\u00a0').replace(/-/g, '\u2011');
}

/**
 * The clinic's number as a link, optionally raising an analytics event. `children` go before it (an icon,
 * a word such as "Call "): they may break from the number, the number itself never breaks.
 */
export function PhoneLink({
  phone,
  className,
  event,
  eventLabel,
  children,
}: {
  phone: string;
  className?: string;
  event?: AnalyticsEvent | undefined;
  eventLabel?: string;
  children?: ReactNode;
}): ReactElement {
  return (
    <a href={telHref(phone)} className={className} {...eventAttributes(event, eventLabel)}>
      {children}
      {unbreakable(phone)}
    </a>
  );
}
