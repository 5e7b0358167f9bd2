/** A phone number as a `tel:` link that never breaks across lines. */
import { Fragment, type ReactElement, type ReactNode } from 'react';
import type { AnalyticsEvent } from '../../src/schemas/common.ts';
import { eventAttributes } from './Links.tsx';

/** A phone number split into the number and its extension ("(555) 010-0100 ext. 12" -> "(555) 010-0100", "12"). */
export function splitPhone(phone: string): { number: string; extension: string | undefined } {
  const match = /^(.*?)\s*(?:ext(?:ension)?\.?|x)\s*:?\s*(\d+)$/i.exec(phone.trim());
  return match ? { number: match[1]!, extension: match[2] } : { number: phone, extension: undefined };
}

/**
 * `tel:` address of a phone number as people write it. An extension follows a comma, a pause after which the
 * phone dials it by itself (iOS and Android): RFC 3966's ";ext=12" is dialled by Android as the tones "39612",
 * and iOS shows it only as an unlabelled "Dial ext=…" during the call.
 */
export function telHref(phone: string): string {
  const { number, extension } = splitPhone(phone);
  return `tel:${number.replace(/[^\d+]/g, '')}${extension ? `,${extension}` : ''}`;
}

/** Text with non-breaking spaces and hyphens, so "(555) 010-0142" stays on one line. */
export function unbreakable(text: string): string {
  return text.replace(/ /g, '\u00a0').replace(/-/g, '\u2011');
}

/** A phone number as shown, on one line; an extension however written ("x12", "ext: 12") is shown "ext. 12". */
export function shownPhone(phone: string): string {
  const { number, extension } = splitPhone(phone);
  return unbreakable(extension ? `${number} ext. ${extension}` : number);
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
      {shownPhone(phone)}
    </a>
  );
}

/** `text` with each {phone} as a link that dials the clinic; isolated, so digits keep their order inside right-to-left text. */
export function WithPhone({ text, phone }: { text: string; phone: string }): ReactElement {
  return (
    <>
      {text.split('{phone}').map((part, i) => (
        <Fragment key={i}>
          {i > 0 ? (
            <bdi dir="ltr">
              <PhoneLink phone={phone} />
            </bdi>
          ) : null}
          {part}
        </Fragment>
      ))}
    </>
  );
}
