// The markdown fuzz set: for every construct the panel's answer renderer knows, a long input made of
// that construct repeated, unclosed or nested, the shapes that made a backtracking parser quadratic.
// Shared by the bench (time in Chromium) and the unit test (shape of the result).

/** `text` repeated to exactly `size` characters. */
function repeat(text, size) {
  return text.repeat(Math.ceil(size / text.length)).slice(0, size);
}

/** [name, source] pairs of `size` characters each (about). */
export function markdownFuzzSet(size) {
  return [
    ['unclosed strong', repeat('**a ', size)],
    ['unclosed em', repeat('*a ', size)],
    ['unclosed underscore', repeat('_a ', size)],
    ['unclosed strike', repeat('~~a ', size)],
    ['code spans', repeat('`a` ', size)],
    ['unmatched backticks', repeat('``a `', size)],
    ['unclosed link text', repeat('[a', size)],
    ['unclosed link target', repeat('[a](', size)],
    ['unclosed link title', repeat('[a](b "', size)],
    ['unclosed angle link', repeat('<https://a', size)],
    ['bare URLs', repeat('https://a.test/', size)],
    ['backslashes', repeat('\\', size)],
    ['heading of words', `# ${repeat('a ', size)}b`],
    ['heading of spaces', `# a${' '.repeat(size)}b`],
    ['wide table', `|${repeat('a|', size / 3)}\n|${repeat('-|', size / 3)}\n|${repeat('b|', size / 3)}`],
    ['long table', `| a | b |\n|---|---|\n${repeat('| x | y |\n', size)}`],
    ['list items', repeat('- a\n', size)],
    ['nested lists', repeat(Array.from({ length: 40 }, (_, i) => `${' '.repeat(i)}- a`).join('\n') + '\n', size)],
    ['quote markers', repeat('> ', size)],
    ['quoted lines', repeat('> a\n', size)],
    ['fences', repeat('```\n', size)],
    ['rules', repeat('- ', size)],
    ['lines', repeat('a\n', size)],
    ['mixed', repeat('**_`[a](<~~ ', size)],
  ];
}
