import { SiteLink } from "~/components/site-link";
import { buttonClass } from "~/components/ui/button";

/** The 404 page, or with `gone` the 410 of an article the owner took off the site. */
export function NotFound({ gone = false }: { gone?: boolean }) {
  return (
    <section className="mx-auto max-w-2xl px-4 py-20 text-center md:py-24">
      <p className="text-7xl font-bold text-brand-700">{gone ? 410 : 404}</p>
      <h1 className="mt-4 text-3xl font-bold">{gone ? "This article is no longer available" : "Oops! Page not found"}</h1>
      <p className="mt-4 text-slate-600">
        {gone
          ? "We have taken this article down. Our other articles are still here."
          : "The page you are looking for doesn't exist or has moved."}
      </p>
      <SiteLink to="/" className={buttonClass({ className: "mt-8" })}>
        Return to Home
      </SiteLink>
      <p className="mt-8 text-slate-600">
        Or try the{" "}
        <SiteLink to="/blog" className="font-bold text-brand-800 underline underline-offset-2 hover:text-brand-900">
          blog
        </SiteLink>{" "}
        or our{" "}
        <SiteLink to="/resources" className="font-bold text-brand-800 underline underline-offset-2 hover:text-brand-900">
          free tools and resources
        </SiteLink>
        .
      </p>
    </section>
  );
}
