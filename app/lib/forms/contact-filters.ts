/**
 * The one list's filters (/admin/contacts): what the owner can ask of the audience, read from the
 * page's address by one schema, and named the same way wherever a figure links to the list (the
 * overview's counts are these filters' counts). The conditions themselves are in
 * app/server/audience/audience.server.ts (`contactFilterWhere`), beside the broadcasts' audiences.
 */
import { z } from "zod";
import { isTag } from "~/lib/tags";

const yesNo = z.enum(["yes", "no"]);

export const CONTACT_FILTER_OPTIONS = {
  purpose: { newsletter: "Newsletter (confirmed or imported)", guide_followups: "Guide follow-ups", buyer: "Buyer" },
  source: { guide: "Asked for the free guide", newsletter: "Signed up for the newsletter", import: "Imported", purchase: "Bought" },
  proved: { yes: "Proved", no: "Not proved" },
  suppressed: { yes: "Suppressed", no: "Not suppressed" },
  bought: { yes: "Bought", no: "Has not bought" },
} as const;

export const FILTER_LABELS: Record<keyof typeof CONTACT_FILTER_OPTIONS | "tag", string> = {
  purpose: "Current consent",
  source: "Came from",
  proved: "Address proved",
  suppressed: "Suppression",
  bought: "Bought",
  tag: "Tag",
};

export const ContactFiltersSchema = z.strictObject({
  /** A current (not withdrawn) consent for this purpose; "newsletter" is exactly a broadcast's newsletter audience. */
  purpose: z.enum(["newsletter", "guide_followups", "buyer"]).optional(),
  /** Tagged so (app/lib/tags.ts): a tag's stored spelling. */
  tag: z.string().refine(isTag).optional(),
  /** How the contact reached the list, whatever they hold now. */
  source: z.enum(["guide", "newsletter", "import", "purchase"]).optional(),
  proved: yesNo.optional(),
  suppressed: yesNo.optional(),
  bought: yesNo.optional(),
  /** Added within this many days (the overview's windows). */
  added: z.enum(["7", "30", "90"]).optional(),
});
export type ContactFilters = z.infer<typeof ContactFiltersSchema>;

export const FILTER_KEYS = Object.keys(ContactFiltersSchema.shape) as (keyof ContactFilters)[];

/**
 * The filters in a list address (?purpose=newsletter&proved=yes), empty values ignored. Anything
 * else is refused whole, with a message naming it, and the list shows everyone.
 */
export function filtersFrom(params: URLSearchParams): { filters: ContactFilters; refused?: string } {
  const given = Object.fromEntries(FILTER_KEYS.flatMap((key) => (params.get(key) ? [[key, params.get(key)]] : [])));
  const parsed = ContactFiltersSchema.safeParse(given);
  if (parsed.success) return { filters: parsed.data };
  const bad = parsed.error.issues[0]?.path[0];
  return {
    filters: {},
    refused: `The filter “${String(bad)}=${String(given[bad as string] ?? "").slice(0, 40)}” is not one this list knows, so it shows everyone.`,
  };
}

/** The list's address for these filters (for the overview's links and the pager). */
export function contactsHref(filters: ContactFilters): string {
  const query = new URLSearchParams();
  for (const key of FILTER_KEYS) if (filters[key]) query.set(key, filters[key]);
  return query.size > 0 ? `/admin/contacts?${query}` : "/admin/contacts";
}
