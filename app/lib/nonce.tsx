import { createContext, useContext } from "react";

/** The per-request CSP nonce; undefined in the browser and while prerendering. */
const NonceContext = createContext<string | undefined>(undefined);
export const NonceProvider = NonceContext.Provider;
export const useNonce = () => useContext(NonceContext);
