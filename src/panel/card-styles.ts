// Styles of the step-list cards and of the Markdown in the final answer (a second constructable
// stylesheet beside styles.ts, which owns the host, the bar and the controls).
// .line, .label and .result occur only in step cards and .md only in the answer card, so their
// rules need no card qualifier (.action does: the approval card has one too). Likewise the Markdown
// elements (p, pre, a, table, …) occur nowhere else; only ol (the step list is one) and ul beside it
// keep .md, and so does `.md pre code`, which must outrank `.card code`.
import { css } from './reactive-element.js';

/** Styles for cards (task, step, observation, retry, error, take-over, ask, approval, answer, notices) and Markdown. */
export const cardStyles = css`
  .card {
    padding: 7px 9px;
    border-radius: 8px;
    background: var(--pa-card);
    border-left: 3px solid var(--pa-line);
    overflow-wrap: anywhere;
  }
  .card .meta {
    font-size: 11px;
    color: var(--pa-muted);
    margin-bottom: 2px;
    display: flex;
    justify-content: space-between;
    gap: 8px;
  }
  .card.task {
    border-left-color: var(--pa-accent);
    white-space: pre-wrap;
  }
  .line {
    display: block;
  }
  .label {
    color: var(--pa-muted);
    margin-right: 4px;
  }
  .step .action {
    font-weight: 600;
  }
  .result.failed {
    color: var(--pa-bad);
  }
  .card.observation {
    border-left-color: var(--pa-note);
  }
  .card.error {
    border-left-color: var(--pa-bad);
    color: var(--pa-bad);
  }
  .card.retry,
  .card.takeover,
  .card.ask,
  .card.approval {
    border-left-color: var(--pa-warn);
  }
  .card.ask,
  .card.approval {
    display: flex;
    flex-direction: column;
    gap: 6px;
  }
  .card.answer {
    border-left-color: var(--pa-ok);
  }
  .card.answer.failed {
    border-left-color: var(--pa-bad);
  }
  .card.answer .cut {
    font-style: italic;
    color: var(--pa-muted);
  }
  .card.notice {
    margin: 8px;
    border-left-color: var(--pa-warn);
  }
  .card.notice strong {
    display: block;
  }
  .card code {
    font: 12px/1.4 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace;
    background: var(--pa-bg);
    border-radius: 4px;
    padding: 0 3px;
  }
  .md > :first-child {
    margin-top: 0;
  }
  .md > :last-child {
    margin-bottom: 0;
  }
  p,
  .md ul,
  .md ol,
  pre,
  blockquote,
  .md .md-table {
    margin: 0 0 6px;
  }
  .md ul,
  .md ol {
    padding-left: 20px;
  }
  li > p {
    margin: 0;
  }
  h3,
  h4,
  h5 {
    margin: 6px 0 4px;
    font-size: 14px;
  }
  h5 {
    font-size: 13px;
  }
  pre {
    overflow-x: auto;
    padding: 6px;
    background: var(--pa-bg);
    border-radius: 6px;
  }
  .md pre code {
    padding: 0;
  }
  blockquote {
    padding-left: 8px;
    border-left: 3px solid var(--pa-line);
    color: var(--pa-muted);
  }
  a {
    color: var(--pa-accent);
  }
  .md-table {
    overflow-x: auto;
  }
  table {
    border-collapse: collapse;
    font-size: 12px;
  }
  th,
  td {
    border: 1px solid var(--pa-line);
    padding: 2px 6px;
  }
  [data-align=center] {
    text-align: center;
  }
  [data-align=right] {
    text-align: right;
  }
  hr {
    border: 0;
    border-top: 1px solid var(--pa-line);
  }
`;
