// Page text made safe to place inside the agent's framing, and stripped of secrets. A page cannot
// forge structure: `<` and `>` become ‹ and › (no `<button>` of an indexed line, no `</page>`), and an
// index shape `[12]` becomes ［12］. High-confidence secret shapes (private keys, JWTs, API keys with
// known prefixes, bearer tokens, token-like query values) become typed placeholders, and field values
// that hold a payment card number (Luhn) or an IBAN (mod 97) are hidden whatever their labels say.
// Built on builtins captured at load, so a page patching String or RegExp cannot switch it off.
import { regexExec, stringCharCodeAt, stringSlice } from './intrinsics.js';
import type { PageNode, ShownAttribute } from './page-tree.js';

/**
 * Every secret shape in one pattern, one alternative per kind (the first group that matched names
 * it): a private-key block, a JWT, an API key with a known prefix, an Authorization-style token, and
 * a token-like query value (the group keeps `?token=`).
 */
const SECRET =
  /(-----BEGIN [A-Z0-9 ]*PRIVATE KEY-----(?:[\s\S]*?-----END [A-Z0-9 ]*PRIVATE KEY-----|[\s\S]*$))|(\beyJ[\w-]{8,}\.eyJ[\w-]{8,}\.[\w-]{8,})|(\b(?:sk-(?:proj-|ant-[a-z0-9]+-)?[A-Za-z0-9_-]{20,}|[sr]k_(?:live|test)_[A-Za-z0-9]{16,}|gh[pousr]_[A-Za-z0-9]{36,}|github_pat_\w{30,}|xox[abposr]-[A-Za-z0-9-]{10,}|AKIA[0-9A-Z]{16}|AIza[\w-]{35}|glpat-[\w-]{20,}|npm_[A-Za-z0-9]{36}))|\b([Bb]earer|BEARER|[Bb]asic|[Tt]oken)\s+(?!eyJ)[A-Za-z0-9._~+/-]{16,}=*|([?&;#](?:access_token|refresh_token|id_token|token|api_?key|apiKey|key|sig|signature|secret|password|auth|session)=)[^&#\s"'<>]+/g;
const PLACEHOLDERS = ['', '[redacted private key]', '[redacted JWT]', '[redacted API key]'];

/** `text` with every secret shape replaced by its typed placeholder. */
function redactSecrets(text: string): string {
  SECRET.lastIndex = 0;
  let out = '';
  let last = 0;
  for (let match = regexExec(SECRET, text); match; match = regexExec(SECRET, text)) {
    out += stringSlice(text, last, match.index);
    if (match[4] !== undefined) out += match[4] + ' [redacted token]';
    else if (match[5] !== undefined) out += match[5] + '[redacted]';
    else out += PLACEHOLDERS[match[1] !== undefined ? 1 : match[2] !== undefined ? 2 : 3];
    last = match.index + match[0].length;
  }
  return last === 0 ? text : out + stringSlice(text, last);
}

/** Page text safe inside the agent's framing: markup characters neutralised, index shapes escaped, secrets redacted (unless `redact` is false). */
export function pageSafe(text: string, redact = true): string {
  const source = redact ? redactSecrets(text) : text;
  let out = '';
  let last = 0;
  for (let i = 0; i < source.length; i++) {
    const code = stringCharCodeAt(source, i);
    if (code === 60 || code === 62) {
      out += stringSlice(source, last, i) + (code === 60 ? '‹' : '›');
      last = i + 1;
    } else if (code === 91) {
      // `[digits]` → `［digits］`: an index shape the model could take for one of ours.
      let j = i + 1;
      while (j < source.length && stringCharCodeAt(source, j) >= 48 && stringCharCodeAt(source, j) <= 57) j++;
      if (j > i + 1 && stringCharCodeAt(source, j) === 93) {
        out += stringSlice(source, last, i) + '［' + stringSlice(source, i + 1, j) + '］';
        last = j + 1;
        i = j;
      }
    }
  }
  return last === 0 ? source : out + stringSlice(source, last);
}

/** Whether 13–19 digits (spaces or dashes between them) pass the Luhn check of payment card numbers. */
export function isCardNumber(value: string): boolean {
  let sum = 0;
  let count = 0;
  for (let i = value.length - 1; i >= 0; i--) {
    const code = stringCharCodeAt(value, i);
    if (code === 32 || code === 45) continue;
    if (code < 48 || code > 57) return false;
    let digit = code - 48;
    if (count++ % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return count >= 13 && count <= 19 && sum % 10 === 0;
}

/** Whether a value is an IBAN: country letters, check digits and 11–30 letters or digits, valid mod 97. */
export function isIban(value: string): boolean {
  let compact = '';
  for (let i = 0; i < value.length; i++) {
    const code = stringCharCodeAt(value, i);
    if (code !== 32) compact += value[i];
  }
  if (!regexExec(/^[A-Za-z]{2}\d{2}[A-Za-z0-9]{11,30}$/, compact)) return false;
  const rearranged = stringSlice(compact, 4) + stringSlice(compact, 0, 4);
  let remainder = 0;
  for (let i = 0; i < rearranged.length; i++) {
    const code = stringCharCodeAt(rearranged, i) | 32;
    const part = code >= 97 ? `${code - 87}` : rearranged[i]!;
    for (let j = 0; j < part.length; j++) remainder = (remainder * 10 + (stringCharCodeAt(part, j) - 48)) % 97;
  }
  return remainder === 1;
}

/** How a secret field value is shown: that it is filled, never what it holds. */
const HIDDEN_VALUE = '(hidden, filled)';
const MASKED = '[masked]';

function safeAttributes(attributes: readonly ShownAttribute[], masked: boolean, redact: boolean): ShownAttribute[] {
  const out: ShownAttribute[] = [];
  for (let i = 0; i < attributes.length; i++) {
    const [name, value] = attributes[i]!;
    if (value === true) out[out.length] = attributes[i]!;
    else if (name === 'value' && value && value !== HIDDEN_VALUE && (masked || (redact && (isCardNumber(value) || isIban(value))))) out[out.length] = [name, masked ? MASKED : HIDDEN_VALUE];
    // An accessible name is the masked area's text too (a label's words shown on its control's line).
    else if (name === 'label' && masked) out[out.length] = [name, MASKED];
    else out[out.length] = [name, pageSafe(value, redact)];
  }
  return out;
}

/**
 * Makes a page tree safe in place before it is rendered: every text, label and attribute value
 * through pageSafe, secret-shaped field values hidden, and `data-page-agent-mask` subtrees shown as
 * `[masked]` (their elements stay listed, so they can still be clicked or typed into).
 */
export function sanitizeTree(nodes: PageNode[], redact = true, masked = false): void {
  for (let i = 0; i < nodes.length; i++) {
    const node = nodes[i]!;
    if (node.kind === 'text') {
      nodes[i] = { kind: 'text', text: masked ? MASKED : pageSafe(node.text, redact) };
    } else if (node.kind === 'element') {
      const inMask = masked || node.masked === true;
      if (node.label !== undefined) node.label = inMask ? MASKED : pageSafe(node.label, redact);
      if (node.fallbackText !== undefined) node.fallbackText = inMask ? MASKED : pageSafe(node.fallbackText, redact);
      if (node.group !== undefined) node.group = inMask ? MASKED : pageSafe(node.group, redact);
      if (node.attributes) node.attributes = safeAttributes(node.attributes, inMask, redact);
      if (node.masked && !node.children.length && node.label === undefined) node.children = [{ kind: 'text', text: MASKED }];
      sanitizeTree(node.children, redact, inMask);
    }
  }
}
