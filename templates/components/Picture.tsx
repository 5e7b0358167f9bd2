/** An image from public/ with its intrinsic size (no layout shift), AVIF/WebP variants, lazy unless above the fold. */
import { createContext, useContext, type ReactElement } from 'react';
import type { ImageInfo } from '../../src/bundle/images.ts';

/** The variants the build made for each image under public/images/, by path. */
export const ImagesContext = createContext<Record<string, ImageInfo>>({});

export function Picture({
  src,
  alt,
  width,
  height,
  priority = false,
  className,
  sizes = '100vw',
}: {
  src: string;
  alt: string;
  /** Defaults to the image's own size. */
  width?: number;
  height?: number;
  /** Above the fold: load eagerly with high priority (the LCP image). */
  priority?: boolean;
  className?: string;
  sizes?: string;
}): ReactElement {
  const info = useContext(ImagesContext)[src];
  const img = (
    <img
      src={src}
      alt={alt}
      width={width ?? info?.width}
      height={height ?? info?.height}
      className={className}
      loading={priority ? 'eager' : 'lazy'}
      decoding="async"
      fetchPriority={priority ? 'high' : undefined}
    />
  );
  if (!info) return img;
  return (
    <picture>
      {info.sources.map((source) => (
        <source key={source.type} type={source.type} srcSet={source.srcset} sizes={sizes} />
      ))}
      {img}
    </picture>
  );
}
