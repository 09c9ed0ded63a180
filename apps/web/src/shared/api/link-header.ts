/**
 * Parses an HTTP Link header (RFC 8288) into a map of relation → URL, e.g.
 * `</api/albumsDb?cursor=abc>; rel="next"` → { next: '/api/albumsDb?cursor=abc' }.
 * A link with several relations (rel="next last") is listed under each; the first link wins.
 */
export function parseLinkHeader(header: string | null | undefined): Record<string, string> {
  const links: Record<string, string> = {};
  if (!header) return links;
  // Each link is "<url>" followed by its parameters, up to the next "<".
  const linkPattern = /<([^>]*)>([^<]*)/g;
  for (const match of header.matchAll(linkPattern)) {
    const url = match[1]?.trim();
    const params = match[2] ?? '';
    const rel = /;\s*rel\s*=\s*(?:"([^"]*)"|([^;,\s]+))/i.exec(params);
    const relations = (rel?.[1] ?? rel?.[2] ?? '').trim().toLowerCase();
    if (!url || !relations) continue;
    for (const relation of relations.split(/\s+/)) {
      if (!(relation in links)) links[relation] = url;
    }
  }
  return links;
}

/** The address of the next page, from a Link header, or null on the last page. */
export function nextPageUrl(header: string | null | undefined): string | null {
  return parseLinkHeader(header).next ?? null;
}
