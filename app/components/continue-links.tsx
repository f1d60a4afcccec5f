import type { ReactNode } from "react";
import { Link } from "react-router";
import { buttonClass } from "~/components/ui/button";

/** The end of a purchase or order page: where to go next (any first choice, then resources and home). */
export function ContinueLinks({ first, resourcesFirst = false }: { first?: ReactNode; resourcesFirst?: boolean }) {
  return (
    <div className="mt-10 flex flex-wrap justify-center gap-4">
      {first}
      <Link to="/resources" className={buttonClass({ variant: resourcesFirst ? "primary" : "outline" })}>
        View All Resources
      </Link>
      <Link to="/" className={buttonClass({ variant: "outline" })}>
        Return Home
      </Link>
    </div>
  );
}
