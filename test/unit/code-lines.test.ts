// The measure the issue tracker's ceiling is held against: lines that hold code, not blanks and
// comments, in the three kinds of file src/ has.
import { codeLinesOf } from '../../bench/code-lines';

it('counts a TypeScript line only when code stands on it', () => {
  const text = [
    '// a comment',
    '',
    '/* a block',
    '   comment */',
    'const url = "https://example.com"; // code before a comment',
    '/** a doc */ const b = 1;',
    'const re = /[/*]+\\//g;',
    'const t = `line one',
    '// inside a template, so code',
    '$' + '{url /* no end of line */}`;',
    '   /* only */ /* comments */',
  ].join('\n');
  expect(codeLinesOf(text, '.ts')).toBe(6);
});

it('counts CSS and HTML lines outside their comments', () => {
  expect(codeLinesOf('/* head */\n.a {\n  color: red; /* why */\n}\n', '.css')).toBe(3);
  expect(codeLinesOf('<!-- a\n comment -->\n<div>\n</div>\n', '.html')).toBe(2);
});
