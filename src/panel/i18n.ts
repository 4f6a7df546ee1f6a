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
  // Controls
  run: 'Run',
  stop: 'Stop',
  pause: 'Pause',
  resume: 'Resume',
  takeOver: 'Take over',
  expand: 'Show steps',
  collapse: 'Hide steps',
  close: 'Close',
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
  taskLabel: 'Task',
  answerPlaceholder: 'Your answer; Enter sends',
  answerLabel: 'Answer',
  notePlaceholder: 'Optional note to the agent',
  noteLabel: 'Note',
  // Step list
  task: 'Task',
  step: 'Step {n}',
  evaluation: 'Check',
  memory: 'Memory',
  goal: 'Goal',
  action: 'Action',
  result: 'Result',
  observation: 'Observation',
  retry: 'Retry {attempt}/{max}',
  error: 'Error',
  userTakeover: 'You took over and handed control back',
  question: 'Question',
  answer: 'Answer',
  finalAnswer: 'Answer',
  finalFailed: 'Could not finish',
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

const ZH: Record<MessageKey, string> = {
  ready: '准备就绪',
  thinking: '正在思考…',
  askingUser: '等待你的回答',
  retrying: '正在重试 {attempt}/{max}',
  awaitingApproval: '等待你的批准',
  pausing: '本步完成后暂停…',
  paused: '已暂停',
  takenOver: '你已接管；完成后点“继续”',
  completed: '任务完成',
  failed: '任务失败',
  stopped: '任务已终止',
  errored: '任务出错结束',
  stopping: '正在终止…',
  run: '运行',
  stop: '终止',
  pause: '暂停',
  resume: '继续',
  takeOver: '接管',
  expand: '展开步骤',
  collapse: '收起步骤',
  close: '关闭',
  copy: '复制',
  copied: '已复制',
  allow: '允许',
  deny: '拒绝',
  send: '发送',
  move: '移动面板（方向键）',
  panelLabel: '页面智能体',
  taskPlaceholder: '描述任务，回车运行',
  taskHint: '回车运行任务，Shift+回车换行，上下方向键调出最近的任务。',
  taskLabel: '任务',
  answerPlaceholder: '你的回答；回车发送',
  answerLabel: '回答',
  notePlaceholder: '给智能体的备注（可选）',
  noteLabel: '备注',
  task: '任务',
  step: '步骤 {n}',
  evaluation: '评估',
  memory: '记忆',
  goal: '目标',
  action: '操作',
  result: '结果',
  observation: '观察',
  retry: '重试 {attempt}/{max}',
  error: '错误',
  userTakeover: '你接管了页面并交还了控制',
  question: '提问',
  answer: '回答',
  finalAnswer: '结果',
  finalFailed: '未能完成',
  empty: '还没有步骤。在下方输入任务。',
  approvalTitle: '允许此操作吗？',
  approvalReason: '原因：{reason}',
  actClick: '点击 {target}',
  actType: '向 {target} 输入“{text}”',
  actSelect: '在 {target} 中选择“{text}”',
  actScroll: '向{direction}滚动',
  actScrollIn: '在 {target} 中向{direction}滚动',
  actWait: '等待 {seconds} 秒',
  actAsk: '提问：{question}',
  actDone: '结束任务',
  actKey: '按下 {key}',
  actHover: '悬停于 {target}',
  actScript: '运行脚本',
  down: '下',
  up: '上',
  left: '左',
  right: '右',
  pages: '{n} 页',
  pixels: '{n} 像素',
  usage: '令牌：输入 {prompt} · 输出 {completion}',
  cost: '≈ {cost}',
  setupTitle: '配置智能体',
  setupBody: '尚未配置模型接口。请在 script 标签上加 data-base-url 和 data-model（或给 new PageAgent() 传入 baseURL 和 model），然后刷新页面。',
  setupMissing: '缺少：{fields}',
  cspTitle: '被页面的内容安全策略（CSP）拦截',
  cspBody: '此页面的 connect-src 不允许访问 {origin}，智能体无法连接模型。',
  cspFix: '解决：把 {origin} 加入 connect-src，或把 baseURL 指向策略已允许的源上的 LLM 中继代理（见 README 的“relay”）。',
};

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

/** Every key, for tests that check both tables are complete. */
export const MESSAGE_KEYS = Object.keys(EN) as MessageKey[];

/** The raw tables, for completeness tests. */
export const MESSAGE_TABLES: Readonly<Record<SupportedLanguage, Readonly<Record<MessageKey, string>>>> = TABLES;
