// Watches for Content-Security-Policy violations that block the LLM endpoint (connect-src),
// so the panel can say what is blocked and how to fix it instead of showing a bare network error.

/** Calls `onBlocked(origin)` when the page's CSP blocks a request to `endpoint`'s origin; returns the unsubscribe. */
export function watchConnectBlocks(doc: Document, endpoint: string | undefined, onBlocked: (origin: string) => void): () => void {
  let expected: string | null = null;
  try {
    expected = endpoint ? new URL(endpoint, doc.baseURI).origin : null;
  } catch {
    expected = null;
  }
  const listener = (event: SecurityPolicyViolationEvent) => {
    const directive = event.effectiveDirective || event.violatedDirective || '';
    if (!/^(connect-src|default-src)/.test(directive)) return;
    let origin: string;
    try {
      origin = new URL(event.blockedURI, doc.baseURI).origin;
    } catch {
      return;
    }
    if (expected && origin !== expected) return;
    onBlocked(origin);
  };
  doc.addEventListener('securitypolicyviolation', listener);
  return () => doc.removeEventListener('securitypolicyviolation', listener);
}
