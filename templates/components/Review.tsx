/** A medical page's review byline ("Medically reviewed by … · Updated …") and its references. */
import type { ReactElement } from 'react';
import type { SourceEntry } from '../../src/schemas/review.ts';
import type { ReviewView } from '../../src/route/view.ts';
import { Icon } from './Icon.tsx';
import { ExternalLink } from './Links.tsx';
import { useStrings } from './Strings.tsx';

/** Shown only for a review that was recorded; a page never reviewed says nothing (build warns instead). */
export function ReviewByline({ review }: { review: ReviewView | undefined }): ReactElement | null {
  const { review: words } = useStrings();
  if (!review) return null;
  return (
    <p className="review-byline">
      <span className="nowrap">
        <Icon name="shield" size={18} />
        {words.medically}
      </span>{' '}
      {words.reviewedBy}{' '}
      <strong>{`${review.reviewer.name}, ${review.reviewer.credentials}`}</strong>
      {'\u00a0'}
      <span aria-hidden="true">·</span>{' '}
      <span className="nowrap">
        {words.updated} <time dateTime={review.reviewedOn}>{review.date}</time>
      </span>
    </p>
  );
}

/** The documents a page is based on, as a numbered list; nothing when it cites none. */
export function References({ sources }: { sources: SourceEntry[] | undefined }): ReactElement | null {
  const { review: words } = useStrings();
  if (!sources || sources.length === 0) return null;
  return (
    <section className="references" aria-labelledby="references-heading">
      <h2 id="references-heading">{words.references}</h2>
      <ol>
        {sources.map((source) => (
          <li key={source.url}>
            <ExternalLink href={source.url}>{source.title}</ExternalLink>. {source.publisher}, {source.year}.
          </li>
        ))}
      </ol>
    </section>
  );
}
