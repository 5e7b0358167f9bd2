/** A dialog box: a head with the title and a close control, scrolling content, and a foot for actions. */
import type { ReactElement, ReactNode } from 'react';
import { Icon } from './Icon.tsx';

/**
 * A `<dialog>` the script opens as a modal (see templates/client/dialogs.ts). Without JavaScript it never
 * shows: whatever opens it is a link to a page with the same content.
 */
export function Modal({
  id,
  titleId,
  className,
  closeLabel,
  head,
  foot,
  children,
}: {
  id: string;
  /** The id of the heading inside `head` that names the dialog. */
  titleId: string;
  className: string;
  closeLabel: string;
  head: ReactNode;
  foot?: ReactNode;
  children: ReactNode;
}): ReactElement {
  return (
    // A dialog's text is never a search result's: search leaves it out (the home page's treatment dialog is inside <main>).
    <dialog id={id} className={`modal ${className}`} aria-labelledby={titleId} data-pagefind-ignore="">
      <div className="modal-head">
        <div className="modal-title">{head}</div>
        <button type="button" className="icon-button modal-close" aria-label={closeLabel} data-close="">
          <Icon name="close" />
        </button>
      </div>
      <div className="modal-content">{children}</div>
      {foot ? <div className="modal-foot">{foot}</div> : null}
    </dialog>
  );
}
