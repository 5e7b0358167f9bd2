/** A page section with a heading, used by every page for consistent rhythm. */
import type { ReactElement, ReactNode } from 'react';

/** A `<section>` with an id, labelled by its heading (`ID-heading`). */
export function Section({
  id,
  heading,
  eyebrow,
  intro,
  className,
  children,
}: {
  id: string;
  heading: string;
  eyebrow?: string | undefined;
  intro?: string | undefined;
  className?: string;
  children: ReactNode;
}): ReactElement {
  const headingId = `${id}-heading`;
  return (
    <section id={id} className={className ? `section ${className}` : 'section'} aria-labelledby={headingId}>
      <div className="container">
        <header className="section-header">
          {eyebrow ? <p className="eyebrow">{eyebrow}</p> : null}
          <h2 id={headingId}>{heading}</h2>
          {intro ? <p className="section-intro">{intro}</p> : null}
        </header>
        {children}
      </div>
    </section>
  );
}
