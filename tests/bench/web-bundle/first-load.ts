export type FirstLoadScript = { href: string; kind: 'script' | 'modulepreload' };

const attribute = (tag: string, name: string) =>
  new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i').exec(tag)?.slice(1).find(Boolean);

/**
 * What a built index.html makes the browser fetch at once: `<script src>` and `<link rel="modulepreload">`
 * in document order, each file once; and the stylesheets it links.
 */
export function firstLoadFiles(html: string): { scripts: FirstLoadScript[]; stylesheets: string[] } {
  const scripts: FirstLoadScript[] = [];
  const stylesheets: string[] = [];
  for (const [tag] of html.matchAll(/<(?:script|link)\b[^>]*>/gi)) {
    const isScript = /^<script/i.test(tag);
    const href = attribute(tag, isScript ? 'src' : 'href');
    if (!href || scripts.some((s) => s.href === href)) continue;
    const rel = attribute(tag, 'rel')?.toLowerCase();
    if (isScript) scripts.push({ href, kind: 'script' });
    else if (rel === 'modulepreload') scripts.push({ href, kind: 'modulepreload' });
    else if (rel === 'stylesheet') stylesheets.push(href);
  }
  return { scripts, stylesheets };
}
