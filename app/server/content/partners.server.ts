import { type PartnerId, PARTNERS } from "~/lib/partners";
import { env } from "../env.server";

/** The owner's link for a partner offer (validated at start-up: see env.server.ts). */
export function partnerUrl(id: PartnerId): string {
  return env()[PARTNERS[id].envVar];
}
