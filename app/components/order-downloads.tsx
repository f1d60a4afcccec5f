import { Download, FileSpreadsheet, FileText, Mail } from "lucide-react";
import { SUPPORT_EMAIL } from "~/lib/site";
import { FORMAT_LABELS, formatBytes, type FileView, type ProductView } from "~/lib/order-files";

const ICONS = { pdf: FileText, docx: FileText, xlsx: FileSpreadsheet } as const;

function FileRow({ file, href }: { file: FileView; href: string }) {
  const Icon = ICONS[file.format];
  return (
    <li id={`file-${file.id}`} className="flex flex-wrap items-center gap-3 py-3">
      <Icon aria-hidden="true" className="size-6 shrink-0 text-brand-700" />
      <div className="min-w-0 flex-1">
        <p className="font-medium text-slate-900">{file.title}</p>
        <p className="text-sm text-slate-600">
          {FORMAT_LABELS[file.format]} · {formatBytes(file.bytes)}
          {file.downloads > 0 ? ` · downloaded ${file.downloads} ${file.downloads === 1 ? "time" : "times"}` : ""}
        </p>
      </div>
      {file.overLimit ? (
        <p className="w-full rounded-lg bg-accent-100 p-3 text-sm text-slate-900 sm:w-auto sm:max-w-xs">
          This file has been downloaded many times. For a fresh copy, e-mail{" "}
          <a href={`mailto:${SUPPORT_EMAIL}`} className="font-semibold text-brand-800 underline">
            {SUPPORT_EMAIL}
          </a>{" "}
          and we'll help.
        </p>
      ) : (
        <a
          href={href}
          download
          className="inline-flex min-h-11 items-center gap-2 rounded-lg bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
        >
          <Download aria-hidden="true" className="size-5" />
          Download<span className="sr-only"> {file.title}</span>
        </a>
      )}
    </li>
  );
}

/** Every file an order opens, product by product and grouped as the product card promises. */
export function OrderDownloads({ products, fileHref }: { products: ProductView[]; fileHref: (fileId: string) => string }) {
  return (
    <div className="space-y-8">
      {products.map((product) => (
        <section key={product.productId} aria-labelledby={`product-${product.productId}`}>
          <h3 id={`product-${product.productId}`} className="text-lg font-bold text-slate-900">
            {product.name}
          </h3>
          {product.groups.map((group) => (
            <div key={group.label} className="mt-4">
              <h4 className="text-sm font-semibold tracking-wide text-slate-600 uppercase">{group.label}</h4>
              {group.files.length > 0 ? (
                <ul className="divide-y divide-slate-200">
                  {group.files.map((file) => (
                    <FileRow key={file.id} file={file} href={fileHref(file.id)} />
                  ))}
                </ul>
              ) : (
                <p className="mt-2 flex items-start gap-2 text-slate-700">
                  <Mail aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-700" />
                  <span>
                    {group.note}{" "}
                    <a href={`mailto:${SUPPORT_EMAIL}`} className="font-semibold text-brand-800 underline">
                      {SUPPORT_EMAIL}
                    </a>
                  </span>
                </p>
              )}
            </div>
          ))}
        </section>
      ))}
    </div>
  );
}
