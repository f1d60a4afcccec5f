import { Link } from "react-router";
import { buttonClass } from "~/components/ui/button";

export function NotFound() {
  return (
    <section className="mx-auto max-w-2xl px-4 py-24 text-center">
      <p className="text-7xl font-extrabold text-brand-700">404</p>
      <h1 className="mt-4 text-3xl font-bold">Oops! Page not found</h1>
      <p className="mt-4 text-slate-600">The page you are looking for doesn't exist or has moved.</p>
      <Link to="/" className={buttonClass({ className: "mt-8" })}>
        Return to Home
      </Link>
    </section>
  );
}
