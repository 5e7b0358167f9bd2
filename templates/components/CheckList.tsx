/** A list of short texts, each marked with a check. */
import type { ReactElement } from 'react';
import { Icon } from './Icon.tsx';

export function CheckList({ items, className }: { items: string[]; className?: string }): ReactElement {
  return (
    <ul className={className ? `check-list ${className}` : 'check-list'}>
      {items.map((item) => (
        <li key={item}>
          <Icon name="check" size={18} />
          <span>{item}</span>
        </li>
      ))}
    </ul>
  );
}
