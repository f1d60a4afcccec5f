import type { ReactNode } from "react";
import { SiteLink } from "~/components/site-link";
import { buttonClass } from "~/components/ui/button";

/** The end of a purchase or order page: where to go next (any first choice, then resources and home). */
export function ContinueLinks({ first, resourcesFirst = false }: { first?: ReactNode; resourcesFirst?: boolean }) {
  return (
    <div className="mt-10 flex flex-wrap justify-center gap-4">
      {first}
      <SiteLink to="/resources" className={buttonClass({ variant: resourcesFirst ? "primary" : "outline" })}>
        View All Resources
      </SiteLink>
      <SiteLink to="/" className={buttonClass({ variant: "outline" })}>
        Return Home
      </SiteLink>
    </div>
  );
}
