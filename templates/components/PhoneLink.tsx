/** A phone number as a `tel:` link that never breaks across lines. */
import type { ReactElement, ReactNode } from 'react';

/** `tel:` address of a phone number as people write it. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

/** The number with non-breaking spaces and hyphens, so "(555) 010-0142" stays on one line. */
export function unbreakable(phone: string): string {
  return phone.replace(/ /g, '\u00a0').replace(/-/g, '\u2011');
}

/** The clinic's number as a link; `children` go before it (an icon). */
export function PhoneLink({ phone, className, children }: { phone: string; className?: string; children?: ReactNode }): ReactElement {
  return (
    <a href={telHref(phone)} className={className}>
      {children}
      {unbreakable(phone)}
    </a>
  );
}
