// <page-agent-panel>: the Lit element users see. A bar with live status and controls that expands
// into the step list, a task input, inline ask_user and approval boxes, and setup/CSP notices.
// It knows the agent only through PanelAgent (events and public methods).
import { html, nothing, type TemplateResult } from 'lit/html.js';
import { messageOf } from '../base/index.js';
import type { AgentActivity, AgentStepEvent } from '../types.js';
import { AgentController } from './agent-controller.js';
import { PanelBase } from './reactive-element.js';
import { describeAction } from './describe-action.js';
import { DragController } from './drag.js';
import { SheetController } from './sheet.js';
import { createTranslator, type Translate } from './i18n.js';
import type { PanelAgent, PanelConfig } from './types.js';
import { renderApproval, renderNotices, renderQuestion, type PendingApproval, type PendingQuestion } from './requests-and-notices.js';
import { RecentTasks } from './recent-tasks.js';
import { findFinalAnswer, renderEvent, renderFinalAnswer, stepActionText } from './step-list.js';
import { cardStyles } from './card-styles.js';
import { panelStyles } from './styles.js';
import { formatUsage } from './usage.js';

/** The panel element; create it through `Panel`, which defines it and passes the agent in. */
export class PanelElement extends PanelBase {
  static override styles = [panelStyles, cardStyles];

  #agent!: PanelAgent;
  #config!: PanelConfig;
  #t!: Translate;
  #state!: AgentController;
  #drag = new DragController(this);
  #sheet = new SheetController(this);
  #recent!: RecentTasks;
  /** Set by "New conversation": the next task does not continue the earlier ones. */
  #fresh = false;
  #actionTexts = new WeakMap<AgentStepEvent, string>();
  #expanded = false;
  #question: PendingQuestion | null = null;
  #approval: PendingApproval | null = null;
  #blockedOrigin: string | null = null;
  #copied = false;
  #draft = '';
  #message = '';
  /** The endpoint's setup problem (checkSetup), once asked: '' when it can serve. */
  #setup?: string;
  #focusOnNextRender: string | null = null;

  /** Binds the element to an agent; call once, before it is connected. */
  init(agent: PanelAgent, config: PanelConfig = {}): void {
    this.#agent = agent;
    this.#config = config;
    this.#t = createTranslator(config.language);
    this.#recent = new RecentTasks(config.rememberTasks === false ? false : config.recentTasksKey);
    this.#state = new AgentController(this, agent, { t: () => this.#t, describe: config.describeElement, onActivity: this.#onActivity, onRun: this.#onRun });
    this.setAttribute('data-page-agent-ignore', 'true');
    this.setAttribute('lang', config.language === 'zh-CN' ? 'zh-CN' : 'en-US');
    // Keys typed in the panel must not trigger the page's own shortcuts (they would see the host as target).
    for (const type of ['keydown', 'keyup', 'keypress']) this.renderRoot.addEventListener(type, stopKey);
  }

  /** Whether the step list is open. */
  get expanded(): boolean {
    return this.#expanded;
  }

  /** Opens or closes the step list. */
  setExpanded(open: boolean): void {
    this.#expanded = open;
    this.requestUpdate();
  }

  /** Shows a question inline and resolves with the user's answer; rejects with the signal's reason on abort. */
  askUser(question: string, signal?: AbortSignal): Promise<string> {
    return new Promise((resolve, reject) => {
      if (signal?.aborted) return reject(signal.reason);
      const onAbort = () => {
        if (this.#question === pending) this.#question = null;
        this.requestUpdate();
        reject(signal!.reason);
      };
      const pending: PendingQuestion = {
        question,
        resolve: (answer) => {
          signal?.removeEventListener('abort', onAbort);
          this.#question = null;
          this.requestUpdate();
          resolve(answer);
        },
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.#question = pending;
      this.#expanded = true;
      this.#focusOnNextRender = '.answer-input';
      this.hidden = false;
      this.requestUpdate();
    });
  }

  /** Explains that the page's CSP blocks the LLM endpoint at `origin`. */
  showBlocked(origin: string): void {
    this.#blockedOrigin = origin;
    this.hidden = false;
    this.requestUpdate();
  }

  /** Clears the step-list state the panel owns (not the agent's history). */
  reset(): void {
    this.#message = '';
    this.#blockedOrigin = null;
    this.#expanded = false;
    this.#state?.refresh();
    this.requestUpdate();
  }

  /** Moves focus to the task input, when it is shown. */
  focusInput(): void {
    this.#focusOnNextRender = '.task-input';
    this.requestUpdate();
  }

  protected override updated(): void {
    const list = this.renderRoot.querySelector('.steps');
    if (list) list.scrollTop = list.scrollHeight;
    if (this.#focusOnNextRender) {
      const target = this.renderRoot.querySelector<HTMLElement>(this.#focusOnNextRender);
      if (target) {
        this.#focusOnNextRender = null;
        target.focus();
      }
    }
  }

  #onRun = (started: boolean): void => {
    if (started) {
      this.hidden = false;
      this.#message = '';
    } else {
      this.#approval = null;
      this.#expanded = true;
      if (this.#inputShown() && this.matches(':focus-within')) this.#focusOnNextRender = '.task-input';
    }
  };

  /** The core asks for approval through activity; the answer goes back with respondToApproval. */
  #onActivity = (activity: AgentActivity): void => {
    if (activity.type === 'approval') {
      if (typeof this.#agent.respondToApproval !== 'function') return;
      const agent = this.#agent;
      const pending: PendingApproval = {
        text: describeAction(this.#t, activity.tool, activity.input, this.#config.describeElement),
        reason: activity.reason,
        resolve: (decision) => {
          if (this.#approval === pending) this.#approval = null;
          this.requestUpdate();
          agent.respondToApproval!(decision);
        },
      };
      this.#approval = pending;
      this.#expanded = true;
      this.#focusOnNextRender = '.approval';
      this.hidden = false;
    } else if (activity.type === 'executing' && this.#sheet.active(this.#config.elementAt?.((activity.input as { index?: number } | null)?.index)?.getBoundingClientRect())) {
      // On a phone the sheet shrinks to its bar and keeps clear of the element being acted on.
      this.#expanded = false;
      this.requestUpdate();
    } else if (this.#approval && activity.type !== 'paused') {
      // Anything else means the request was settled elsewhere (a stop, or another answer).
      this.#approval = null;
    }
  };

  #inputShown(): boolean {
    const s = this.#state;
    if (s.running) return false;
    return s.history.length === 0 || s.status === 'idle' || this.#config.promptForNextTask !== false;
  }

  #actionText = (event: AgentStepEvent): string => {
    let text = this.#actionTexts.get(event);
    if (text === undefined) {
      text = stepActionText(this.#t, event, this.#config.describeElement);
      this.#actionTexts.set(event, text);
    }
    return text;
  };

  protected override render(): TemplateResult {
    const t = this.#t;
    const s = this.#state;
    const failure = s.failure;
    const answer = s.running ? null : (findFinalAnswer(s.history) ?? (failure ? { text: failure, success: false } : null));
    const usage = formatUsage(t, s.usage, this.#config.pricing);
    const missing = this.#config.missingConfig ?? [];
    const progress = s.progress;
    return html`<section class="panel" aria-label=${t('panelLabel')}>
      ${renderNotices(t, missing, this.#blockedOrigin, this.#setup || this.#message)}
      <ol class="steps" id="steps" ?hidden=${!this.#expanded} aria-label=${t('expand')}>
        ${s.task ? html`<li class="card task"><div class="meta">${t('task')}</div>${s.task}</li>` : html`<li class="empty">${t('empty')}</li>`}
        ${s.history.map((event) => renderEvent({ t, actionText: this.#actionText }, event))}
        ${s.live ? html`<li class="card step"><div class="meta">${t('thinking')}</div>${s.live}</li>` : nothing}
        ${this.#question ? renderQuestion(t, this.#question) : nothing}
        ${this.#approval ? renderApproval(t, this.#approval) : nothing}
        ${answer ? renderFinalAnswer(t, answer, location.href, this.#copied, () => this.#copy(answer.text)) : nothing}
        ${usage ? html`<li class="usage">${usage}</li>` : nothing}
      </ol>
      ${progress ? html`<progress class="progress" max=${progress.max} value=${progress.n}></progress>` : nothing}
      <div
        class="bar ${this.#drag.dragging ? 'dragging' : ''}"
        @pointerdown=${this.#drag.onPointerDown}
        @pointermove=${this.#drag.onPointerMove}
        @pointerup=${this.#onBarPointerUp}
        @pointercancel=${this.#drag.onPointerUp}
      >
        <button type="button" class="grip icon" aria-label=${t('move')} title=${t('move')} @keydown=${this.#drag.onKeyDown}>⠿</button>
        <span class="dot" data-kind=${s.kind} aria-hidden="true"></span>
        <div class="status" role="status" aria-live="polite" aria-atomic="true">${progress ? `${t('stepOf', progress)} · ` : ''}${s.statusText}</div>
        <div class="controls">${this.#renderControls()}</div>
      </div>
      ${this.#inputShown() ? this.#renderInput(missing.length > 0 || !!this.#setup) : nothing}
    </section>`;
  }

  #renderControls(): TemplateResult {
    const t = this.#t;
    const s = this.#state;
    const agent = this.#agent;
    const open = this.#expanded;
    const toggleLabel = t(open ? 'collapse' : 'expand');
    const toggle = html`<button
      type="button"
      class="icon toggle"
      aria-expanded=${String(open)}
      aria-controls="steps"
      aria-label=${toggleLabel}
      title=${toggleLabel}
      @click=${() => this.setExpanded(!open)}
    >${open ? '▾' : '▴'}</button>`;
    if (!s.running) {
      const fresh = s.task ? html`<button type="button" class="icon new" aria-label=${t('newConversation')} title=${t('newConversation')} @click=${this.#newConversation}>＋</button>` : nothing;
      return html`${fresh}${toggle}<button type="button" class="icon close" aria-label=${t('close')} title=${t('close')} @click=${() => agent.dispose()}>✕</button>`;
    }
    const control = s.controlState;
    const canPause = typeof agent.pause === 'function' && typeof agent.resume === 'function';
    const pause = !canPause
      ? nothing
      : control === 'running'
        ? html`<button type="button" class="pause" @click=${this.#pause}>${t('pause')}</button>`
        : html`<button type="button" class="resume primary" @click=${() => agent.resume!()}>${t('resume')}</button>`;
    const takeOver =
      typeof agent.takeOver === 'function' && control !== 'takeover'
        ? html`<button type="button" class="takeover" @click=${() => agent.takeOver!()}>${t('takeOver')}</button>`
        : nothing;
    return html`${pause}${takeOver}<button type="button" class="stop danger" ?disabled=${s.stopping} @click=${this.#stop}>${t('stop')}</button>${toggle}`;
  }

  #renderInput(disabled: boolean): TemplateResult {
    const t = this.#t;
    const rows = Math.min(5, Math.max(1, this.#draft.split('\n').length));
    // The textarea has a template of its own: the build leaves templates with a <textarea> unsqueezed.
    const field = html`<textarea id="task" class="task-input" rows=${rows} maxlength="4000" placeholder=${t('taskPlaceholder')} title=${t('taskHint')} aria-describedby="task-hint" .value=${this.#draft} ?disabled=${disabled} @focus=${this.#checkSetup} @input=${this.#onInput} @keydown=${this.#onTaskKey}></textarea>`;
    return html`<form class="input" @submit=${this.#onSubmit}>
      <label class="sr-only" for="task">${t('task')}</label>
      <span class="sr-only" id="task-hint">${t('taskHint')}</span>
      ${field}
      <button type="submit" class="run primary" ?disabled=${disabled}>${t('run')}</button>
    </form>`;
  }

  #onBarPointerUp = (event: PointerEvent): void => {
    const wasDrag = this.#drag.moved;
    this.#drag.onPointerUp(event);
    const target = event.composedPath()[0] as Element | undefined;
    if (!wasDrag && !target?.closest?.('button, textarea, input, a')) this.setExpanded(!this.#expanded);
  };

  /** Asks once, before the first task, whether the endpoint can serve (a relay without an upstream cannot). */
  #checkSetup = (): void => {
    if (this.#setup !== undefined) return;
    this.#setup = '';
    void this.#config.checkSetup?.().then((problem) => {
      this.#setup = problem ?? '';
      this.requestUpdate();
    });
  };

  #onInput = (event: Event): void => {
    this.#draft = (event.target as HTMLTextAreaElement).value;
    this.#recent.resetCursor();
    this.requestUpdate();
  };

  #onTaskKey = (event: KeyboardEvent): void => {
    const area = event.target as HTMLTextAreaElement;
    if (event.isComposing || event.keyCode === 229) return;
    if (event.key === 'Enter' && !event.shiftKey) {
      event.preventDefault();
      this.#submit();
      return;
    }
    const caret = area.selectionStart ?? 0;
    if (event.key === 'ArrowUp' && !area.value.slice(0, caret).includes('\n')) {
      const text = this.#recent.previous(area.value);
      if (text !== null) this.#setDraft(area, text, event);
    } else if (event.key === 'ArrowDown' && !area.value.slice(area.selectionEnd ?? caret).includes('\n')) {
      const text = this.#recent.next();
      if (text !== null) this.#setDraft(area, text, event);
    } else if (event.key === 'Escape' && this.#expanded) {
      this.setExpanded(false);
    }
  };

  #setDraft(area: HTMLTextAreaElement, text: string, event: Event): void {
    event.preventDefault();
    this.#draft = text;
    area.value = text;
    area.setSelectionRange(text.length, text.length);
    this.requestUpdate();
  }

  #onSubmit = (event: Event): void => {
    event.preventDefault();
    this.#submit();
  };

  #submit(): void {
    const task = this.#draft.trim();
    if (!task || this.#config.missingConfig?.length) return;
    this.#recent.add(task);
    const more = !this.#fresh;
    this.#fresh = false;
    this.#draft = '';
    this.#message = '';
    this.#blockedOrigin = null;
    this.requestUpdate();
    Promise.resolve()
      .then(() => this.#agent.execute(task, { continue: more }))
      .catch((error: unknown) => {
        this.#message = messageOf(error);
        this.requestUpdate();
      });
  }

  /** The next task starts a new conversation (the model reads no earlier tasks); the list is cleared. */
  #newConversation = (): void => {
    this.#fresh = true;
    this.#state.task = '';
    this.#state.history = [];
    this.requestUpdate();
  };

  #pause = (): void => {
    this.#state.markPausing();
    this.#agent.pause!();
  };

  #stop = (): void => {
    this.#state.markStopping();
    void Promise.resolve(this.#agent.stop()).catch(() => undefined);
  };

  #copy(text: string): void {
    const done = () => {
      this.#copied = true;
      this.requestUpdate();
      setTimeout(() => {
        this.#copied = false;
        this.requestUpdate();
      }, 2000);
    };
    const fallback = () => {
      const area = document.createElement('textarea');
      area.value = text;
      this.renderRoot.appendChild(area);
      area.select();
      try {
        if (document.execCommand('copy')) done();
      } finally {
        area.remove();
      }
    };
    if (navigator.clipboard?.writeText) navigator.clipboard.writeText(text).then(done, fallback);
    else fallback();
  }
}

function stopKey(event: Event): void {
  event.stopPropagation();
}
