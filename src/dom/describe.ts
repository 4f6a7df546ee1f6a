// A short one-line description of any element, for messages to the model ("covered by <div
// class=cookie-banner>We use cookies…"). Reads attributes and rendered text; not for hot paths.

const MAX_TEXT = 40;
const ATTRIBUTES = ['id', 'role', 'type', 'name', 'aria-label', 'placeholder', 'title', 'href', 'class'] as const;

/** Collapses whitespace and cuts text to `max` characters with an ellipsis. */
export function clip(text: string, max = MAX_TEXT): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/** Describes an element as `<tag attr=value …>text`, with at most three attributes and clipped text. */
export function describeElement(element: Element): string {
  const tag = element.localName;
  const parts: string[] = [tag];
  for (const name of ATTRIBUTES) {
    if (parts.length > 3) break;
    const value = element.getAttribute(name);
    if (!value) continue;
    const shown = name === 'class' ? value.trim().split(/\s+/).slice(0, 2).join(' ') : value;
    parts.push(`${name}=${clip(shown, 30)}`);
  }
  const text = clip((element as HTMLElement).innerText ?? element.textContent ?? '');
  return `<${parts.join(' ')}>${text}`;
}
