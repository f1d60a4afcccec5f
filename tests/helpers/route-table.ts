/**
 * The site's real route table (app/routes.ts and each module's action and handle), as the
 * production server hands it to the protections and the page cache from its build (server/app.ts).
 */
import routeConfig from "~/routes";
import type { ProtectionOptions } from "../../server/protections";
import { routeMatcher } from "../../server/route-match";

export async function realRouteMatcher(): Promise<NonNullable<ProtectionOptions["route"]>> {
  type Entry = { id?: string; file: string; path?: string; index?: boolean; children?: Entry[] };
  const manifest: Record<string, unknown> = { root: { id: "root", path: "", module: await import("~/root") } };
  const add = async (entries: Entry[], parentId: string) => {
    for (const entry of entries) {
      const id = entry.id ?? entry.file.replace(/\.tsx?$/, "");
      const module = (await import(/* @vite-ignore */ `${process.cwd()}/app/${entry.file}`)) as object;
      manifest[id] = { id, parentId, path: entry.path, index: entry.index, module };
      if (entry.children) await add(entry.children, id);
    }
  };
  await add(routeConfig as Entry[], "root");
  return routeMatcher(manifest as never);
}
