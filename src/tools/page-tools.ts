// Built-in tools that act on the page through the controller: click, type, select, scroll, keys, hover.
// Names and arguments follow page-agent 1.x; scroll_to_text, press_key and hover_element are ours, added beside them.
import * as s from '../schema/index.js';
import { resultText, unsupported, type PageAgentTool, type ToolHost } from './tool.js';

// An index is s.int() with no minimum: every token of the schema is paid each step, and the controller
// already answers an index it never issued (negative ones included) with the indexes that do exist.

/** The built-in page actions by model-facing name, in the order the model sees them. */
export const PAGE_TOOLS = {
  /** Clicks the element with this index. */
  click_element_by_index: {
    description: 'Click an element.',
    inputSchema: s.object({ index: s.int() }),
    async execute(this: ToolHost, input, { signal }) {
      return resultText(await this.pageController.clickElement(input.index, signal));
    },
  } satisfies PageAgentTool<{ index: number }>,
  /** Replaces the value of a text field, typing it key by key as a keyboard does. */
  input_text: {
    description: 'Replace the text of an input field (typed key by key).',
    inputSchema: s.object({ index: s.int(), text: s.string() }),
    async execute(this: ToolHost, input, { signal }) {
      return resultText(await this.pageController.inputText(input.index, input.text, { signal }));
    },
  } satisfies PageAgentTool<{ index: number; text: string }>,
  /** Chooses an option of a dropdown by its visible text. */
  select_dropdown_option: {
    description: 'Choose a dropdown option by its visible text.',
    inputSchema: s.object({ index: s.int(), text: s.string() }),
    async execute(this: ToolHost, input, { signal }) {
      return resultText(await this.pageController.selectOption(input.index, input.text, signal));
    },
  } satisfies PageAgentTool<{ index: number; text: string }>,
  /** Scrolls the page, or the container with `index`, vertically. */
  scroll: {
    description: 'Scroll vertically by num_pages pages or by pixels; with index, scroll that container.',
    inputSchema: s.object({
      down: s.withDefault(s.boolean(), true),
      num_pages: s.withDefault(s.number({ minimum: 0, maximum: 10 }), 1),
      pixels: s.optional(s.int()),
      index: s.optional(s.int()),
    }),
    async execute(this: ToolHost, input, { signal }) {
      const { down, num_pages, pixels, index: at } = input;
      return resultText(await this.pageController.scroll({ down, numPages: num_pages, pixels, index: at, signal }));
    },
  } satisfies PageAgentTool<{ down: boolean; num_pages: number; pixels?: number; index?: number }>,
  /** Scrolls the page, or the container with `index`, horizontally. */
  scroll_horizontally: {
    description: 'Scroll horizontally by pixels; with index, scroll that container.',
    inputSchema: s.object({
      right: s.withDefault(s.boolean(), true),
      pixels: s.int(),
      index: s.optional(s.int()),
    }),
    async execute(this: ToolHost, input, { signal }) {
      return resultText(await this.pageController.scrollHorizontally({ ...input, signal }));
    },
  } satisfies PageAgentTool<{ right: boolean; pixels: number; index?: number }>,
  /** Finds visible text anywhere in the page and scrolls it into view (Ctrl+F). */
  scroll_to_text: {
    description: 'Find text anywhere on the page, listed or not, and scroll to it; nth: which match (default 1).',
    inputSchema: s.object({ text: s.string(), nth: s.optional(s.int()) }),
    async execute(this: ToolHost, input, { signal }) {
      const controller = this.pageController;
      if (!controller.scrollToText) return unsupported('scroll_to_text');
      return resultText(await controller.scrollToText(input.text, input.nth, signal));
    },
  } satisfies PageAgentTool<{ text: string; nth?: number }>,
  /** Presses a key or combination on the focused element, or on `index`. */
  press_key: {
    description: 'Press a key or combination (Enter, Escape, Tab, ArrowDown, Control+a) on the focused element or on index.',
    inputSchema: s.object({ key: s.string(), index: s.optional(s.int()) }),
    async execute(this: ToolHost, input) {
      const controller = this.pageController;
      if (!controller.pressKey) return unsupported('press_key');
      return resultText(await controller.pressKey(input.key, input.index));
    },
  } satisfies PageAgentTool<{ key: string; index?: number }>,
  /** Moves the pointer over an element, for menus and tooltips that open on hover. */
  hover_element: {
    description: 'Move the pointer over an element (menus that open on hover).',
    inputSchema: s.object({ index: s.int() }),
    async execute(this: ToolHost, input) {
      const controller = this.pageController;
      if (!controller.hoverElement) return unsupported('hover_element');
      return resultText(await controller.hoverElement(input.index));
    },
  } satisfies PageAgentTool<{ index: number }>,
};
