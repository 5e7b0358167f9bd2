/** The 988 Suicide & Crisis Lifeline, on mental-health pages near the top and again at the close: call or text, as links. */
import type { ReactElement } from 'react';
import type { Site } from '../../src/schemas/site.ts';
import { DialText } from './DialText.tsx';
import { Icon } from './Icon.tsx';
import { unbreakable } from './PhoneLink.tsx';

export function CrisisLine({ crisis, placement }: { crisis: Site['crisisLine']; placement: 'top' | 'close' }): ReactElement {
  return (
    <div className={`crisis-line crisis-line-${placement}`} role="note" data-crisis-line={placement} data-pagefind-ignore="">
      <div className="container crisis-line-inner">
        <span className="crisis-line-icon" aria-hidden="true">
          <Icon name="heart" />
        </span>
        <div className="crisis-line-copy">
          <p className="crisis-line-heading">{crisis.heading}</p>
          <p>
            <DialText text={crisis.text} />
          </p>
        </div>
        <p className="crisis-line-actions">
          <a className="button" href={`tel:${crisis.number}`}>
            {unbreakable(crisis.callLabel)}
          </a>
          <a className="button button-ghost" href={smsHref(crisis.number, crisis.textMessage)}>
            {unbreakable(crisis.textLabel)}
          </a>
        </p>
      </div>
    </div>
  );
}

/**
 * The text button's address: RFC 5724's `sms:988?body=AYUDA`, which Android and current iOS read (iOS 7's `sms:988&body=` form is
 * not a URI and other phones would text a number with "&body=" in it); a phone that drops the body still opens a message to 988,
 * and the sentence beside it says which word to send.
 */
export function smsHref(number: string, message: string): string {
  return message === '' ? `sms:${number}` : `sms:${number}?body=${encodeURIComponent(message)}`;
}
