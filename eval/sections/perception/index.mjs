// Section `perception` (issue #11): can a model find every control by the words a person would use,
// on plain HTML and on real component libraries?
import { tasks as antd } from './antd.mjs';
import { tasks as elementPlus } from './element-plus.mjs';
import { tasks as mui } from './mui.mjs';
import { tasks as native } from './native.mjs';
import { tasks as radix } from './radix.mjs';

export const name = 'perception';
export const description = 'Controls found by the words a person would use: native patterns and component libraries.';
export const tasks = [...native, ...antd, ...elementPlus, ...mui, ...radix];
