import { useRouteLoaderData } from "react-router";
import { DEFAULT_BUSINESS_NAME, DEFAULT_SUPPORT_EMAIL, type PublicBusiness } from "~/lib/business";

const FALLBACK: PublicBusiness = { businessName: DEFAULT_BUSINESS_NAME, supportEmail: DEFAULT_SUPPORT_EMAIL, postalAddress: null };

/** The business as the page was rendered with (the root loader's `business`); the shipped defaults where no root data is (an error page). */
export function useBusiness(): PublicBusiness {
  return useRouteLoaderData<{ business?: PublicBusiness }>("root")?.business ?? FALLBACK;
}

/** The house style of a link in running text. */
const IN_TEXT = "font-bold text-brand-800 underline underline-offset-2";

/** The support address as a mailto link: the business's saved one (decision 069), wherever a page names it. */
export function SupportEmail({
  className = IN_TEXT,
  subject,
  children,
}: {
  className?: string;
  subject?: string;
  children?: React.ReactNode;
}) {
  const { supportEmail } = useBusiness();
  return (
    <a href={`mailto:${supportEmail}${subject ? `?subject=${encodeURIComponent(subject)}` : ""}`} className={className}>
      {children ?? supportEmail}
    </a>
  );
}
