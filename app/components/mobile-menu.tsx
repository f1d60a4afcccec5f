import { Menu, X } from "lucide-react";
import { SiteLink } from "~/components/site-link";
import { NavLinks } from "~/components/nav-links";
import { buttonClass } from "~/components/ui/button";

const MENU_ID = "side-menu";

/**
 * The small-screen side menu: a native modal <dialog>, which makes the page behind it inert
 * (focus stays inside), closes on Escape and returns focus to the menu button when it closes.
 * Markup only: the page script (app/browser/page-script.ts) opens and closes it, so it works the
 * same on pages with and without React in the browser (docs/decisions/010, 019).
 */
export function MobileMenu({ toolkitPrice }: { toolkitPrice: string | null }) {
  return (
    <>
      <button
        type="button"
        className="rounded-md p-2 text-slate-800 hover:bg-slate-100 md:hidden"
        aria-label="Open menu"
        aria-haspopup="dialog"
        aria-controls={MENU_ID}
        data-menu-open=""
      >
        <Menu aria-hidden="true" className="size-6" />
      </button>
      <dialog id={MENU_ID} aria-label="Menu" className="side-menu bg-white p-0 shadow-xl md:hidden">
        <div className="flex h-full flex-col p-5">
          <div className="flex items-center justify-between">
            <span className="text-lg font-bold">Menu</span>
            <button type="button" className="rounded-md p-2 text-slate-800 hover:bg-slate-100" aria-label="Close menu" data-menu-close="">
              <X aria-hidden="true" className="size-6" />
            </button>
          </div>
          <nav aria-label="Mobile" className="mt-6">
            <NavLinks
              listClassName="space-y-1"
              linkClassName={(isActive) =>
                `block rounded-md px-3 py-3 text-base ${isActive ? "bg-brand-50 text-brand-800" : "text-slate-800 hover:bg-slate-100"}`
              }
            />
          </nav>
          <SiteLink to="/resources" className={buttonClass({ className: "mt-6 w-full" })}>
            {toolkitPrice ? `Get ${toolkitPrice} Toolkit` : "Get the Toolkit"}
          </SiteLink>
        </div>
      </dialog>
    </>
  );
}
