import { createContext, useContext } from 'react';

/**
 * Whether the header already shows the back arrow (it does while the client is logged in): a
 * screen's title then shows none of its own, so each screen has one back control.
 */
export const HeaderBackContext = createContext(false);

export const useHeaderHasBack = () => useContext(HeaderBackContext);
