import { Link } from "react-router";
import type { Route } from "./+types/products";
import { AdminHeading, DataTable, num, rowHead, td } from "~/components/admin-ui";
import { PRODUCT_STATUS_LABELS, productPath } from "~/lib/catalogue";
import { formatCents } from "~/lib/site";
import { seo } from "~/lib/seo";
import { dashboardLoader } from "~/server/admin/dashboard-route.server";
import { productsForOwner } from "~/server/shop/product-admin.server";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, { title: "Products", description: "Every product, its price, status and waitlist.", path: "/admin/products" });

export const loader = dashboardLoader(async (_: Route.LoaderArgs) => ({ products: await productsForOwner() }));

export default function Products({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <AdminHeading title="Products" />
      <p className="mt-2 max-w-3xl text-slate-700">
        What the shop sells. A product on sale has a page and a checkout; one coming soon has a page that takes addresses for one e-mail
        when it opens; a retired one is no longer sold, and its buyers keep their files; a draft is seen by nobody. A change shows on the
        site within a second.
      </p>
      <DataTable
        label="Products"
        columns={[
          "Product",
          "Status",
          { label: "Price", numeric: true },
          { label: "Waiting", numeric: true },
          { label: "Sold", numeric: true },
          "Page",
        ]}
      >
        {loaderData.products.map((p) => (
          <tr key={p.id}>
            <th scope="row" className={rowHead}>
              <Link to={`/admin/products/${p.id}`} className="font-bold text-brand-800 underline underline-offset-2">
                {p.name}
              </Link>
            </th>
            <td className={td}>{PRODUCT_STATUS_LABELS[p.status]}</td>
            <td className={num}>{formatCents(p.priceCents)}</td>
            <td className={num}>{p.waiting}</td>
            <td className={num}>{p.sold}</td>
            <td className={td}>
              {p.status === "draft" ? (
                <span className="text-slate-700">none (draft)</span>
              ) : (
                <a href={productPath(p.slug)} className="text-brand-800 underline underline-offset-2">
                  {productPath(p.slug)}
                </a>
              )}
            </td>
          </tr>
        ))}
      </DataTable>
    </>
  );
}
