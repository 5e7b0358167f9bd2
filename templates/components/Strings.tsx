/** The words of the templates in the page's language (content/strings.yaml), for components deep in the page. */
import { createContext, useContext } from 'react';
import type { Strings } from '../../src/schemas/strings.ts';

/** Set once per page by the template entry. */
export const StringsContext = createContext<Strings | undefined>(undefined);

/** The page's strings; a component rendered outside a page is a fault of the templates. */
export function useStrings(): Strings {
  const strings = useContext(StringsContext);
  if (!strings) throw new Error('a component that shows interface strings was rendered outside StringsContext');
  return strings;
}
