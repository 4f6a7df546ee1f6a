// Page text made safe to place inside the agent's framing, and stripped of secrets. A page cannot
// forge structure: `<` and `>` become ‹ and › (no `<button>` of an indexed line, no `</page>`), and an
// index shape `[12]` becomes ［12］. High-confidence secret shapes (private keys, JWTs, API keys with
// known prefixes, bearer tokens, token-like query values) become typed placeholders, and field values
// that hold a payment card number (Luhn) or an IBAN (mod 97) are hidden whatever their labels say.
// Built on builtins captured at load, so a page patching String or RegExp cannot switch it off.
import { regexExec, stringCharCodeAt, stringSlice } from './intrinsics.js';
import type { PageNode, ShownAttribute } from './page-tree.js';

/**
 * What page text may not carry, in one pattern, one alternative per kind (the first group that
 * matched names it): `<`, `>`, the `[` and the `]` of an index shape `[12]` (its digits stay), then
 * the secret shapes: a private-key block, a JWT, an API key with a known prefix (`sk-` and 20 more
 * covers sk-proj- and sk-ant- keys), an Authorization-style token, and the value of a URL parameter
 * whose name ends in a secret's word (`?token=`, `&api_key=`, `X-Amz-Signature=`: the group keeps
 * the name; a harmless `?sortKey=` loses its value too). No secret starts with `<`, `>`, `[` or a digit, and none ends inside an
 * index shape, so one pass gives what redacting first and neutralising after would.
 */
const UNSAFE =
  /(<)|(>)|(\[)(?=\d+\])|((?<=\[\d+)\])|(-----BEGIN [A-Z0-9 ]*PRIVATE KEY-----[\s\S]*?(?:-----END [A-Z0-9 ]*PRIVATE KEY-----|$))|(\beyJ[\w-]{8,}\.eyJ[\w-]{8,}\.[\w-]{8,})|(\b(?:sk-[\w-]{20,}|[sr]k_(?:live|test)_[A-Za-z0-9]{16,}|gh[pousr]_[A-Za-z0-9]{36,}|github_pat_\w{30,}|xox[abposr]-[A-Za-z0-9-]{10,}|AKIA[0-9A-Z]{16}|AIza[\w-]{35}|glpat-[\w-]{20,}|npm_[A-Za-z0-9]{36}))|\b([Bb]earer|BEARER|[Bb]asic|[Tt]oken)\s+(?!eyJ)[\w.~+/-]{16,}=*|([?&;#][\w-]*?(?:[Tt]oken|[Kk]ey|[Ss]ig(?:nature)?|[Ss]ecret|[Pp]assword|[Aa]uth|[Ss]ession)=)[^&#\s"'<>]+/g;
/** What replaces a match of UNSAFE, by the group that matched. */
const REPLACEMENTS = ['', '‹', '›', '［', '］', '[redacted private key]', '[redacted JWT]', '[redacted API key]', ' [redacted token]', '[redacted]'];
/** The markup part of UNSAFE alone, for `redactSecrets: false` (the same groups). */
const MARKUP = /(<)|(>)|(\[)(?=\d+\])|((?<=\[\d+)\])/g;

/** Page text safe inside the agent's framing: markup characters neutralised, index shapes escaped, secrets redacted (unless `redact` is false). */
export function pageSafe(text: string, redact = true): string {
  const pattern = redact ? UNSAFE : MARKUP;
  pattern.lastIndex = 0;
  let out = '';
  let last = 0;
  for (let match = regexExec(pattern, text); match; match = regexExec(pattern, text)) {
    let kind = 1;
    while (match[kind] === undefined) kind++;
    // A token or a query value keeps its word or key.
    out += stringSlice(text, last, match.index) + (kind > 7 ? match[kind] : '') + REPLACEMENTS[kind];
    last = match.index + match[0].length;
  }
  return out + stringSlice(text, last);
}

/**
 * Whether a field value is a payment card number (13–19 digits passing the Luhn check, spaces or
 * dashes between them) or an IBAN (country letters, check digits and 11–30 letters or digits, spaces
 * between them, valid mod 97).
 */
export function isPaymentValue(value: string): boolean {
  let iban = '';
  let card = '';
  for (let i = 0; i < value.length; i++) {
    const c = value[i]!;
    if (c !== ' ') {
      iban += c;
      if (c !== '-') card += c;
    }
  }
  let sum = 0;
  // Every second digit from the right counts twice (weight 1, 2, 1, …), its digits summed.
  for (let i = card.length - 1, weight = 1; i >= 0; i--, weight ^= 3) {
    const digit = (stringCharCodeAt(card, i) - 48) * weight;
    sum += digit > 9 ? digit - 9 : digit;
  }
  if (regexExec(/^\d{13,19}$/, card)) return sum % 10 === 0;
  if (!regexExec(/^[A-Za-z]{2}\d{2}[^\W_]{11,30}$/, iban)) return false;
  let remainder = 0;
  // Country and check digits move to the end; a letter stands for two digits (A = 10 … Z = 35).
  for (let i = 4; i < iban.length + 4; i++) {
    const code = stringCharCodeAt(iban, i % iban.length) | 32;
    remainder = (code > 96 ? remainder * 100 + code - 87 : remainder * 10 + code - 48) % 97;
  }
  return remainder === 1;
}

/** How a secret field value is shown: that it is filled, never what it holds. */
const HIDDEN_VALUE = '(hidden, filled)';
const MASKED = '[masked]';

/** The text-valued parts of an element node, each shown through pageSafe or as `[masked]`. */
const TEXT_KEYS = ['label', 'fallbackText', 'group'] as const;

/**
 * Makes a page tree safe in place before it is rendered: every text, label and attribute value
 * through pageSafe, secret-shaped field values hidden, and `data-page-agent-mask` subtrees shown as
 * `[masked]` (their elements stay listed, so they can still be clicked or typed into).
 */
export function sanitizeTree(nodes: PageNode[], redact = true, masked = false): void {
  for (let i = 0; i < nodes.length; i++) {
    const node = nodes[i]!;
    if (node.kind === 'text') {
      node.text = masked ? MASKED : pageSafe(node.text, redact);
    } else if (node.kind === 'element') {
      const inMask = masked || node.masked;
      for (let k = 0; k < TEXT_KEYS.length; k++) {
        const text = node[TEXT_KEYS[k]!];
        if (text !== undefined) node[TEXT_KEYS[k]!] = inMask ? MASKED : pageSafe(text, redact);
      }
      const attributes = node.attributes as ShownAttribute[] | undefined;
      // The list is the node's own (listedInfo made it for this node alone): each value is shown in place.
      for (let a = 0; attributes && a < attributes.length; a++) {
        const [name, value] = attributes[a]!;
        if (value !== true) {
          attributes[a] = [
            name,
            // An accessible name is the masked area's text too (a label's words shown on its control's line).
            inMask && (name === 'label' || (name === 'value' && value && value !== HIDDEN_VALUE))
              ? MASKED
              : name === 'value' && redact && isPaymentValue(value)
                ? HIDDEN_VALUE
                : pageSafe(value, redact),
          ];
        }
      }
      if (node.masked && !node.children.length && node.label === undefined) node.children = [{ kind: 'text', text: MASKED }];
      sanitizeTree(node.children, redact, inMask);
    }
  }
}
