/** A page section with a heading, used by every page for consistent rhythm. */
import type { ReactElement, ReactNode } from 'react';

export function Section({
  id,
  heading,
  intro,
  className,
  children,
  level = 2,
}: {
  id?: string;
  heading: string;
  intro?: string;
  className?: string;
  children: ReactNode;
  level?: 1 | 2;
}): ReactElement {
  const Heading = level === 1 ? 'h1' : 'h2';
  const headingId = id ? `${id}-heading` : undefined;
  return (
    <section id={id} className={className ? `section ${className}` : 'section'} aria-labelledby={headingId}>
      <div className="container">
        <header className="section-header">
          <Heading id={headingId}>{heading}</Heading>
          {intro ? <p className="section-intro">{intro}</p> : null}
        </header>
        {children}
      </div>
    </section>
  );
}
