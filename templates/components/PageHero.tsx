/** The opening band of an inner page: eyebrow or badge, title, tag line, intro, actions and an optional image. */
import type { ReactElement, ReactNode } from 'react';
import type { Image } from '../../src/schemas/common.ts';
import { Picture } from './Picture.tsx';

export function PageHero({
  eyebrow,
  title,
  tagline,
  intro,
  image,
  actions,
  aside,
  children,
  className,
}: {
  /** A short line over the title (a program name, a badge). */
  eyebrow?: ReactNode;
  title: string;
  tagline?: string;
  /** The lead paragraph; a page whose body opens with its own introduction leaves it out. */
  intro?: string;
  image?: Image | undefined;
  actions?: ReactNode;
  /** What stands beside the copy on wide screens when there is no image (a page outline, key points). */
  aside?: ReactNode;
  /** Extra content under the intro (highlights). */
  children?: ReactNode;
  className?: string;
}): ReactElement {
  const classes = ['page-hero', image || aside ? 'page-hero-media' : '', className ?? ''].filter(Boolean).join(' ');
  return (
    <section className={classes} aria-labelledby="page-title">
      <div className="container page-hero-grid">
        <div className="page-hero-copy">
          {eyebrow}
          <h1 id="page-title">{title}</h1>
          {tagline ? <p className="page-hero-tagline">{tagline}</p> : null}
          {intro ? <p className="lead">{intro}</p> : null}
          {/* Buttons are no text to search: a result's excerpt would show "Start Visit Now (opens in a new tab)". */}
          {actions ? (
            <div className="page-hero-actions" data-pagefind-ignore="">
              {actions}
            </div>
          ) : null}
          {children}
        </div>
        {image ? (
          <div className="page-hero-image">
            <Picture src={image.src} alt={image.alt} priority sizes="(min-width: 1024px) 500px, 100vw" />
          </div>
        ) : (
          aside ?? null
        )}
      </div>
    </section>
  );
}
