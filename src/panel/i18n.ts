// Every string the panel shows, in en-US and zh-CN, and the lookup with {placeholder} filling.
// Knows nothing of the agent: callers pass plain values.
import type { SupportedLanguage } from '../types.js';

const EN = {
  ready: 'Ready',
  thinking: 'Thinking…',
  askingUser: 'Waiting for your answer',
  retrying: 'Retrying {attempt}/{max}',
  awaitingApproval: 'Waiting for your approval',
  pausing: 'Pausing after this step…',
  paused: 'Paused',
  takenOver: 'You have control; press Resume when done',
  completed: 'Task completed',
  failed: 'Task failed',
  stopped: 'Task stopped',
  errored: 'Task ended with an error',
  stopping: 'Stopping…',
  stepOf: 'Step {n} of {max}',
  // Controls
  run: 'Run',
  stop: 'Stop',
  pause: 'Pause',
  resume: 'Resume',
  takeOver: 'Take over',
  expand: 'Show steps',
  collapse: 'Hide steps',
  close: 'Close',
  newConversation: 'New conversation',
  copy: 'Copy',
  copied: 'Copied',
  allow: 'Allow',
  deny: 'Deny',
  send: 'Send',
  move: 'Move panel (arrow keys)',
  panelLabel: 'Page agent',
  // Input
  taskPlaceholder: 'Describe a task; Enter to run',
  taskHint: 'Enter runs the task, Shift+Enter adds a line, Arrow Up and Down recall recent tasks.',
  answerPlaceholder: 'Your answer; Enter sends',
  notePlaceholder: 'Optional note to the agent',
  noteLabel: 'Note',
  // Step list
  task: 'Task',
  step: 'Step {n}',
  goal: 'Goal',
  result: 'Result',
  observation: 'Observation',
  retry: 'Retry {attempt}/{max}',
  error: 'Error',
  userTakeover: 'You took over and handed control back',
  question: 'Question',
  answer: 'Answer',
  finalAnswer: 'Answer',
  finalFailed: 'Could not finish',
  answerCut: 'This answer is long: the panel shows its beginning. Copy takes the whole answer.',
  empty: 'No steps yet. Type a task below.',
  approvalTitle: 'Allow this action?',
  approvalReason: 'Why: {reason}',
  // Action descriptions
  actClick: 'Click {target}',
  actType: 'Type “{text}” into {target}',
  actSelect: 'Select “{text}” in {target}',
  actScroll: 'Scroll {direction}',
  actScrollIn: 'Scroll {direction} in {target}',
  actWait: 'Wait {seconds} s',
  actAsk: 'Ask: {question}',
  actDone: 'Finish',
  actKey: 'Press {key}',
  actHover: 'Hover over {target}',
  actScript: 'Run a script',
  down: 'down',
  up: 'up',
  left: 'left',
  right: 'right',
  pages: '{n} page(s)',
  pixels: '{n} px',
  // Step results (facts the page showed after an action, and why one did not happen)
  resForm: 'Form submitted',
  resNavigate: 'Opening another page',
  resDialog: 'Dialog opened: {s}',
  resClosed: 'Dialog closed',
  resState: 'Now {s}',
  resShows: 'The field shows “{s}”',
  resText: 'Now reads “{s}”',
  whyDisabled: 'Not done: it is disabled',
  whyCovered: 'Not done: something covers it',
  whyHidden: 'Not done: it is not visible',
  whyGone: 'Not done: the page changed and the element is gone',
  // Usage
  usage: 'Tokens: {prompt} in · {completion} out',
  cost: '≈ {cost}',
  // Setup and CSP
  setupTitle: 'Set up the agent',
  setupBody:
    'No model endpoint is configured. Add data-base-url and data-model to the script tag (or pass baseURL and model to new PageAgent()), then reload.',
  setupMissing: 'Missing: {fields}',
  cspTitle: 'Blocked by the page’s Content-Security-Policy',
  cspBody: 'This page’s connect-src does not allow requests to {origin}, so the agent cannot reach its model.',
  cspFix: 'Fix: add {origin} to connect-src, or set baseURL to an LLM relay proxy on an origin the policy already allows (see the README, “relay”).',
} as const;

/** A key of the panel's string table. */
export type MessageKey = keyof typeof EN;

/** Every key, for tests that check both tables are complete. */
export const MESSAGE_KEYS = Object.keys(EN) as MessageKey[];

// zh-CN, one line per key in the order of EN (a table of values only: its keys would ship twice).
const ZH_LINES = `
准备就绪
正在思考…
等待你的回答
正在重试 {attempt}/{max}
等待你的批准
本步完成后暂停…
已暂停
你已接管；完成后点“继续”
任务完成
任务失败
任务已终止
任务出错结束
正在终止…
第 {n}/{max} 步
运行
终止
暂停
继续
接管
展开步骤
收起步骤
关闭
新对话
复制
已复制
允许
拒绝
发送
移动面板（方向键）
页面智能体
描述任务，回车运行
回车运行任务，Shift+回车换行，上下方向键调出最近的任务。
你的回答；回车发送
给智能体的备注（可选）
备注
任务
步骤 {n}
目标
结果
观察
重试 {attempt}/{max}
错误
你接管了页面并交还了控制
提问
回答
结果
未能完成
回答较长：面板只显示开头部分。“复制”会复制完整回答。
还没有步骤。在下方输入任务。
允许此操作吗？
原因：{reason}
点击 {target}
向 {target} 输入“{text}”
在 {target} 中选择“{text}”
向{direction}滚动
在 {target} 中向{direction}滚动
等待 {seconds} 秒
提问：{question}
结束任务
按下 {key}
悬停于 {target}
运行脚本
下
上
左
右
{n} 页
{n} 像素
表单已提交
正在打开另一个页面
对话框已打开：{s}
对话框已关闭
现在：{s}
输入框显示“{s}”
现在显示“{s}”
未完成：元素已禁用
未完成：被其他元素遮挡
未完成：元素不可见
未完成：页面已变化，元素已不在
令牌：输入 {prompt} · 输出 {completion}
≈ {cost}
配置智能体
尚未配置模型接口。请在 script 标签上加 data-base-url 和 data-model（或给 new PageAgent() 传入 baseURL 和 model），然后刷新页面。
缺少：{fields}
被页面的内容安全策略（CSP）拦截
此页面的 connect-src 不允许访问 {origin}，智能体无法连接模型。
解决：把 {origin} 加入 connect-src，或把 baseURL 指向策略已允许的源上的 LLM 中继代理（见 README 的“relay”）。`;

const ZH = Object.fromEntries(ZH_LINES.slice(1).split('\n').map((text, i) => [MESSAGE_KEYS[i], text])) as Record<MessageKey, string>;

const TABLES: Record<SupportedLanguage, Record<MessageKey, string>> = { 'en-US': EN, 'zh-CN': ZH };

/** A translate function bound to one language. */
export type Translate = (key: MessageKey, params?: Record<string, string | number>) => string;

/** Normalises any language tag to a supported one (`zh`, `zh-Hans` → zh-CN; anything else → en-US). */
export function resolveLanguage(language: string | undefined): SupportedLanguage {
  return language && /^zh\b/i.test(language) ? 'zh-CN' : 'en-US';
}

/** Returns the translate function for a language; unknown placeholders are left as written. */
export function createTranslator(language: string | undefined): Translate {
  const table = TABLES[resolveLanguage(language)];
  return (key, params) => {
    const text = table[key] ?? EN[key] ?? key;
    if (!params) return text;
    return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
  };
}

/** The raw tables, for completeness tests. */
export const MESSAGE_TABLES: Readonly<Record<SupportedLanguage, Readonly<Record<MessageKey, string>>>> = TABLES;
