// PanelBase, the LitElement subset the panel renders with: batched renders after connection,
// updateComplete, controller lifecycle, recovery after a failed render, adopted styles.
import { afterEach, describe, expect, it } from 'vitest';
import { html } from 'lit/html.js';
import { css, PanelBase } from '../../../src/panel/reactive-element.js';

const sheet = css`.x{color:red}`;

class TestElement extends PanelBase {
  static override styles = [sheet];
  renders = 0;
  text = 'a';
  fail = false;
  calls: string[] = [];
  protected override willUpdate(): void {
    this.calls.push('willUpdate');
  }
  protected override render() {
    this.renders++;
    if (this.fail) throw new Error('render failed');
    return html`<p @click=${this.onClick}>${this.text}</p>`;
  }
  protected override updated(): void {
    this.calls.push('updated');
  }
  onClick(this: unknown): void {
    (this as TestElement).calls.push(this instanceof TestElement ? 'click on host' : 'click elsewhere');
  }
}
customElements.define('test-panel-base', TestElement);

const made: TestElement[] = [];
function make(): TestElement {
  const element = document.createElement('test-panel-base') as TestElement;
  made.push(element);
  return element;
}

afterEach(() => {
  for (const element of made.splice(0)) element.remove();
});

describe('PanelBase', () => {
  it('renders into its shadow root only once connected, then once per batch of requests', async () => {
    const element = make();
    element.requestUpdate();
    await Promise.resolve();
    expect(element.renders).toBe(0);
    document.body.appendChild(element);
    await element.updateComplete;
    expect(element.renders).toBe(1);
    expect(element.renderRoot.querySelector('p')!.textContent).toBe('a');
    element.text = 'b';
    element.requestUpdate();
    element.requestUpdate();
    expect(await element.updateComplete).toBe(true);
    expect(element.renders).toBe(2);
    expect(element.renderRoot.querySelector('p')!.textContent).toBe('b');
    expect(element.calls).toEqual(['willUpdate', 'updated', 'willUpdate', 'updated']);
  });

  it('calls event listeners with the host as this', async () => {
    const element = make();
    document.body.appendChild(element);
    await element.updateComplete;
    element.renderRoot.querySelector('p')!.click();
    expect(element.calls).toContain('click on host');
  });

  it('tells controllers when the host connects and disconnects, and around each render', async () => {
    const element = make();
    const seen: string[] = [];
    element.addController({
      hostConnected: () => seen.push('connected'),
      hostDisconnected: () => seen.push('disconnected'),
      hostUpdate: () => seen.push('update'),
      hostUpdated: () => seen.push('updated'),
    });
    document.body.appendChild(element);
    await element.updateComplete;
    element.remove();
    expect(seen).toEqual(['connected', 'update', 'updated', 'disconnected']);
  });

  it('renders again after a render threw', async () => {
    const element = make();
    element.fail = true;
    document.body.appendChild(element);
    await expect(element.updateComplete).rejects.toThrow('render failed');
    element.fail = false;
    element.requestUpdate();
    await element.updateComplete;
    expect(element.renderRoot.querySelector('p')).not.toBeNull();
  });

  it('adopts its stylesheets in the shadow root', () => {
    const element = make();
    expect(element.renderRoot.adoptedStyleSheets).toEqual([sheet.styleSheet]);
    expect(sheet.cssText).toBe('.x{color:red}');
  });
});
