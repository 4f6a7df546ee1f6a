// The panel's string tables: complete in both languages, with the same placeholders.
import { describe, expect, it } from 'vitest';
import { MESSAGE_KEYS, MESSAGE_TABLES, createTranslator, resolveLanguage } from '../../../src/panel/i18n.js';

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('i18n', () => {
  it('has every key translated in zh-CN with the same placeholders', () => {
    for (const key of MESSAGE_KEYS) {
      const zh = MESSAGE_TABLES['zh-CN'][key];
      expect(zh, key).toBeTruthy();
      expect(placeholders(zh), key).toEqual(placeholders(MESSAGE_TABLES['en-US'][key]));
    }
    expect(Object.keys(MESSAGE_TABLES['zh-CN']).sort()).toEqual([...MESSAGE_KEYS].sort());
  });

  it('keeps the zh-CN lines aligned with the keys', () => {
    const zh = MESSAGE_TABLES['zh-CN'];
    expect([zh.ready, zh.run, zh.task, zh.answer, zh.finalAnswer, zh.actScript, zh.right, zh.cspFix.slice(0, 3)]).toEqual([
      '准备就绪', '运行', '任务', '回答', '结果', '运行脚本', '右', '解决：',
    ]);
  });

  it('fills placeholders and leaves unknown ones as written', () => {
    const t = createTranslator('en-US');
    expect(t('retrying', { attempt: 1, max: 2 })).toBe('Retrying 1/2');
    expect(t('retrying', { attempt: 1 })).toBe('Retrying 1/{max}');
  });

  it('maps language tags to supported languages', () => {
    expect(resolveLanguage('zh')).toBe('zh-CN');
    expect(resolveLanguage('zh-Hans')).toBe('zh-CN');
    expect(resolveLanguage('fr-FR')).toBe('en-US');
    expect(createTranslator('zh-CN')('stop')).toBe('终止');
  });
});
