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
 * The clinic's number as a link, optionally raising an analytics event. `children` go before it (an icon);
 * so does `label` ("Call"), which stays on the number's line, as html-validate's `tel-non-breaking` asks.
 */
export function PhoneLink({
  phone,
  label,
  className,
  event,
  eventLabel,
  children,
}: {
  phone: string;
  label?: string;
  className?: string;
  event?: AnalyticsEvent | undefined;
  eventLabel?: string;
  children?: ReactNode;
}): ReactElement {
  return (
    <a href={telHref(phone)} className={className} {...eventAttributes(event, eventLabel)}>
      {children}
      {label ? `${unbreakable(label)}\u00a0` : null}
      {unbreakable(phone)}
    </a>
  );
}
