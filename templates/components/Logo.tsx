/** The clinic's mark: a leaf inside a speech bubble (being heard), drawn in the brand colours. */
import type { ReactElement } from 'react';

export function Logo({ size = 40 }: { size?: number }): ReactElement {
  return (
    <svg className="logo-mark" width={size} height={size} viewBox="0 0 40 40" aria-hidden="true" focusable="false">
      <path d="M20 3C10.6 3 3 9.9 3 18.5c0 4.6 2.2 8.8 5.8 11.6L7 37l8.1-3.9c1.6.4 3.2.6 4.9.6 9.4 0 17-6.9 17-15.5S29.4 3 20 3z" fill="#0f3d4c" />
      <path d="M13 24c0-7 4.5-11.5 14-12-.4 9.4-5 14-12 14" fill="none" stroke="#5eead4" strokeWidth="2.5" strokeLinecap="round" />
      <path d="M13 26l7.5-7.5" stroke="#5eead4" strokeWidth="2.5" strokeLinecap="round" />
    </svg>
  );
}
