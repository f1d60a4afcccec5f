/**
 * `import href from "~/browser/<name>.ts?page-script&url"`: the address of that module bundled
 * into one small classic script, to write into a page with <InlineScript> (scripts/build/page-scripts.ts).
 */
declare module "*?page-script&url" {
  const href: string;
  export default href;
}
