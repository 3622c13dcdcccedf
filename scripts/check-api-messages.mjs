// The API's refusals reach a page in its language (decision 062): the API answers English, which the web app writes
// in the page's language, and `npm run lint` fails on an error message it could not. It looks at the .ts files of
// apps/api/src (tests and the test helpers aside) for the message of every error answer a person can read:
//   `new BadRequestError(message…)`, `ConflictError`, `NotFoundError`, `ForbiddenError`, `UnauthorizedError`,
//   `new AppError(status, code, message…)`, `new CardError(status, declineCode, message…)`, `errorBody(code, message…)`,
// and fails on
//   - a sentence built around a value (a template literal with a word in it, `This room has ${n} stays.`): the page
//     cannot find it in its catalog; write it with a domain function from facts the answer carries beside it
//     (`refusalText`, `calendarRefusalText`) and answer those facts;
//   - an English literal the web app's catalog does not know (mark it `/*i18n*/` where it is written, which puts it in
//     the catalog, from which `i18n.known` shows it), given straight or as a constant of the same file.
// A message written by a function (`refusalText(facts)`), or a constant imported from the domain, is that code's own
// to translate. A message no page shows (an operator's) has `i18n-literal-ok` in a comment on its line or the one before.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const ROOT = new URL('..', import.meta.url).pathname;
const API = join(ROOT, 'apps/api/src');

/** The errors an answer is built from, and which argument is its message. */
const MESSAGE_ARGUMENT = {
  BadRequestError: 0,
  ConflictError: 0,
  NotFoundError: 0,
  ForbiddenError: 0,
  UnauthorizedError: 0,
  AppError: 2,
  CardError: 2,
  errorBody: 1,
};

/** A word: two letters in a row. */
const WORD = /\p{L}{2}/u;

function files(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' ? [] : files(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

/**
 * The problems of one file's error messages, each as 'file:line: why: code'. `catalog` holds the English the web
 * app's catalog knows (its msgids).
 */
export function apiMessageProblems(file, text, catalog) {
  if (!Object.keys(MESSAGE_ARGUMENT).some((name) => text.includes(name))) return [];
  const found = [];
  const lines = text.split('\n');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const marked = (node) => /\/\*i18n\*\/\s*$/.test(text.slice(node.getFullStart(), node.getStart(source)));
  const lineOf = (node) => source.getLineAndCharacterOfPosition(node.getStart(source)).line;
  const excused = (node) => {
    const line = lineOf(node);
    return /i18n-literal-ok/.test(lines[line] ?? '') || /i18n-literal-ok/.test(lines[line - 1] ?? '');
  };
  const report = (node, why) => found.push(`${file}:${lineOf(node) + 1}: ${why}: ${node.getText(source).slice(0, 100)}`);

  /** The file's own constants: name → their declarations' initializers, in the file's order. */
  const constants = new Map();
  const collect = (node) => {
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer && ts.isVariableDeclarationList(node.parent) && node.parent.flags & ts.NodeFlags.Const) {
      constants.set(node.name.text, [...(constants.get(node.name.text) ?? []), node.initializer]);
    }
    ts.forEachChild(node, collect);
  };
  collect(source);
  /** The constant a name means where it is used: the nearest declaration before it (a module's, or the function's own). */
  const constantAt = (identifier) => (constants.get(identifier.text) ?? []).filter((value) => value.getStart(source) < identifier.getStart(source)).at(-1) ?? constants.get(identifier.text)?.[0];

  /** Checks a message expression; `seen` keeps a constant from being followed twice. */
  const check = (expression, at, seen = new Set()) => {
    if (ts.isParenthesizedExpression(expression)) return check(expression.expression, at, seen);
    if (ts.isConditionalExpression(expression)) return [expression.whenTrue, expression.whenFalse].forEach((branch) => check(branch, at, seen));
    if (ts.isBinaryExpression(expression) && [ts.SyntaxKind.QuestionQuestionToken, ts.SyntaxKind.BarBarToken].includes(expression.operatorToken.kind)) {
      return [expression.left, expression.right].forEach((side) => check(side, at, seen));
    }
    if (ts.isTemplateExpression(expression)) {
      // `${field}: ${message}` or `from: ${message}`: the field's name before a message the field carries, checked itself.
      const [span] = expression.templateSpans;
      if (expression.templateSpans.length === 1 && span.literal.text === '' && /^(\w+: )?$/.test(expression.head.text)) return check(span.expression, at, seen);
      if (expression.templateSpans.length === 2 && expression.head.text === '' && expression.templateSpans[0].literal.text === ': ' && expression.templateSpans[1].literal.text === '') {
        return check(expression.templateSpans[1].expression, at, seen);
      }
      const words = [expression.head.text, ...expression.templateSpans.map((span) => span.literal.text)].join(' ');
      if (WORD.test(words) && !excused(at)) report(at, 'a sentence around a value (answer its facts, write it with a domain function)');
      return;
    }
    if (ts.isStringLiteral(expression) || ts.isNoSubstitutionTemplateLiteral(expression)) {
      if (WORD.test(expression.text) && !catalog.has(expression.text) && !excused(at)) {
        report(at, marked(expression) ? 'marked /*i18n*/ but not in the catalog (is the file extracted?)' : 'an English message not in the catalog (mark it /*i18n*/)');
      }
      return;
    }
    if (ts.isIdentifier(expression) && constants.has(expression.text) && !seen.has(expression.text)) {
      seen.add(expression.text);
      const value = constantAt(expression);
      // A constant function's message (`() => 'Sentence.'`) is its body's.
      const body = ts.isArrowFunction(value) && !ts.isBlock(value.body) ? value.body : value;
      return check(body, at, seen);
    }
  };

  const visit = (node) => {
    const callee = ts.isNewExpression(node) || ts.isCallExpression(node) ? node.expression : null;
    if (callee && ts.isIdentifier(callee) && Object.hasOwn(MESSAGE_ARGUMENT, callee.text)) {
      // `errorBody` is called, the errors are made with `new`.
      if ((callee.text === 'errorBody') === ts.isCallExpression(node)) {
        const message = node.arguments?.[MESSAGE_ARGUMENT[callee.text]];
        if (message) check(message, node);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** The English the web app's catalog knows (its msgids): what `i18n.known` finds. */
function catalogOf(po) {
  return new Set([...po.matchAll(/^msgid "((?:[^"\\]|\\.)*)"$/gm)].map((match) => JSON.parse(`"${match[1]}"`)));
}

function main() {
  const catalog = catalogOf(readFileSync(join(ROOT, 'apps/web/src/locales/en/messages.po'), 'utf8'));
  const found = files(API).flatMap((file) => apiMessageProblems(relative(ROOT, file), readFileSync(file, 'utf8'), catalog));
  if (found.length > 0) {
    console.error(`API error messages a page cannot write in its language (decision 062):\n${found.join('\n')}`);
    process.exit(1);
  }
  console.log('PASS api messages: every refusal the API answers is in the catalog or written from its facts.');
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) main();
