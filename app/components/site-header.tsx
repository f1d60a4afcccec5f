import { SiteLink } from "~/components/site-link";
import { BrandMark } from "~/components/brand-mark";
import { MobileMenu } from "~/components/mobile-menu";
import { NavLinks } from "~/components/nav-links";
import { buttonClass } from "~/components/ui/button";

/** `toolkitPrice`: "$7", as the product store has it (the root loader); null when it could not be read. */
export function SiteHeader({ toolkitPrice }: { toolkitPrice: string | null }) {
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur print:static print:border-0">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4">
        <BrandMark />
        <nav aria-label="Main" className="hidden md:block print:hidden">
          <NavLinks
            listClassName="flex items-center gap-1"
            linkClassName={(isActive) =>
              `rounded-md px-3 py-2 text-sm ${isActive ? "text-brand-800 underline decoration-2 underline-offset-8" : "text-slate-700 hover:text-brand-800"}`
            }
          />
        </nav>
        <div className="flex items-center gap-2 print:hidden">
          <SiteLink to="/resources" className={buttonClass({ size: "sm", className: "whitespace-nowrap max-sm:hidden" })}>
            {toolkitPrice ? `Get ${toolkitPrice} Toolkit` : "Get the Toolkit"}
          </SiteLink>
          <MobileMenu toolkitPrice={toolkitPrice} />
        </div>
      </div>
    </header>
  );
}
