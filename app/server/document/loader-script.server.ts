import { BOOT_ID } from "~/lib/first-paint";

/** The loader: after the first contentful paint, start the page's scripts, preload the modules and run the bootstrap. */
export function loaderScript(preloads: string[], scripts: string[]): string {
  const json = (list: string[]) => JSON.stringify(list).replaceAll("<", "\\u003c");
  // Short tasks only (a few preloads each, then the bootstrap): nothing that blocks input for long.
  return `(function(){var p=${json(preloads)},c=${json(scripts)},d=document,s=0;function n(){c.splice(0).forEach(function(h){var e=d.createElement("script");e.src=h;d.head.appendChild(e)});if(p.length){p.splice(0,4).forEach(function(h){var l=d.createElement("link");l.rel="modulepreload";l.href=h;d.head.appendChild(l)});return setTimeout(n,0)}var o=d.getElementById("${BOOT_ID}"),m=d.createElement("script");m.type="module";m.nonce=o.nonce;m.textContent=o.textContent;d.body.appendChild(m)}function b(){if(!s){s=1;n()}}function a(){setTimeout(b,0)}setTimeout(b,3000);try{if(PerformanceObserver.supportedEntryTypes.indexOf("paint")>=0){new PerformanceObserver(function(l){if(l.getEntriesByName("first-contentful-paint").length)a()}).observe({type:"paint",buffered:true});return}}catch(e){}requestAnimationFrame(a)})()`;
}
