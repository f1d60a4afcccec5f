import { data } from "react-router";
import type { Route } from "./+types/not-found";
import { NotFound } from "~/components/not-found";
import { seo } from "~/lib/seo";
import { warnNotFound } from "~/server/document/not-found.server";

export function loader({ request }: Route.LoaderArgs) {
  warnNotFound(request);
  return data(null, { status: 404 });
}

export const meta: Route.MetaFunction = ({ matches, location }) =>
  seo(matches, { title: "Page not found", description: "This page could not be found.", path: location.pathname, noindex: true });

export default function NotFoundRoute() {
  return <NotFound />;
}
