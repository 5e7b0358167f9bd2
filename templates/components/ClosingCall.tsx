/** The call to action that closes a page: heading, a line of text, and its buttons or link. */
import type { ReactElement, ReactNode } from 'react';

export function ClosingCall({ id, heading, text, children }: { id: string; heading: string; text: string; children: ReactNode }): ReactElement {
  return (
    <section className="section closing-section" aria-labelledby={`${id}-heading`} data-pagefind-ignore="">
      <div className="container">
        <div className="closing-cta">
          <h2 id={`${id}-heading`}>{heading}</h2>
          <p>{text}</p>
          <div className="closing-actions">{children}</div>
        </div>
      </div>
    </section>
  );
}
