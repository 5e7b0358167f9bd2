/** Short highlights with an icon, in a responsive grid of small cards. */
import type { ReactElement } from 'react';
import type { Highlight } from '../../src/schemas/pages.ts';
import { Icon } from './Icon.tsx';

export function HighlightGrid({ items, className, level = 3 }: { items: Highlight[]; className?: string; level?: 3 | 4 }): ReactElement {
  const Heading = level === 3 ? 'h3' : 'h4';
  return (
    <ul className={className ? `highlight-grid ${className}` : 'highlight-grid'}>
      {items.map((item) => (
        <li key={item.title} className="highlight-card">
          <span className="highlight-icon">
            <Icon name={item.icon} />
          </span>
          <Heading>{item.title}</Heading>
          {item.text ? <p>{item.text}</p> : null}
        </li>
      ))}
    </ul>
  );
}
