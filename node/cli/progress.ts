// Progress of a run on stderr: one line per step, and a spinner while the model thinks when stderr is
// a terminal (plain lines otherwise, for CI logs). Listens to the agent's public events only.
import type { AgentActivity, PageAgentCore } from 'drop-in-page-agent';

/** Where progress goes: a writable stream such as process.stderr. */
export interface ProgressStream {
  write(text: string): unknown;
  isTTY?: boolean;
}

const FRAMES = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];
const MAX_OUTPUT = 160;

/** One line of text, cut to `max` characters. */
export function oneLine(text: string, max = MAX_OUTPUT): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/** Renders an action as `name {json}` without the braces for empty input. */
export function describeCall(tool: string, input: unknown): string {
  const args = input && typeof input === 'object' && Object.keys(input).length > 0 ? ` ${JSON.stringify(input)}` : '';
  return `${tool}${args}`;
}

/** Follows an agent's activity and prints it; `stop()` clears the spinner. */
export class ProgressPrinter {
  #step = 0;
  #timer: ReturnType<typeof setInterval> | undefined;
  #frame = 0;
  #spinning = '';

  constructor(
    readonly stream: ProgressStream,
    readonly prefix = '',
  ) {}

  /** Subscribes to the agent's `activity` events; steps count from 1 again. */
  follow(agent: PageAgentCore): void {
    this.#step = 0;
    agent.addEventListener('activity', (event) => this.#on((event as CustomEvent<AgentActivity>).detail));
  }

  /** Prints a line of its own (clearing the spinner first). */
  line(text: string): void {
    this.#clear();
    this.stream.write(`${this.prefix}${text}\n`);
    if (this.#spinning) this.#draw();
  }

  /** Stops the spinner. */
  stop(): void {
    this.#spin('');
  }

  #on(activity: AgentActivity): void {
    switch (activity.type) {
      case 'thinking':
        this.#step++;
        this.#spin(`step ${this.#step}: thinking`);
        break;
      case 'streaming':
        this.#spin(`step ${this.#step}: ${oneLine(activity.text, 100)}`);
        break;
      case 'executing':
        this.#spin(`step ${this.#step}: ${oneLine(describeCall(activity.tool, activity.input), 100)}`);
        break;
      case 'executed':
        this.#spin('');
        this.line(`step ${this.#step}: ${oneLine(describeCall(activity.tool, activity.input), 100)} → ${oneLine(activity.output)}`);
        break;
      case 'retrying':
        this.line(`step ${this.#step}: retrying the model call (${activity.attempt} of ${activity.maxAttempts})`);
        break;
      case 'error':
        this.#spin('');
        this.line(`error: ${oneLine(activity.message, 300)}`);
        break;
      default:
        break;
    }
  }

  #spin(text: string): void {
    if (!this.stream.isTTY) return;
    this.#clear();
    this.#spinning = text;
    if (!text) {
      clearInterval(this.#timer);
      this.#timer = undefined;
      return;
    }
    this.#draw();
    this.#timer ??= setInterval(() => {
      this.#frame = (this.#frame + 1) % FRAMES.length;
      this.#clear();
      this.#draw();
    }, 80);
    this.#timer.unref?.();
  }

  #draw(): void {
    this.stream.write(`${this.prefix}${FRAMES[this.#frame]} ${this.#spinning}`);
  }

  #clear(): void {
    if (this.stream.isTTY && this.#spinning) this.stream.write('\r\x1b[2K');
  }
}
