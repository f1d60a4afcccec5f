/**
 * What the Dispute Letter Power Pack holds, as the checkout's add-on card lists it under its count
 * (the catalogue's label, counted from app/lib/letters.ts: "16 letter templates (11 for disputes)"). The letters and
 * which of them the toolkit's letters don't cover: products/src/letters/power-pack-map.ts
 * (tests/products/power-pack.test.ts checks these lines against it). Apart from the catalogue so
 * that pages without the add-on card (the blog, the articles) don't carry the text.
 */
export const POWER_PACK_FEATURES = [
  "Every letter a fill-in template in Word and PDF, with a one-page map to the guide's chapters",
  "8 for situations the toolkit's 5 letters don't cover: a hard inquiry you didn't authorize, a bureau that misses its deadline, a deleted item put back without notice, debt validation, a goodwill request, an identity theft block, a statement of dispute and stopping contact from a debt collector",
  "8 fuller versions of the toolkit's letters for specific errors, such as a wrong balance, a duplicate account or a mixed file",
] as const;
