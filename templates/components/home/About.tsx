/** Home #about: the founder's portrait beside her bio and the practice's promise, then three credential highlights. */
import type { ReactElement } from 'react';
import type { Home } from '../../../src/schemas/pages.ts';
import type { Provider } from '../../../src/schemas/review.ts';
import { HighlightGrid } from '../HighlightGrid.tsx';
import { InEnglish } from '../InEnglish.tsx';
import { Picture } from '../Picture.tsx';
import { Section } from '../Section.tsx';
import { useStrings } from '../Strings.tsx';

/** The #about section; the portrait is the founder's photo in content/providers/ (an illustration until a photograph replaces it). */
/** `inEnglish`: the note after the founder's role while her file has no translation ("(en inglés)"). */
export function About(props: { about: Home['about']; founder: Provider; tagline: string; inEnglish?: string | undefined }): ReactElement {
  const { about, founder, tagline, inEnglish } = props;
  return (
    <Section id="about" heading={about.heading} className="section-about">
      <div className="about-grid">
        <figure className="founder-portrait">
          <Picture
            src={founder.photo.src}
            alt={founder.photo.alt}
            sizes="(min-width: 900px) 400px, 320px"
          />
          {/* Page text, not drawn into the picture: it is read in the page's language. */}
          {founder.illustration ? <span className="portrait-badge">{useStrings().shell.illustration}</span> : null}
          <figcaption>
            <strong>{`${founder.name}, ${founder.credentials}`}</strong>
            <span>
              <InEnglish note={inEnglish}>{founder.role}</InEnglish>
            </span>
          </figcaption>
        </figure>
        <div className="about-copy">
          <blockquote className="founder-quote">
            <p>{tagline}</p>
          </blockquote>
          {about.bio.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </div>
      </div>
      <HighlightGrid items={about.credentials} className="highlight-grid-3 credentials" />
    </Section>
  );
}
