/** An image from public/ with its intrinsic size (no layout shift), lazy unless it is above the fold. */
import type { ReactElement } from 'react';

export function Picture({
  src,
  alt,
  width,
  height,
  priority = false,
  className,
  sizes,
}: {
  src: string;
  alt: string;
  width: number;
  height: number;
  /** Above the fold: load eagerly with high priority (the LCP image). */
  priority?: boolean;
  className?: string;
  sizes?: string;
}): ReactElement {
  return (
    <img
      src={src}
      alt={alt}
      width={width}
      height={height}
      className={className}
      sizes={sizes}
      loading={priority ? 'eager' : 'lazy'}
      decoding={priority ? 'sync' : 'async'}
      fetchPriority={priority ? 'high' : undefined}
    />
  );
}
