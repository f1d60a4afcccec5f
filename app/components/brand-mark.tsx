import { SiteLink } from "~/components/site-link";
import { SITE_NAME } from "~/lib/site";

export function BrandMark({ inverse = false }: { inverse?: boolean }) {
  return (
    <SiteLink to="/" className="flex items-center gap-2 rounded-md font-bold" aria-label={`${SITE_NAME} home`}>
      <svg viewBox="0 0 32 32" width="32" height="32" aria-hidden="true" className="shrink-0">
        <rect width="32" height="32" rx="8" fill={inverse ? "#ffffff" : "#047857"} />
        <path
          d="M7 22l6-6 4 4 8-9m0 0h-5m5 0v5"
          fill="none"
          stroke={inverse ? "#047857" : "#ffffff"}
          strokeWidth="2.6"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <span className={`text-lg whitespace-nowrap ${inverse ? "text-white" : "text-slate-900"}`}>{SITE_NAME}</span>
    </SiteLink>
  );
}
