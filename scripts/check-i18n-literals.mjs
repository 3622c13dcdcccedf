// The web app's texts a person reads go through the translation layer (decision 062): `npm run lint` fails on an
// English literal written straight into the markup, which `lingui check` cannot see (it reads only marked messages).
// It looks at the .tsx files of apps/web/src (tests aside) for
//   - JSX text with a word in it (`<p>Booking not found</p>`),
//   - a string literal in JSX with a word in it (`{'Processing…'}`, `{ok ? 'Done' : 'Failed'}`),
//   - a shown attribute given a string with a word in it (`aria-label="Close"`, `title="…"`, `label="…"`),
//   - a toast's text given as a string (`notify.success('Saved')`).
// A literal marked `/*i18n*/` is a catalog key its component shows through `i18n.known`.
// A text that is no one's to read in a language (a placeholder's date pattern, a brand, a CSS class) is named in
// ALLOWED below, or has `i18n-literal-ok` in a comment on its line or the line before.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

const ROOT = new URL('..', import.meta.url).pathname;
const WEB = join(ROOT, 'apps/web/src');

/** Attributes whose text is shown or spoken. */
const SHOWN = /^(aria-label|aria-description|aria-roledescription|aria-valuetext|title|alt|placeholder|label|description|intro|heading|caption|hint|message|error|empty|[a-z]+(Label|Text|Title|Message))$/;

/** Texts with letters that are not words of a language. */
const ALLOWED = new Set(['YYYY-MM', 'MM / YY', 'StayBook', 'Leaflet', 'OpenStreetMap', 'CSV', 'iCal']);

/** A word: two letters in a row. */
const WORD = /\p{L}{2}/u;

function files(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return files(path);
    return entry.name.endsWith('.tsx') && !entry.name.endsWith('.test.tsx') ? [path] : [];
  });
}

const found = [];
for (const file of files(WEB)) {
  const text = readFileSync(file, 'utf8');
  const lines = text.split('\n');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const report = (node, literal) => {
    const words = literal.trim();
    if (/\/\*i18n\*\/\s*$/.test(text.slice(node.getFullStart(), node.getStart(source)))) return;
    if (!WORD.test(words) || ALLOWED.has(words)) return;
    const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
    if (/i18n-literal-ok/.test(lines[line] ?? '') || /i18n-literal-ok/.test(lines[line - 1] ?? '')) return;
    found.push(`${relative(ROOT, file)}:${line + 1}: ${JSON.stringify(words)}`);
  };
  /** A string literal shown as it is: the expression itself, or a branch of a condition or `??`/`||`. */
  const shownLiterals = (node) => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) report(node, node.text);
    else if (ts.isTemplateExpression(node)) report(node, [node.head.text, ...node.templateSpans.map((span) => span.literal.text)].join(' '));
    else if (ts.isConditionalExpression(node)) [node.whenTrue, node.whenFalse].forEach(shownLiterals);
    else if (ts.isBinaryExpression(node) && [ts.SyntaxKind.QuestionQuestionToken, ts.SyntaxKind.BarBarToken, ts.SyntaxKind.AmpersandAmpersandToken].includes(node.operatorToken.kind)) shownLiterals(node.right);
    else if (ts.isParenthesizedExpression(node)) shownLiterals(node.expression);
  };
  const visit = (node) => {
    if (ts.isJsxText(node)) report(node, node.text);
    else if (ts.isJsxExpression(node) && node.expression && (ts.isJsxElement(node.parent) || ts.isJsxFragment(node.parent))) shownLiterals(node.expression);
    else if (ts.isJsxAttribute(node) && node.initializer && SHOWN.test(node.name.getText(source))) {
      if (ts.isStringLiteral(node.initializer)) report(node, node.initializer.text);
      else if (ts.isJsxExpression(node.initializer) && node.initializer.expression) shownLiterals(node.initializer.expression);
    }
    else if (ts.isCallExpression(node) && /^notify\.(success|error|info|loading)$/.test(node.expression.getText(source)) && node.arguments[0]) shownLiterals(node.arguments[0]);
    ts.forEachChild(node, visit);
  };
  visit(source);
}

if (found.length > 0) {
  console.error(`English written straight into the web app's markup (write it through i18n.t, decision 062):\n${found.join('\n')}`);
  process.exit(1);
}
console.log('PASS literals: every text in the markup goes through the translation layer.');
