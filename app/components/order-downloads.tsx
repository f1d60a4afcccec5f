import { ChevronDown, Download, FileArchive, FileSpreadsheet, FileText, Mail } from "lucide-react";
import { SupportEmail } from "~/components/support-email";
import { FORMAT_LABELS, formatBytes, type FileView, type ProductView } from "~/lib/order-files";

const ICONS = { pdf: FileText, docx: FileText, xlsx: FileSpreadsheet, zip: FileArchive } as const;

const downloadClass =
  "inline-flex min-h-11 items-center gap-2 rounded-lg bg-brand-700 px-4 py-2 font-bold text-white hover:bg-brand-800 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-700";

const supportLink = <SupportEmail className="font-bold text-brand-800 underline" />;

/** One thing to download: a single file, or the same document in several forms (Word and PDF). */
function ItemRow({ files, fileHref }: { files: FileView[]; fileHref: (fileId: string) => string }) {
  const first = files[0]!;
  const Icon = ICONS[first.format];
  const single = files.length === 1 && !first.variant;
  const downloaded = files.reduce((n, f) => n + f.downloads, 0);
  return (
    <li className="flex flex-wrap items-center gap-x-3 gap-y-2 py-3">
      <Icon aria-hidden="true" className="size-6 shrink-0 text-brand-700" />
      <div className="min-w-0 flex-1">
        <p className="text-slate-900">{first.title}</p>
        {single ? (
          <p className="text-sm text-slate-600">
            {FORMAT_LABELS[first.format]} · {formatBytes(first.bytes)}
            {downloaded > 0 ? ` · downloaded ${downloaded} ${downloaded === 1 ? "time" : "times"}` : ""}
          </p>
        ) : null}
      </div>
      <div className="flex w-full flex-wrap gap-2 sm:w-auto">
        {files.map((file) =>
          file.overLimit ? (
            <p key={file.id} id={`file-${file.id}`} className="w-full rounded-lg bg-accent-100 p-3 text-sm text-slate-900 sm:max-w-xs">
              {file.variant ? `${file.variant}: ` : ""}this file has been downloaded many times. For a fresh copy, e-mail {supportLink} and
              we'll help.
            </p>
          ) : (
            <a key={file.id} id={`file-${file.id}`} href={fileHref(file.id)} download className={downloadClass}>
              <Download aria-hidden="true" className="size-5" />
              {single ? (
                <>
                  Download<span className="sr-only"> {file.title}</span>
                </>
              ) : (
                <>
                  <span className="sr-only">
                    Download {file.title}
                    {file.variant ? `, ${file.variant}` : ""}:{" "}
                  </span>
                  {FORMAT_LABELS[file.format]} <span className="text-sm font-normal opacity-90">{formatBytes(file.bytes)}</span>
                </>
              )}
            </a>
          ),
        )}
      </div>
    </li>
  );
}

/** Consecutive files with one title are one item in several forms. */
function items(files: FileView[]): FileView[][] {
  const out: FileView[][] = [];
  for (const file of files) {
    const last = out.at(-1);
    if (last && last[0]!.title === file.title) last.push(file);
    else out.push([file]);
  }
  return out;
}

/** The product's files in one zip; not offered once a file in it has reached the soft limit (that file's row says why). */
function DownloadAll({ product, href }: { product: ProductView; href: string }) {
  const files = product.groups.flatMap((g) => g.files);
  if (files.length === 0 || files.some((f) => f.overLimit)) return null;
  const bytes = files.reduce((n, f) => n + f.bytes, 0);
  return (
    <p className="mt-3">
      <a href={href} download className={downloadClass}>
        <FileArchive aria-hidden="true" className="size-5" />
        <span className="whitespace-nowrap">Download all (zip)</span>
        <span className="sr-only"> for the {product.name},</span>
        <span className="text-sm font-normal opacity-90">
          {files.length === 1 ? "1 file" : `${files.length} files`}, {formatBytes(bytes)}
        </span>
      </a>
    </p>
  );
}

/**
 * Every file an order opens, product by product: first the product as one zip, then its files in
 * the groups the product card promises, each group folded (55 buttons in one column were 8,800 px
 * on a phone). A group holding a file past the soft limit starts open, so its note is seen; a
 * link to a file's anchor (#file-...) opens its group too (Chromium opens a <details> it targets).
 */
export function OrderDownloads({
  products,
  fileHref,
  zipHref,
}: {
  products: ProductView[];
  fileHref: (fileId: string) => string;
  zipHref: (productId: ProductView["productId"]) => string;
}) {
  return (
    <div className="space-y-8">
      {products.map((product) => (
        <section key={product.productId} aria-labelledby={`product-${product.productId}`}>
          <h3 id={`product-${product.productId}`} className="text-lg font-bold text-slate-900">
            {product.name}
          </h3>
          <DownloadAll product={product} href={zipHref(product.productId)} />
          {product.groups.length === 0 ? (
            // A product sold before its files were uploaded (decision 072): they appear here, at this address, once they are.
            <p className="mt-3 text-slate-700">
              No files to download yet: they will be here, at this same address, as soon as they are added.
            </p>
          ) : (
            <div className="mt-4 divide-y divide-slate-200 border-y border-slate-200">
              {product.groups.map((group) =>
                group.files.length > 0 ? (
                  <details key={group.label} className="group" open={group.files.some((f) => f.overLimit)}>
                    <summary className="flex min-h-11 cursor-pointer list-none items-center gap-3 py-2 text-slate-900 hover:text-brand-800 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-700 [&::-webkit-details-marker]:hidden">
                      <span className="flex-1 font-bold">{group.label}</span>
                      <span className="text-sm text-slate-600">{group.files.length === 1 ? "1 file" : `${group.files.length} files`}</span>
                      <ChevronDown
                        aria-hidden="true"
                        className="size-5 shrink-0 text-slate-600 transition-transform group-open:rotate-180"
                      />
                    </summary>
                    <ul className="divide-y divide-slate-200 pb-2">
                      {items(group.files).map((same) => (
                        <ItemRow key={same[0]!.id} files={same} fileHref={fileHref} />
                      ))}
                    </ul>
                  </details>
                ) : (
                  <p key={group.label} className="flex items-start gap-2 py-3 text-slate-700">
                    <Mail aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-700" />
                    <span>
                      <span className="font-bold text-slate-900">{group.label}:</span> {group.note} {supportLink}
                    </span>
                  </p>
                ),
              )}
            </div>
          )}
        </section>
      ))}
    </div>
  );
}
